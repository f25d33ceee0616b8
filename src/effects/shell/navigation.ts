import { sendTo } from 'xstate';
import { navigationMachine, type FeedSection } from '../../machines/shell/navigation.machine';
import { resetFeed } from './socket';

/**
 * The hooks a sidebar click fires (navigation machine):
 *
 * - resetFeed (src/effects/shell/socket.ts): publishes `reset` on the streams bus, so the streams or
 *   questions list on screen drops its cached posts and fetches page 1; an app child registered
 *   under the systemId 'streams' / 'questions' would also get `streams.reset` / `questions.reset`.
 * - clearPrivateChat: `privateChat.clear` to the app's private chat cache (systemId
 *   'privateChatCache', src/machines/chat/privateChatCache.machine.ts): it empties the cached private
 *   chat list, detaches the chat screen's `message received` listener, calls
 *   POST /chat/message/remove-chat-users with both usernames (the first chat in the list
 *   supplies the other participant), and shows an error toast with the server message on failure.
 */
export const navigationLogic = navigationMachine.provide({
  actions: {
    // The lists are screen-level machines (their own actor systems): they hear the reset on
    // the streams bus (src/effects/shell/socket.ts); an app child with that systemId would too.
    resetFeed: ({ system }, { feed }: { feed: FeedSection }) => resetFeed(feed, undefined, system),
    clearPrivateChat: sendTo(({ system, self }) => system.get('privateChatCache') ?? self, { type: 'privateChat.clear' }),
  },
});
