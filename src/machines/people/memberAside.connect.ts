import type { SnapshotFrom } from 'xstate';
import type { memberAsideMachine } from './memberAside.machine';

type MemberAsideSnapshot = SnapshotFrom<typeof memberAsideMachine>;

/** Who to follow, the trending hashtags and the member's groups, each loaded on its own. */
export const suggestedPeople = (s: MemberAsideSnapshot) => s.context.people;
export const trendingHashtags = (s: MemberAsideSnapshot) => s.context.hashtags;
export const asideGroups = (s: MemberAsideSnapshot) => s.context.groups;
