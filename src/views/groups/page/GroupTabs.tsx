import { shallowEqual, useSelector } from '@xstate/react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { GroupActorRef, GroupTab } from '../../../machines/groups/group.machine';
import { selectIsGroupAdmin, selectTab, selectTabs } from '../../../machines/groups/group.connect';
import { GroupMembersTab } from './GroupMembersTab';
import { GroupPendingPostsTab } from './GroupPendingPostsTab';
import { GroupPendingTab } from './GroupPendingTab';
import { GroupPostsTab } from './GroupPostsTab';
import { GroupSettingsTab } from './GroupSettingsTab';
import { GroupLocked } from './GroupStates';

const tabClasses =
  'cursor-pointer whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-300 ' +
  'data-[selected]:bg-neutral-900 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

/**
 * The group's sections as tabs (react-aria: role tablist/tab/tabpanel, arrow keys move between
 * tabs). Which tabs exist follows the viewer's standing; a private group shows none to outsiders.
 */
export function GroupTabs({ actor }: { actor: GroupActorRef }) {
  const tabs = useSelector(actor, selectTabs, shallowEqual);
  const chosen = useSelector(actor, selectTab);
  const isAdmin = useSelector(actor, selectIsGroupAdmin);
  if (tabs.length === 0) return <GroupLocked />;
  // A refresh can take a tab away (the viewer was removed): show the first one left.
  const selected = tabs.includes(chosen) ? chosen : tabs[0];
  const names: Record<GroupTab, string> = {
    posts: 'Posts',
    members: 'Members',
    pendingPosts: isAdmin ? 'Pending posts' : 'Your pending posts',
    pendingMembers: 'Pending members',
    settings: 'Settings',
  };
  return (
    <Tabs selectedKey={selected} onSelectionChange={(key) => actor.send({ type: 'group.tab', tab: key as GroupTab })}>
      <TabList aria-label="Group sections" className="flex gap-1 overflow-x-auto rounded-2xl bg-neutral-100 p-1 dark:bg-neutral-800/60">
        {tabs.map((tab) => (
          <Tab key={tab} id={tab} className={tabClasses}>
            {names[tab]}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="posts" className="pt-4 outline-none">
        <GroupPostsTab actor={actor} />
      </TabPanel>
      <TabPanel id="members" className="pt-4 outline-none">
        <GroupMembersTab actor={actor} />
      </TabPanel>
      {tabs.includes('pendingPosts') ? (
        <TabPanel id="pendingPosts" className="pt-4 outline-none">
          <GroupPendingPostsTab actor={actor} />
        </TabPanel>
      ) : null}
      {isAdmin ? (
        <>
          <TabPanel id="pendingMembers" className="pt-4 outline-none">
            <GroupPendingTab actor={actor} />
          </TabPanel>
          <TabPanel id="settings" className="pt-4 outline-none">
            <GroupSettingsTab actor={actor} />
          </TabPanel>
        </>
      ) : null}
    </Tabs>
  );
}
