import type React from 'react';
import { Button as AriaButton, Dialog, Popover } from 'react-aria-components';
import { REACTION_TYPES, type ReactionType } from '../../../api/constants';
import type { TriggerParts } from '../../overlays/OverlayTrigger';
import { REACTION_LOOK, ReactionImage } from './ReactionImage';
import { TriggerContexts } from '../../overlays/TriggerContexts';

/** The popover of the six reactions beside a post's reaction button: its own chunk, fetched on the first open. */
export function ReactionPicker({
  parts,
  mine,
  onChoose,
}: {
  parts: TriggerParts;
  mine: ReactionType | null;
  onChoose: (reaction: ReactionType) => void;
}) {
  return (
    <TriggerContexts parts={parts}>
      <Popover
        placement="top start"
        className="rounded-full border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
      >
        <Dialog aria-label="Reactions" className="flex gap-1 outline-none">
          {({ close }) => (
            <>
              {REACTION_TYPES.map((type) => (
                <AriaButton
                  key={type}
                  aria-label={REACTION_LOOK[type].label}
                  aria-pressed={mine === type}
                  onPress={() => {
                    onChoose(type);
                    close();
                  }}
                  className={
                    'inline-flex size-10 cursor-pointer items-center justify-center rounded-full outline-none transition-transform ' +
                    'data-[hovered]:scale-110 motion-reduce:transition-none ' +
                    (mine === type ? 'bg-neutral-100 ring-2 ring-[var(--reaction)] ring-inset dark:bg-neutral-800' : '')
                  }
                  style={mine === type ? ({ '--reaction': REACTION_LOOK[type].color } as React.CSSProperties) : undefined}
                >
                  <ReactionImage type={type} size={30} />
                </AriaButton>
              ))}
            </>
          )}
        </Dialog>
      </Popover>
    </TriggerContexts>
  );
}
