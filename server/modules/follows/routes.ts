import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockResponseSchema, followResponseSchema, usersListSchema, usersPageQuerySchema } from '../../../src/api/follows';
import { paths, routes } from '../../../src/api/paths';
import { idSchema } from '../../../src/api/posts';
import { viewerOf } from '../../core/visibility';
import type { FollowService } from './service';

const userParams = z.object({ userId: idSchema('User') });

/** Follows and blocks under /user (paths are ours: the spec names none). */
export const followRoutes: FastifyPluginAsyncZod<{ follows: FollowService }> = async (app, { follows }) => {
  app.addHook('onRequest', app.authenticate);

  app.put(routes.follows.follow, { schema: { params: userParams, response: { 200: followResponseSchema } } }, async (request) => {
    await follows.follow(viewerOf(request), request.params.userId);
    return { message: 'Followed successfully', userId: request.params.userId, following: true };
  });

  app.put(routes.follows.unfollow, { schema: { params: userParams, response: { 200: followResponseSchema } } }, async (request) => {
    await follows.unfollow(viewerOf(request), request.params.userId);
    return { message: 'Unfollowed successfully', userId: request.params.userId, following: false };
  });

  app.put(routes.follows.block, { schema: { params: userParams, response: { 200: blockResponseSchema } } }, async (request) => {
    await follows.block(viewerOf(request), request.params.userId);
    return { message: 'Blocked successfully', userId: request.params.userId, blocked: true };
  });

  app.put(routes.follows.unblock, { schema: { params: userParams, response: { 200: blockResponseSchema } } }, async (request) => {
    await follows.unblock(viewerOf(request), request.params.userId);
    return { message: 'Unblocked successfully', userId: request.params.userId, blocked: false };
  });

  app.get(routes.follows.followers, { schema: { params: userParams, querystring: usersPageQuerySchema, response: { 200: usersListSchema } } }, async (request) =>
    follows.followers(viewerOf(request), request.params.userId, request.query.cursor));

  app.get(routes.follows.following, { schema: { params: userParams, querystring: usersPageQuerySchema, response: { 200: usersListSchema } } }, async (request) =>
    follows.following(viewerOf(request), request.params.userId, request.query.cursor));

  app.get(paths.follows.blocked, { schema: { response: { 200: usersListSchema } } }, async (request) => follows.blocked(viewerOf(request)));
};
