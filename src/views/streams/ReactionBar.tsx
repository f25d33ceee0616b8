import { SmilePlus } from 'lucide-react';
import type React from 'react';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { REACTION_COLORS, REACTION_TYPES, type ReactionType } from '../../api/constants';
import { shortenNumber } from '../../api/numbers';
import type { ReactionCounts } from '../../api/posts';

export const REACTION_EMOJI: Record<ReactionType, string> = {
  like: '👍',
  love: '❤️',
  angry: '😠',
  happy: '😄',
  sad: '😢',
  wow: '😮',
};
export const REACTION_LABEL: Record<ReactionType, string> = {
  like: 'Like',
  love: 'Love',
  angry: 'Angry',
  happy: 'Happy',
  sad: 'Sad',
  wow: 'Wow',
};

export const totalOf = (counts: ReactionCounts) => REACTION_TYPES.reduce((sum, type) => sum + counts[type], 0);

/** The counts above 0, aggregated per type, with their spec colours; opens the reactions modal. */
export function ReactionSummary({ counts, onOpen }: { counts: ReactionCounts; onOpen: () => void }) {
  const shown = REACTION_TYPES.filter((type) => counts[type] > 0);
  if (shown.length === 0) return null;
  const total = totalOf(counts);
  return (
    <AriaButton
      onPress={onOpen}
      aria-label={`${total} reaction${total === 1 ? '' : 's'}: ${shown.map((t) => `${counts[t]} ${t}`).join(', ')}. Show who reacted`}
      className="inline-flex cursor-pointer items-center gap-2 rounded-full px-2 py-1 text-sm text-neutral-600 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[hovered]:bg-neutral-100 dark:text-neutral-300 dark:data-[hovered]:bg-neutral-800"
    >
      <span className="flex -space-x-1" aria-hidden="true">
        {shown.map((type) => (
          <span
            key={type}
            data-reaction={type}
            className="inline-flex size-6 items-center justify-center rounded-full border-2 border-white text-xs dark:border-neutral-900"
            style={{ backgroundColor: REACTION_COLORS[type] }}
          >
            {REACTION_EMOJI[type]}
          </span>
        ))}
      </span>
      <span data-testid="reactions-total">{String(shortenNumber(total))}</span>
    </AriaButton>
  );
}

/**
 * The member's reaction control: the current one highlighted (in its colour); pressing it
 * removes it; the picker offers all six.
 */
export function ReactionPicker({
  mine,
  onChoose,
  isBusy,
}: {
  mine: ReactionType | null;
  onChoose: (reaction: ReactionType) => void;
  isBusy?: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      <AriaButton
        onPress={() => onChoose(mine ?? 'like')}
        aria-pressed={mine !== null}
        aria-label={mine ? `Your reaction: ${REACTION_LABEL[mine]}. Remove it` : 'Like'}
        data-mine={mine ?? undefined}
        className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-[var(--ink)] outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[hovered]:bg-neutral-100 dark:text-[var(--ink-dark)] dark:data-[hovered]:bg-neutral-800"
        style={mine ? ({ '--ink': READABLE[mine], '--ink-dark': REACTION_COLORS[mine] } as React.CSSProperties) : undefined}
      >
        <span aria-hidden="true">{mine ? REACTION_EMOJI[mine] : '👍'}</span>
        <span className={mine ? '' : 'text-neutral-700 dark:text-neutral-200'}>{mine ? REACTION_LABEL[mine] : 'Like'}</span>
        {isBusy ? <span className="sr-only">(saving)</span> : null}
      </AriaButton>
      <DialogTrigger>
        <AriaButton
          aria-label="Choose a reaction"
          className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-neutral-700 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[hovered]:bg-neutral-100 dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800"
        >
          <SmilePlus aria-hidden="true" size={18} />
        </AriaButton>
        <Popover placement="top start" className="rounded-full border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900">
          <Dialog aria-label="Reactions" className="flex gap-1 outline-none">
            {({ close }) => (
              <>
                {REACTION_TYPES.map((type) => (
                  <AriaButton
                    key={type}
                    aria-label={REACTION_LABEL[type]}
                    aria-pressed={mine === type}
                    onPress={() => {
                      onChoose(type);
                      close();
                    }}
                    className="inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-xl outline-none transition-transform data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[hovered]:scale-110 motion-reduce:transition-none"
                    style={mine === type ? { boxShadow: `inset 0 0 0 2px ${REACTION_COLORS[type]}` } : undefined}
                  >
                    <span aria-hidden="true">{REACTION_EMOJI[type]}</span>
                  </AriaButton>
                ))}
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

/**
 * The spec's reaction colours as text: like, love and angry pass AA on white as they are not,
 * so the label uses a darker shade of the same hue; the colour itself marks the chips.
 */
const READABLE: Record<ReactionType, string> = {
  like: '#0b6fb8',
  love: '#c81e3a',
  angry: '#a84d05',
  happy: '#8a5a00',
  sad: '#8a5a00',
  wow: '#8a5a00',
};
