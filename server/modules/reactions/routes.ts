import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '../../../src/api/paths';
import { idSchema, reactionBodySchema, reactionChangeSchema, reactionsListSchema, singleReactionSchema } from '../../../src/api/posts';
import type { Members } from '../users/members';
import { viewerOf } from '../../core/visibility';
import { recordBehavior } from '../users/behavior';
import type { ReactionService } from './service';

const SMALL_BODY = 16 * 1024;
const username = z.string().trim().min(1, 'Username is required').max(100, 'Username is too long');

/** POST/DELETE /post/reaction and the reaction lists. */
export const reactionRoutes: FastifyPluginAsyncZod<{ reactions: ReactionService; users: Pick<Members, 'findByUsername'> }> = async (
  app,
  opts,
) => {
  const { reactions } = opts;
  app.addHook('onRequest', app.authenticate);
  const userIdOf = async (name: string) => (await opts.users.findByUsername(name))?.id;

  app.post(
    paths.reactions.react,
    {
      schema: { body: reactionBodySchema, response: { 200: reactionChangeSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request) => {
      const answer = await reactions.react(viewerOf(request), request.body.postId, request.body.type);
      await recordBehavior(request, 'react', request.body.postId);
      return answer;
    },
  );

  app.delete(
    paths.reactions.remove.route,
    {
      schema: { params: z.object({ postId: idSchema('Post') }), response: { 200: reactionChangeSchema } },
    },
    async (request) => reactions.remove(viewerOf(request), request.params.postId),
  );

  // The spec's shape: the previous reaction and the client's counts are accepted and ignored.
  app.delete(
    paths.reactions.removeLegacy.route,
    {
      schema: {
        params: z.object({ postId: idSchema('Post'), previousReaction: z.string().max(50), postReactions: z.string().max(2000) }),
        response: { 200: reactionChangeSchema },
      },
    },
    async (request) => reactions.remove(viewerOf(request), request.params.postId),
  );

  app.get(
    paths.reactions.ofPost.route,
    {
      schema: { params: z.object({ postId: idSchema('Post') }), response: { 200: reactionsListSchema } },
    },
    async (request) => reactions.ofPost(viewerOf(request), request.params.postId),
  );

  app.get(
    paths.reactions.byUsername.route,
    {
      schema: { params: z.object({ username }), response: { 200: reactionsListSchema } },
    },
    async (request) => reactions.byUser(viewerOf(request), await userIdOf(request.params.username)),
  );

  app.get(
    paths.reactions.single.route,
    {
      schema: { params: z.object({ username, postId: idSchema('Post') }), response: { 200: singleReactionSchema } },
    },
    async (request) => reactions.single(viewerOf(request), await userIdOf(request.params.username), request.params.postId),
  );
};
