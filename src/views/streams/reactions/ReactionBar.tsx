import { SmilePlus, ThumbsUp } from 'lucide-react';
import type React from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { REACTION_TYPES, type ReactionType } from '../../../api/constants';
import { shortenNumber } from '../../../api/numbers';
import type { ReactionCounts } from '../../../api/posts';
import { deferred } from '../../overlays/Deferred';
import { DialogTrigger } from '../../overlays/OverlayTrigger';
import { REACTION_LOOK, ReactionImage } from './ReactionImage';

// The six reactions' popover waits for the first open (or the button's hover or focus).
const ReactionPicker = deferred(() => import('./ReactionPicker').then((module) => module.ReactionPicker));

export const REACTION_LABEL = Object.fromEntries(REACTION_TYPES.map((type) => [type, REACTION_LOOK[type].label])) as Record<
  ReactionType,
  string
>;

export const totalOf = (counts: ReactionCounts) => REACTION_TYPES.reduce((sum, type) => sum + counts[type], 0);

/** The footer's pill look, shared with the comments and answers pairs. */
export const actionClasses =
  'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-neutral-700 outline-none ' +
  'hover:bg-neutral-100 data-[hovered]:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:data-[hovered]:bg-neutral-800';

/**
 * The member's own reaction, apart from the post's total (as Facebook and Bluesky do): "Like" until
 * they react, then their reaction's image and name in its colour ("Wow"), never a count, which would
 * read as that many of their reaction. Pressing it likes, or removes the reaction they have; the
 * picker beside it offers all six. The total sits with the reactions' images (`ReactionCounts`).
 */
export function ReactionAction({
  mine,
  onChoose,
  isBusy,
}: {
  mine: ReactionType | null;
  onChoose: (reaction: ReactionType) => void;
  isBusy?: boolean;
}) {
  const look = mine ? REACTION_LOOK[mine] : null;
  return (
    <div className="flex items-center">
      <AriaButton
        onPress={() => onChoose(mine ?? 'like')}
        aria-pressed={mine !== null}
        // The visible word is part of the name (WCAG 2.5.3).
        aria-label={look ? `Your reaction: ${look.label}. Remove it` : 'Like'}
        data-mine={mine ?? undefined}
        className={`${actionClasses} ${look ? 'text-[var(--ink)] dark:text-[var(--ink-dark)]' : ''}`}
        style={look ? ({ '--ink': look.ink, '--ink-dark': look.inkDark } as React.CSSProperties) : undefined}
      >
        {mine ? <ReactionImage type={mine} size={20} /> : <ThumbsUp aria-hidden="true" size={18} />}
        <span data-testid="my-reaction">{look ? look.label : 'Like'}</span>
        {isBusy ? <span className="sr-only">(saving)</span> : null}
      </AriaButton>
      <DialogTrigger popover={(parts) => <ReactionPicker parts={parts} mine={mine} onChoose={onChoose} />}>
        <AriaButton
          aria-label="Choose a reaction"
          onHoverStart={ReactionPicker.preload}
          onFocus={ReactionPicker.preload}
          className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-neutral-700 outline-none data-[hovered]:bg-neutral-100 dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800"
        >
          <SmilePlus aria-hidden="true" size={18} />
        </AriaButton>
      </DialogTrigger>
    </div>
  );
}

/** Which reactions the post has, most given first (at most three images), and their total: opens who reacted. */
export function ReactionCounts({ counts, onOpen }: { counts: ReactionCounts; onOpen: () => void }) {
  const shown = REACTION_TYPES.filter((type) => counts[type] > 0).sort((a, b) => counts[b] - counts[a]);
  if (shown.length === 0) return null;
  const total = totalOf(counts);
  return (
    <AriaButton
      onPress={onOpen}
      aria-label={`${total} reaction${total === 1 ? '' : 's'}: ${shown.map((t) => `${counts[t]} ${t}`).join(', ')}. Show who reacted`}
      className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-200 data-[hovered]:bg-neutral-100 dark:data-[hovered]:bg-neutral-800"
    >
      {/* Reversed so the most given lies on top of the others. */}
      <span className="flex flex-row-reverse justify-end -space-x-1 space-x-reverse" aria-hidden="true">
        {shown
          .slice(0, 3)
          .reverse()
          .map((type) => (
            <span key={type} data-reaction={type} className="inline-flex rounded-full ring-2 ring-white dark:ring-neutral-900">
              <ReactionImage type={type} size={20} />
            </span>
          ))}
      </span>
      <span data-testid="reactions-total">{String(shortenNumber(total))}</span>
    </AriaButton>
  );
}
