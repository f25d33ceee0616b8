import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addMembersBodySchema,
  chatUsersBodySchema,
  chatUsersResponseSchema,
  chatUnreadCountSchema,
  checkMemberSchema,
  conversationListSchema,
  createGroupChatBodySchema,
  deleteMessageParamsSchema,
  deleteMessageResponseSchema,
  groupChatResponseSchema,
  groupChatsSchema,
  markAsReadBodySchema,
  markAsReadResponseSchema,
  messageReactionBodySchema,
  groupIdResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  pendingGroupsSchema,
  groupReadBodySchema,
  groupReadSchema,
  sendGroupMessageBodySchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  updateGroupChatBodySchema,
} from '../../../src/api/chat';
import { paths } from '../../../src/api/paths';
import { idSchema } from '../../../src/api/posts';
import { currentAuth } from '../../http/authentication';
import type { ChatService, Me } from './service';

const groupParams = z.object({ groupId: idSchema('Group') });
const groupUserParams = z.object({ groupId: idSchema('Group'), userId: idSchema('User') });

/** The Chat API and the Group chat API of spec section 7. The acting member is always the token's. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.addHook('onRequest', app.authenticate);
  const me = (request: Parameters<typeof currentAuth>[0]): Me => {
    const auth = currentAuth(request);
    return { userId: auth.userId, username: auth.username };
  };

  /* ----- Chat API ----- */

  app.get(paths.chat.conversationList, { schema: { response: { 200: conversationListSchema } } }, async (request) => ({
    list: await chat.conversationList(me(request)),
  }));

  app.get(paths.chat.unreadCount, { schema: { response: { 200: chatUnreadCountSchema } } }, async (request) =>
    chat.unreadCount(me(request)),
  );

  app.get(
    paths.chat.messages.route,
    { schema: { params: z.object({ id: idSchema('User') }), querystring: messagesQuerySchema, response: { 200: messagesPageSchema } } },
    async (request) =>
      chat.messages(me(request), request.params.id, {
        isGroupChat: request.query.isGroupChat === 'true',
        after: request.query.after,
        before: request.query.before,
        limit: request.query.limit,
      }),
  );

  app.post(
    paths.chat.addChatUsers,
    { schema: { body: chatUsersBodySchema, response: { 200: chatUsersResponseSchema } } },
    async (request) => ({
      message: 'Chat users added',
      chatUsers: await chat.setViewing(me(request), request.body.userOne, request.body.userTwo, true),
    }),
  );

  app.post(
    paths.chat.removeChatUsers,
    { schema: { body: chatUsersBodySchema, response: { 200: chatUsersResponseSchema } } },
    async (request) => ({
      message: 'Chat users removed',
      chatUsers: await chat.setViewing(me(request), request.body.userOne, request.body.userTwo, false),
    }),
  );

  app.put(
    paths.chat.markAsRead,
    { schema: { body: markAsReadBodySchema, response: { 200: markAsReadResponseSchema } } },
    async (request) => ({
      message: 'Messages marked as read',
      read: await chat.markRead(me(request), request.body.senderId, request.body.receiverId),
    }),
  );

  app.post(
    paths.chat.send,
    { schema: { body: sendMessageBodySchema, response: { 201: sendMessageResponseSchema } } },
    async (request, reply) => {
      const { receiverId, ...content } = request.body;
      const stored = await chat.send(me(request), receiverId, content);
      return reply.code(201).send({ message: 'Message added', chat: stored });
    },
  );

  app.put(
    paths.chat.reaction,
    { schema: { body: messageReactionBodySchema, response: { 200: sendMessageResponseSchema } } },
    async (request) => ({
      message: 'Message reaction updated',
      chat: await chat.react(me(request), request.body.messageId, request.body.reaction, request.body.type),
    }),
  );

  app.delete(
    paths.chat.markAsDeleted.route,
    { schema: { params: deleteMessageParamsSchema, response: { 200: deleteMessageResponseSchema } } },
    async (request) => ({
      message: 'Message marked as deleted',
      deleted: await chat.remove(me(request), request.params.messageId, request.params.type),
    }),
  );

  /* ----- Group chat API ----- */

  app.post(
    paths.groupChat.create,
    { schema: { body: createGroupChatBodySchema, response: { 201: groupChatResponseSchema } } },
    async (request, reply) => {
      const group = await chat.createGroup(me(request), request.body);
      return reply.code(201).send({ message: 'Group created', group });
    },
  );

  app.get(paths.groupChat.invitations, { schema: { response: { 200: pendingGroupsSchema } } }, async (request) => ({
    pendingGroups: await chat.invitations(me(request)),
  }));

  app.put(
    paths.groupChat.accept.route,
    { schema: { params: groupParams, response: { 200: groupChatResponseSchema } } },
    async (request) => ({
      message: 'Invitation accepted',
      group: (await chat.respond(me(request), request.params.groupId, true))!,
    }),
  );

  app.put(paths.groupChat.decline.route, { schema: { params: groupParams, response: { 200: groupIdResponseSchema } } }, async (request) => {
    await chat.respond(me(request), request.params.groupId, false);
    return { message: 'Invitation declined', groupId: request.params.groupId };
  });

  app.put(paths.groupChat.leave.route, { schema: { params: groupParams, response: { 200: groupIdResponseSchema } } }, async (request) => {
    await chat.leave(me(request), request.params.groupId);
    return { message: 'You left the group', groupId: request.params.groupId };
  });

  app.get(
    paths.groupChat.userGroups.route,
    { schema: { params: z.object({ userId: idSchema('User') }), response: { 200: groupChatsSchema } } },
    async (request) => ({
      groups: await chat.myGroups(me(request), request.params.userId),
    }),
  );

  app.put(
    paths.groupChat.read.route,
    { schema: { params: groupParams, body: groupReadBodySchema, response: { 200: groupReadSchema } } },
    async (request) => chat.markGroupRead(me(request), request.params.groupId, request.body.seq),
  );

  app.get(paths.groupChat.one.route, { schema: { params: groupParams, response: { 200: groupChatResponseSchema } } }, async (request) => ({
    message: 'Group chat',
    group: await chat.group(me(request), request.params.groupId),
  }));

  app.put(
    paths.groupChat.one.route,
    { schema: { params: groupParams, body: updateGroupChatBodySchema, response: { 200: groupChatResponseSchema } } },
    async (request) => ({
      message: 'Group updated',
      group: await chat.update(me(request), request.params.groupId, request.body),
    }),
  );

  app.put(
    paths.groupChat.addMembers.route,
    { schema: { params: groupParams, body: addMembersBodySchema, response: { 200: groupChatResponseSchema } } },
    async (request) => ({
      message: 'Members invited',
      group: await chat.addMembers(me(request), request.params.groupId, request.body.members),
    }),
  );

  app.put(
    paths.groupChat.promote.route,
    { schema: { params: groupUserParams, response: { 200: groupChatResponseSchema } } },
    async (request) => ({
      message: 'Member promoted',
      group: await chat.promote(me(request), request.params.groupId, request.params.userId),
    }),
  );

  app.delete(
    paths.groupChat.removeMember.route,
    { schema: { params: groupUserParams, response: { 200: groupChatResponseSchema } } },
    async (request) => ({
      message: 'Member removed',
      group: await chat.removeMember(me(request), request.params.groupId, request.params.userId),
    }),
  );

  app.delete(paths.groupChat.one.route, { schema: { params: groupParams, response: { 200: groupIdResponseSchema } } }, async (request) => {
    await chat.deleteGroup(me(request), request.params.groupId);
    return { message: 'Group deleted', groupId: request.params.groupId };
  });

  app.get(
    paths.groupChat.checkMember.route,
    { schema: { params: groupUserParams, response: { 200: checkMemberSchema } } },
    async (request) => chat.checkMember(me(request), request.params.groupId, request.params.userId),
  );

  app.post(
    paths.groupChat.sendMessage,
    { schema: { body: sendGroupMessageBodySchema, response: { 201: sendMessageResponseSchema } } },
    async (request, reply) => {
      const { groupId, ...content } = request.body;
      const stored = await chat.sendToGroup(me(request), groupId, content);
      return reply.code(201).send({ message: 'Message added', chat: stored });
    },
  );
};
