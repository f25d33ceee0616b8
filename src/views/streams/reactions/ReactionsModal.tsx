import { useSelector } from '@xstate/react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { REACTION_TYPES, type ReactionType } from '../../../api/constants';
import { shortenNumber } from '../../../api/numbers';
import { Avatar } from '../../ui/Avatar';
import { Skeleton } from '../../ui/Skeleton';
import { SheetDialog } from '../../ui/SheetDialog';
import { REACTION_LOOK, ReactionImage } from './ReactionImage';
import { useStreamsLogic } from '../StreamsLogic';
import { LoadError } from '../../ui/LoadError';
import { useScreenActor } from '../../shared/useScreenActor';
import {
  hasWhoReactedFailed,
  isWhoReactedLoading,
  whoReacted,
  whoReactedError,
  whoReactedTab,
} from '../../../machines/streams/post/whoReacted.connect';

/** Who reacted to a post, with a tab per reaction type that has any. */
export function ReactionsModal({ postId, onClose }: { postId: string; onClose: () => void }) {
  const logic = useStreamsLogic();
  const actor = useScreenActor(logic.whoReacted, { input: { postId } });
  const loading = useSelector(actor, isWhoReactedLoading);
  const failed = useSelector(actor, hasWhoReactedFailed);
  const error = useSelector(actor, whoReactedError);
  const list = useSelector(actor, whoReacted);
  const selectedTab = useSelector(actor, whoReactedTab);
  const types = REACTION_TYPES.filter((type) => list.some((r) => r.type === type));
  const tabs: (ReactionType | 'all')[] = ['all', ...types];
  return (
    <SheetDialog title="Reactions" onClose={onClose}>
      {loading ? (
        <div className="flex flex-col gap-3 p-5" aria-busy="true" aria-label="Loading reactions">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : failed ? (
        <div className="p-5">
          <LoadError onRetry={() => actor.send({ type: 'whoReacted.retry' })}>{error}</LoadError>
        </div>
      ) : list.length === 0 ? (
        <p className="p-6 text-center text-neutral-600 dark:text-neutral-400">No reactions yet.</p>
      ) : (
        <Tabs
          selectedKey={selectedTab}
          onSelectionChange={(key) => actor.send({ type: 'whoReacted.tab', tab: key as ReactionType | 'all' })}
        >
          <TabList
            aria-label="Reaction types"
            className="flex gap-1 overflow-x-auto border-b border-neutral-200 px-3 dark:border-neutral-800"
          >
            {tabs.map((tab) => {
              const count = tab === 'all' ? list.length : list.filter((r) => r.type === tab).length;
              return (
                <Tab
                  key={tab}
                  id={tab}
                  // The strip scrolls sideways: the focus ring is drawn inside, where it cannot be clipped.
                  className="flex cursor-pointer items-center gap-1.5 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-neutral-600 outline-none [--focus-ring-offset:-2px] data-[selected]:border-accent data-[selected]:text-neutral-900 dark:text-neutral-400 dark:data-[selected]:text-white"
                >
                  {tab === 'all' ? 'All' : <ReactionImage type={tab} size={20} />}
                  {tab === 'all' ? null : <span className="sr-only">{REACTION_LOOK[tab].label}</span>}
                  <span>{String(shortenNumber(count))}</span>
                </Tab>
              );
            })}
          </TabList>
          {tabs.map((tab) => (
            <TabPanel key={tab} id={tab} className="outline-none">
              <ul className="flex flex-col">
                {list
                  .filter((r) => tab === 'all' || r.type === tab)
                  .map((r) => (
                    <li key={r._id} className="flex items-center gap-3 px-5 py-2.5">
                      <span className="relative">
                        <Avatar username={r.username} avatarColor={r.avatarColor} profilePicture={r.profilePicture} />
                        <span className="absolute -right-1 -bottom-1 inline-flex rounded-full ring-2 ring-white dark:ring-neutral-900">
                          <ReactionImage type={r.type} size={18} />
                        </span>
                      </span>
                      <span className="font-medium text-neutral-900 dark:text-neutral-100">{r.username}</span>
                      <span className="sr-only">reacted {REACTION_LOOK[r.type].label}</span>
                    </li>
                  ))}
              </ul>
            </TabPanel>
          ))}
        </Tabs>
      )}
    </SheetDialog>
  );
}
