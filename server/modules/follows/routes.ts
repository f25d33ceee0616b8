import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockResponseSchema, followResponseSchema, usersListSchema, usersPageQuerySchema } from '../../../src/api/users/follows';
import { paths } from '../../../src/api/paths';
import { idSchema } from '../../../src/api/posts';
import { viewerOf } from '../../core/visibility';
import type { FollowService } from './service';

const userParams = z.object({ userId: idSchema('User') });

/** Follows and blocks under /user (paths are ours: the spec names none). */
export const followRoutes: FastifyPluginAsyncZod<{ follows: FollowService }> = async (app, { follows }) => {
  app.addHook('onRequest', app.authenticate);

  app.put(paths.follows.follow.route, { schema: { params: userParams, response: { 200: followResponseSchema } } }, async (request) => {
    await follows.follow(viewerOf(request), request.params.userId);
    return { message: 'Followed successfully', userId: request.params.userId, following: true };
  });

  app.put(paths.follows.unfollow.route, { schema: { params: userParams, response: { 200: followResponseSchema } } }, async (request) => {
    await follows.unfollow(viewerOf(request), request.params.userId);
    return { message: 'Unfollowed successfully', userId: request.params.userId, following: false };
  });

  app.put(paths.follows.block.route, { schema: { params: userParams, response: { 200: blockResponseSchema } } }, async (request) => {
    await follows.block(viewerOf(request), request.params.userId);
    return { message: 'Blocked successfully', userId: request.params.userId, blocked: true };
  });

  app.put(paths.follows.unblock.route, { schema: { params: userParams, response: { 200: blockResponseSchema } } }, async (request) => {
    await follows.unblock(viewerOf(request), request.params.userId);
    return { message: 'Unblocked successfully', userId: request.params.userId, blocked: false };
  });

  app.get(
    paths.follows.followers.route,
    { schema: { params: userParams, querystring: usersPageQuerySchema, response: { 200: usersListSchema } } },
    async (request) => follows.followers(viewerOf(request), request.params.userId, request.query.cursor),
  );

  app.get(
    paths.follows.following.route,
    { schema: { params: userParams, querystring: usersPageQuerySchema, response: { 200: usersListSchema } } },
    async (request) => follows.following(viewerOf(request), request.params.userId, request.query.cursor),
  );

  app.get(paths.follows.blocked, { schema: { response: { 200: usersListSchema } } }, async (request) => follows.blocked(viewerOf(request)));
};
