import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupBodySchema,
  createGroupPostBodySchema,
  groupIdAnswerSchema,
  groupMembersBodySchema,
  groupResponseSchema,
  groupsQuerySchema,
  groupMembersPageSchema,
  groupsPageQuerySchema,
  groupsPageSchema,
  groupsSchema,
  joinGroupResponseSchema,
  leaveGroupBodySchema,
  pendingGroupInvitationsSchema,
  pendingMembersSchema,
  singleGroupSchema,
  updateGroupBodySchema,
} from '../../../src/api/groups';
import { pageNumberSchema, pageQuerySchema } from '../../../src/api/pages';
import { paths } from '../../../src/api/paths';
import { idSchema, postResponseSchema, postsPageSchema } from '../../../src/api/posts';
import type { Config } from '../../config';
import { badRequest } from '../../http/httpError';
import { postsPage } from '../posts/routes';
import { pageRequest } from '../../core/paging';
import type { UploadLimit } from '../../http/uploadLimit';
import { viewerOf } from '../../core/visibility';
import type { GroupService } from './service';

const groupParams = z.object({ groupId: idSchema('Group') });
const groupUserParams = z.object({ groupId: idSchema('Group'), userId: idSchema('User') });
const SMALL_BODY = 64 * 1024;

/** The Group API of spec section 7 and the group post paths of the Post API. */
export const groupRoutes: FastifyPluginAsyncZod<{ groups: GroupService; config: Pick<Config, 'limits'>; uploads: UploadLimit }> = async (
  app,
  { groups, config, uploads },
) => {
  const imageField = { maxBytes: config.limits.imageBytes, what: 'Image' } as const;
  const videoField = { maxBytes: config.limits.videoBytes, what: 'Video' } as const;
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.groups.create,
    { schema: { body: createGroupBodySchema, response: { 201: groupResponseSchema } }, bodyLimit: SMALL_BODY },
    async (request, reply) => {
      const group = await groups.create(viewerOf(request), request.body);
      return reply.code(201).send({ message: 'Group created successfully!', group });
    },
  );

  app.get(
    paths.groups.userGroups.route,
    { schema: { params: z.object({ userId: idSchema('User') }), response: { 200: groupsSchema } } },
    async (request) => ({
      groups: await groups.list(viewerOf(request), { memberId: request.params.userId }),
    }),
  );

  app.get(paths.groups.invitations, { schema: { response: { 200: pendingGroupInvitationsSchema } } }, async (request) => {
    const viewer = viewerOf(request);
    return { pendingGroups: await groups.list(viewer, { invitedId: viewer.id }) };
  });

  app.get(paths.groups.all.route, { schema: { querystring: groupsQuerySchema, response: { 200: groupsPageSchema } } }, async (request) =>
    groups.page(viewerOf(request), request.query.search ? { search: request.query.search } : {}, request.query.cursor),
  );

  app.get(
    paths.groups.notJoined,
    { schema: { querystring: groupsPageQuerySchema, response: { 200: groupsPageSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      return groups.page(viewer, { notJoinedBy: viewer.id }, request.query.cursor);
    },
  );

  app.get(
    paths.groups.members.route,
    { schema: { params: groupParams, querystring: groupsPageQuerySchema, response: { 200: groupMembersPageSchema } } },
    async (request) => groups.memberPage(viewerOf(request), request.params.groupId, request.query.cursor),
  );

  app.get(paths.groups.one.route, { schema: { params: groupParams, response: { 200: singleGroupSchema } } }, async (request) => ({
    group: await groups.get(viewerOf(request), request.params.groupId),
  }));

  app.put(
    paths.groups.acceptInvitation.route,
    { schema: { params: groupParams, response: { 200: groupResponseSchema } } },
    async (request) => ({
      message: 'Invitation accepted',
      group: await groups.acceptInvitation(viewerOf(request), request.params.groupId),
    }),
  );

  app.put(
    paths.groups.declineInvitation.route,
    { schema: { params: groupParams, response: { 200: groupIdAnswerSchema } } },
    async (request) => {
      await groups.declineInvitation(viewerOf(request), request.params.groupId);
      return { message: 'Invitation declined', groupId: request.params.groupId };
    },
  );

  app.post(paths.groups.join.route, { schema: { params: groupParams, response: { 200: joinGroupResponseSchema } } }, async (request) => {
    const answer = await groups.join(viewerOf(request), request.params.groupId);
    return { message: answer.status === 'accepted' ? 'You joined the group' : 'Your request to join was sent', ...answer };
  });

  app.get(paths.groups.pending.route, { schema: { params: groupParams, response: { 200: pendingMembersSchema } } }, async (request) => ({
    pendingMembers: await groups.pendingRequests(viewerOf(request), request.params.groupId),
  }));

  app.put(paths.groups.approve.route, { schema: { params: groupUserParams, response: { 200: groupResponseSchema } } }, async (request) => ({
    message: 'Member approved',
    group: await groups.approve(viewerOf(request), request.params.groupId, request.params.userId),
  }));

  app.put(paths.groups.reject.route, { schema: { params: groupUserParams, response: { 200: groupIdAnswerSchema } } }, async (request) => {
    await groups.reject(viewerOf(request), request.params.groupId, request.params.userId);
    return { message: 'Request rejected', groupId: request.params.groupId };
  });

  // The body is optional (only the last admin names a successor), so it is checked here.
  app.put(paths.groups.leave.route, { schema: { params: groupParams, response: { 200: groupIdAnswerSchema } } }, async (request) => {
    const body = leaveGroupBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw badRequest(body.error.issues[0]?.message ?? 'Invalid body');
    const done = await groups.leave(viewerOf(request), request.params.groupId, body.data.newAdminId);
    return { message: done === 'withdrawn' ? 'Your request was withdrawn' : 'You left the group', groupId: request.params.groupId };
  });

  app.put(
    paths.groups.one.route,
    { schema: { params: groupParams, body: updateGroupBodySchema, response: { 200: groupResponseSchema } }, bodyLimit: SMALL_BODY },
    async (request) => ({
      message: 'Group updated',
      group: await groups.update(viewerOf(request), request.params.groupId, request.body),
    }),
  );

  app.delete(paths.groups.one.route, { schema: { params: groupParams, response: { 200: groupIdAnswerSchema } } }, async (request) => {
    await groups.remove(viewerOf(request), request.params.groupId);
    return { message: 'Group deleted', groupId: request.params.groupId };
  });

  app.put(
    paths.groups.addMembers.route,
    { schema: { params: groupParams, body: groupMembersBodySchema, response: { 200: groupResponseSchema } } },
    async (request) => ({
      message: 'Members invited',
      group: await groups.addMembers(viewerOf(request), request.params.groupId, request.body.members),
    }),
  );

  app.put(
    paths.groups.removeMembers.route,
    { schema: { params: groupParams, body: groupMembersBodySchema, response: { 200: groupResponseSchema } } },
    async (request) => ({
      message: 'Members removed',
      group: await groups.removeMembers(viewerOf(request), request.params.groupId, request.body.members),
    }),
  );

  app.put(paths.groups.promote.route, { schema: { params: groupUserParams, response: { 200: groupResponseSchema } } }, async (request) => ({
    message: 'Member promoted',
    group: await groups.promote(viewerOf(request), request.params.groupId, request.params.userId),
  }));

  /* ----- Group posts ----- */

  app.post(
    paths.posts.group.create.route,
    {
      schema: { params: groupParams, body: createGroupPostBodySchema, response: { 201: postResponseSchema } },
      // Its image or video counts against the member's uploads like any other (a text post does not).
      ...uploads.route({ image: imageField, video: videoField, poster: imageField }),
    },
    async (request, reply) => {
      const image = await uploads.file(request, reply, 'image', imageField);
      const video = await uploads.file(request, reply, 'video', videoField);
      const poster = await uploads.file(request, reply, 'poster', imageField);
      const post = await groups.createPost(viewerOf(request), request.params.groupId, { ...request.body, image, video, poster });
      const message = post.groupStatus === 'accepted' ? 'Post created successfully' : 'Post sent: a group admin will review it';
      return reply.code(201).send({ message, post });
    },
  );

  for (const [path, status] of [
    [paths.posts.group.posts.route, 'accepted'],
    [paths.posts.group.pending.route, 'pending'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          params: groupParams.extend({ page: pageNumberSchema }),
          querystring: pageQuerySchema,
          response: { 200: postsPageSchema },
        },
      },
      async (request) =>
        postsPage(
          await groups.postsPage(viewerOf(request), request.params.groupId, status, pageRequest(request.params.page, request.query)),
        ),
    );
  }

  for (const [path, status] of [
    [paths.posts.group.accept.route, 'accepted'],
    [paths.posts.group.decline.route, 'declined'],
  ] as const) {
    app.put(
      path,
      { schema: { params: z.object({ postId: idSchema('Post') }), response: { 200: postResponseSchema } } },
      async (request) => ({
        message: status === 'accepted' ? 'Post accepted' : 'Post declined',
        post: await groups.decidePost(viewerOf(request), request.params.postId, status),
      }),
    );
  }
};
