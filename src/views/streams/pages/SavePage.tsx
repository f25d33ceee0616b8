import { useMemo } from 'react';
import { FeedList } from '../FeedList';
import { EmptyState, PageTitle } from '../PageParts';
import { useFeed } from '../useFeed';

/** /app/social/save: the posts the member saved, most recently saved first. */
export default function SavePage() {
  const source = useMemo(() => ({ kind: 'saved' as const }), []);
  const { feed, callbacks } = useFeed(source);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageTitle>Saved</PageTitle>
      <FeedList
        feed={feed}
        callbacks={callbacks}
        empty={<EmptyState title="Nothing saved yet" text="Use the bookmark on a post to keep it here." />}
      />
    </div>
  );
}
