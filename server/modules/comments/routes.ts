import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../src/api/pages';
import { paths } from '../../../src/api/paths';
import {
  commentBodySchema,
  commentDeletedSchema,
  commentResponseSchema,
  commentsListSchema,
  commentsNamesSchema,
  idSchema,
  updateCommentBodySchema,
} from '../../../src/api/posts';
import { viewerOf } from '../../core/visibility';
import { recordBehavior } from '../users/behavior';
import type { CommentService } from './service';

const SMALL_BODY = 64 * 1024;
const postParams = z.object({ postId: idSchema('Post') });
const commentParams = z.object({ commentId: idSchema('Comment') });

export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentService }> = async (app, { comments }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.comments.create,
    {
      schema: { body: commentBodySchema, response: { 201: commentResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request, reply) => {
      const { replayed, ...answer } = await comments.add(
        viewerOf(request),
        request.body.postId,
        request.body.comment,
        request.body.clientId,
        request.body.format,
      );
      if (!replayed) await recordBehavior(request, 'comment', request.body.postId);
      return reply.code(201).send({ message: 'Comment added successfully', ...answer });
    },
  );

  app.get(
    paths.comments.ofPost.route,
    {
      schema: { params: postParams, querystring: pageQuerySchema, response: { 200: commentsListSchema } },
    },
    async (request) => comments.ofPost(viewerOf(request), request.params.postId, { page: 1, ...request.query }),
  );

  app.get(
    paths.comments.names.route,
    {
      schema: { params: postParams, response: { 200: commentsNamesSchema } },
    },
    async (request) => comments.names(viewerOf(request), request.params.postId),
  );

  app.put(
    paths.comments.one.route,
    {
      schema: { params: commentParams, body: updateCommentBodySchema, response: { 200: commentResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request) => ({
      message: 'Comment updated successfully',
      ...(await comments.update(viewerOf(request), request.params.commentId, request.body.comment, request.body.format)),
    }),
  );

  app.delete(
    paths.comments.one.route,
    {
      schema: { params: commentParams, response: { 200: commentDeletedSchema } },
    },
    async (request) => ({
      message: 'Comment deleted successfully',
      ...(await comments.remove(viewerOf(request), request.params.commentId)),
    }),
  );
};
