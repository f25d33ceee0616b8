import type { SnapshotFrom } from 'xstate';
import type { ReactionsList } from '../../../api/posts';
import type { whoReactedMachine } from './whoReacted.machine';

/** What the "who reacted" sheet shows, read from the whoReacted machine's snapshot. */

export type WhoReactedSnapshot = SnapshotFrom<typeof whoReactedMachine>;

const none: ReactionsList['reactions'] = [];

export const isWhoReactedLoading = (s: WhoReactedSnapshot) => s.matches('loading');
export const hasWhoReactedFailed = (s: WhoReactedSnapshot) => s.matches('failed');
export const whoReactedError = (s: WhoReactedSnapshot) => s.context.error;
/** Every reaction to the post (none until they are read). */
export const whoReacted = (s: WhoReactedSnapshot) => s.context.list?.reactions ?? none;
/** The tab shown: 'all' or one reaction type. */
export const whoReactedTab = (s: WhoReactedSnapshot) => s.context.tab;
