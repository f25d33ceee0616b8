import { navigationMachine, type FeedSection } from '../machines/navigation.machine';
import { clearPrivateChat } from './chat';
import { resetFeed } from './socket';

/**
 * The hooks a sidebar click fires (navigation machine), as the app wires them today.
 *
 * - resetFeed: sends `streams.reset` / `questions.reset` to the actor registered under the
 *   systemId 'streams' / 'questions' in the app system. The streams and questions issues
 *   register that actor (an app child) and handle the event by dropping the cached list and
 *   fetching page 1. Until then nothing is registered and the send is skipped.
 * - clearPrivateChat (src/effects/chat.ts): empties the cached private chat list, calls
 *   POST /chat/message/remove-chat-users with both usernames (the first chat in the list
 *   supplies the other participant), detaches the chat screen's `message received` listener,
 *   and shows an error toast with the server message on failure.
 */
export const navigationLogic = navigationMachine.provide({
  actions: {
    // The lists are screen-level machines (their own actor systems): they hear the reset on
    // the streams bus (src/effects/socket.ts); an app child with that systemId would too.
    resetFeed: ({ system }, { feed }: { feed: FeedSection }) => resetFeed(feed, undefined, system),
    clearPrivateChat: ({ system }) => void clearPrivateChat(system),
  },
});
