import { useMemo, useState } from 'react';
import { initialFeedOrder } from '../../../effects/streams/feedOrder';
import { Avatar } from '../../ui/Avatar';
import { useSessionProfile } from '../../layouts/useShell';
import { PageWithAside } from '../../layouts/PageWithAside';
import { useComposer } from '../ComposerContext';
import { FeedList } from '../FeedList';
import { OrderSwitch } from '../OrderSwitch';
import { EmptyState, PageTitle } from '../PageParts';
import { useFeed } from '../useFeed';

/**
 * /app/social/streams: the member's feed in the order they chose ("For you" or "Latest"; only
 * "Latest" while personalization is off) and the way into the composer.
 */
export default function StreamsPage() {
  const profile = useSessionProfile();
  const allowed = profile?.personalizeSettings.allowPersonalize ?? false;
  // Turning personalization off (or on) in Settings starts the list anew in the order it allows.
  return <Streams key={String(allowed)} allowed={allowed} />;
}

function Streams({ allowed }: { allowed: boolean }) {
  const source = useMemo(() => ({ kind: 'streams' as const }), []);
  const [order] = useState(() => initialFeedOrder(allowed));
  const { feed, callbacks } = useFeed(source, order);
  const { openComposer, preloadComposer } = useComposer();
  const profile = useSessionProfile();
  return (
    <PageWithAside>
      <div className="mx-auto flex max-w-2xl flex-col gap-4">
        <PageTitle>Streams</PageTitle>
        {allowed ? <OrderSwitch feed={feed} /> : null}
        <button
          type="button"
          onClick={() => openComposer({ type: 'createpost' }, callbacks)}
          onPointerEnter={preloadComposer}
          onFocus={preloadComposer}
          className="flex cursor-pointer items-center gap-3 rounded-3xl border border-neutral-200 bg-white px-4 py-3 text-left shadow-sm outline-none hover:bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800"
        >
          {profile ? (
            <Avatar
              username={profile.username}
              avatarColor={profile.avatarColor}
              avatarImage={profile.avatarImage}
              profilePicture={profile.profilePicture}
            />
          ) : null}
          <span className="text-[15px] text-neutral-600 dark:text-neutral-400">What's on your mind?</span>
        </button>
        <FeedList
          feed={feed}
          callbacks={callbacks}
          empty={<EmptyState title="No posts yet" text="Share something, or follow members to see their posts here." />}
        />
      </div>
    </PageWithAside>
  );
}
