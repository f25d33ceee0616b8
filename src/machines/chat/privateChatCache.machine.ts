import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { ChatListItem } from '../../api/chat';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type PrivateChatCacheEvent =
  /** The chat screen shows this conversation list (sent by the view whenever its list changes). */
  | { type: 'privateChat.listed'; list: ChatListItem[] }
  /** The chat screen's message listener (its `live` actor on the streams bus) started. */
  | { type: 'privateChat.attached' }
  /** That listener stopped by itself (the chat screen closed). */
  | { type: 'privateChat.detached' }
  /** The sidebar's clean-up: any item but Chat (spec section 2; the navigation machine's clearPrivateChat hook). */
  | { type: 'privateChat.clear' };

/** What the machine tells the listener that is attached: stop listening. */
export type PrivateChatCacheEmitted = { type: 'privateChat.detach' };

export interface PrivateChatCacheContext {
  /** The conversation list the chat screen last showed. */
  list: ChatListItem[];
  /** The chat being left by the clean-up in progress: the first of the list, which names the other participant. */
  leaving: ChatListItem | null;
}

/** What the remove-chat-users actor needs: the chat left (the member's own username comes from the session). */
export interface LeaveChatInput {
  chat: ChatListItem;
}

export const LEAVE_CHAT_FAILED = 'Could not leave the chat.';

/**
 * What the sidebar's clean-up needs of the chat screen (app child, systemId 'privateChatCache'):
 * the list it last showed and whether its message listener is attached.
 *
 * `privateChat.clear` (every sidebar item but Chat) empties the cached list, tells an attached
 * listener to stop (`privateChat.detach`, emitted; the listener subscribes with `.on()`), and,
 * when a chat was listed, calls remove-chat-users with both usernames (the first chat of the
 * list supplies the other participant); a refusal shows the server's message in an error toast.
 * A clean-up while one is in progress starts over with the list it finds (the earlier call still
 * reaches the server; its answer is no longer awaited).
 */
export const privateChatCacheMachine = setup({
  types: {
    context: {} as PrivateChatCacheContext,
    events: {} as PrivateChatCacheEvent,
    emitted: {} as PrivateChatCacheEmitted,
  },
  actors: {
    /** Effect: POST /chat/message/remove-chat-users with this member's and the other participant's usernames. */
    leaveChat: requiredPromise<void, LeaveChatInput>('leaveChat'),
  },
  actions: {
    /** Effect: `toasts.show` to the app's toast queue. */
    showToast: (_, _toast: ToastRequest) => {},
  },
  guards: {
    hasChat: ({ context }) => context.list.length > 0,
  },
}).createMachine({
  id: 'privateChatCache',
  context: { list: [], leaving: null },
  type: 'parallel',
  on: {
    'privateChat.listed': { actions: assign({ list: ({ event }) => event.list }) },
  },
  states: {
    listener: {
      initial: 'detached',
      states: {
        detached: {
          on: { 'privateChat.attached': 'attached' },
        },
        attached: {
          on: {
            'privateChat.detached': 'detached',
            'privateChat.clear': { target: 'detached', actions: emit({ type: 'privateChat.detach' }) },
          },
        },
      },
    },
    leaving: {
      initial: 'idle',
      // Not reentering: the region stays, so this and the listener region's clear both run
      // (a reentering one would exit the whole machine and win over the other); a clean-up in
      // progress is still exited and started over.
      on: {
        'privateChat.clear': {
          guard: 'hasChat',
          target: '.removing',
          actions: assign(({ context }) => ({ list: [], leaving: context.list[0] })),
        },
      },
      states: {
        idle: {},
        removing: {
          invoke: {
            id: 'leaveChat',
            src: 'leaveChat',
            input: ({ context }) => ({ chat: context.leaving! }),
            onDone: { target: 'idle', actions: assign({ leaving: null }) },
            onError: {
              target: 'idle',
              actions: [
                assign({ leaving: null }),
                {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, LEAVE_CHAT_FAILED) }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

export type PrivateChatCacheActorRef = ActorRefFrom<typeof privateChatCacheMachine>;
export type PrivateChatCacheSnapshot = SnapshotFrom<typeof privateChatCacheMachine>;
export const selectListenerAttached = (snapshot: PrivateChatCacheSnapshot) => snapshot.matches({ listener: 'attached' });
