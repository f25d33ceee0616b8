import type { AnyActorRef } from 'xstate';
import type { ChatActorRef } from '../../machines/chat/chat.machine';
import type { HasSystem } from '../shell/bridge';
import { chatLogic, groupChatCreateLogic, groupChatInvitationsLogic, groupChatManageLogic, type ChatDeps } from './chat';
import { messageComposerLogic } from './messageComposer';
import { presenceLogic } from './presence';
import { clientOf } from '../shell/api';
import { memberSearchLogic } from '../people/memberSearch';
import { createUsersApi } from '../../api/users/client';

const defaultApi = clientOf(createUsersApi);

/**
 * Every machine of the chat area with its real effects, bound to one app actor (tests pass fakes
 * in `deps`). The group chat flows and the message composer keep the chat screen's actor current,
 * so they are built for the running chat (`groupChatManage(chat)`).
 */
export function chatAreaLogic(app: HasSystem, deps: ChatDeps = {}) {
  return {
    chat: chatLogic(app, deps),
    presence: presenceLogic(deps),
    groupChatCreate: (chat: AnyActorRef) => groupChatCreateLogic(app, chat, deps),
    groupChatInvitations: (chat: AnyActorRef) => groupChatInvitationsLogic(app, chat, deps),
    groupChatManage: (chat: AnyActorRef) => groupChatManageLogic(app, chat, deps),
    messageComposer: (chat: Pick<ChatActorRef, 'send'>) => messageComposerLogic(chat),
    /** "New message": the member search the invite panels use (GET /user/profile/search/{q}). */
    memberSearch: memberSearchLogic(deps.api ?? defaultApi),
  };
}
export type ChatAreaLogic = ReturnType<typeof chatAreaLogic>;
