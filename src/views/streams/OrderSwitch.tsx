import { useSelector } from '@xstate/react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { FeedOrder } from '../../api/posts/forYou';
import type { FeedActorRef } from '../../machines/streams/feed.machine';
import { feedOrder } from '../../machines/streams/feed.connect';

const NAMES: Record<FeedOrder, string> = { forYou: 'For you', latest: 'Latest' };
const button =
  'flex-1 cursor-pointer rounded-xl px-4 py-1.5 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-300 ' +
  'data-[selected]:bg-white data-[selected]:text-neutral-900 data-[selected]:shadow-sm dark:data-[selected]:bg-neutral-700 dark:data-[selected]:text-white';

/** "For you" / "Latest" above the streams (shown while personalization is allowed). */
export function OrderSwitch({ feed }: { feed: FeedActorRef }) {
  const order = useSelector(feed, feedOrder);
  return (
    <ToggleButtonGroup
      aria-label="Order of the stream"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[order]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next === 'forYou' || next === 'latest') feed.send({ type: 'feed.order', order: next });
      }}
      className="flex w-full gap-1 rounded-2xl bg-neutral-100 p-1 sm:w-72 dark:bg-neutral-800/60"
    >
      {(Object.keys(NAMES) as FeedOrder[]).map((key) => (
        <ToggleButton key={key} id={key} className={button}>
          {NAMES[key]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
