import { fromPromise, sendTo } from 'xstate';
import type { ApiClient } from '../../api/client';
import { privateChatCacheMachine, type LeaveChatInput } from '../../machines/chat/privateChatCache.machine';
import type { ToastRequest } from '../../machines/shell/toastRequest';
import { clientOf } from '../shell/api';
import { createChatApi } from '../../api/chat/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'chat' | 'groupChat'>;

const defaultApi: Calls = clientOf(createChatApi);

/**
 * The private chat's cache (app child 'privateChatCache') with its effects: remove-chat-users
 * with this member's username (from the session) and the other participant's (the chat left
 * names both), and error toasts to the app's queue. It loads with the app, so it calls the API
 * itself rather than through src/effects/chat/chat.ts (which loads with the chat screen).
 */
export function privateChatCacheLogic({ api = defaultApi }: { api?: Calls } = {}) {
  return privateChatCacheMachine.provide({
    actors: {
      leaveChat: fromPromise<void, LeaveChatInput>(async ({ input, system }) => {
        const profile = system.get('session')?.getSnapshot().context.profile as { _id: string; username: string } | null | undefined;
        if (!profile) return;
        const { chat } = input;
        const other = chat.senderId === profile._id ? chat.receiverUsername : chat.senderUsername;
        await api.chat.removeChatUsers({ userOne: profile.username, userTwo: other });
      }),
    },
    actions: {
      // Without a toast queue in the system the event stays here, unhandled.
      showToast: sendTo(
        ({ system, self }) => system.get('toasts') ?? self,
        (_, toast: ToastRequest) => ({ type: 'toasts.show' as const, toast }),
      ),
    },
  });
}
