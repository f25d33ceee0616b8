import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageNumberSchema, pageQuerySchema, totalFields } from '../../../src/api/pages';
import { paths } from '../../../src/api/paths';
import {
  answerBodySchema,
  answerDeletedSchema,
  answerResponseSchema,
  answersPageSchema,
  createAnswerBodySchema,
  createQuestionBodySchema,
  idSchema,
  postResponseSchema,
  questionDetailSchema,
  questionsPageSchema,
} from '../../../src/api/posts';
import { notFound } from '../../http/httpError';
import type { FollowService } from '../follows/service';
import { pageRequest } from '../../core/paging';
import type { PostService } from '../posts/service';
import { viewerOf } from '../../core/visibility';
import type { QuestionService } from './service';

const SMALL_BODY = 64 * 1024;
const questionParams = z.object({ questionId: idSchema('Question') });
const answerParams = z.object({ answerId: idSchema('Answer') });

export const questionRoutes: FastifyPluginAsyncZod<{
  questions: QuestionService;
  posts: PostService;
  follows: Pick<FollowService, 'visibleMember'>;
}> = async (app, opts) => {
  const { questions, posts } = opts;
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.questions.create,
    {
      schema: { body: createQuestionBodySchema, response: { 201: postResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request, reply) => {
      const post = await posts.create(viewerOf(request), { kind: 'question', ...request.body });
      return reply.code(201).send({ message: 'Question created successfully', post });
    },
  );

  app.get(
    paths.questions.all.route,
    {
      schema: { params: z.object({ page: pageNumberSchema }), querystring: pageQuerySchema, response: { 200: questionsPageSchema } },
    },
    async (request) => {
      const answer = await posts.list(viewerOf(request), { kind: 'question' }, pageRequest(request.params.page, request.query));
      return { questions: answer.posts, ...totalFields('totalQuestions', answer.total), nextCursor: answer.nextCursor };
    },
  );

  app.get(
    paths.questions.one.route,
    {
      schema: { params: questionParams, response: { 200: questionDetailSchema } },
    },
    async (request) => questions.detail(viewerOf(request), request.params.questionId),
  );

  app.post(
    paths.questions.answer.route,
    {
      schema: { params: questionParams, body: createAnswerBodySchema, response: { 201: answerResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request, reply) =>
      reply.code(201).send({
        message: 'Answer added successfully',
        ...(await questions.answer(
          viewerOf(request),
          request.params.questionId,
          request.body.answer,
          request.body.clientId,
          request.body.format,
        )),
      }),
  );

  app.put(
    paths.questions.accept.route,
    {
      schema: {
        params: z.object({ questionId: idSchema('Question'), answerId: idSchema('Answer') }),
        response: { 200: postResponseSchema },
      },
    },
    async (request) => ({
      message: 'Answer accepted',
      post: await questions.accept(viewerOf(request), request.params.questionId, request.params.answerId),
    }),
  );

  app.delete(
    paths.questions.unaccept.route,
    {
      schema: { params: questionParams, response: { 200: postResponseSchema } },
    },
    async (request) => ({
      message: 'Answer no longer accepted',
      post: await questions.unaccept(viewerOf(request), request.params.questionId),
    }),
  );

  app.put(
    paths.questions.editAnswer.route,
    {
      schema: { params: answerParams, body: answerBodySchema, response: { 200: answerResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request) => ({
      message: 'Answer updated successfully',
      ...(await questions.editAnswer(viewerOf(request), request.params.answerId, request.body.answer, request.body.format)),
    }),
  );

  app.delete(
    paths.questions.editAnswer.route,
    {
      schema: { params: answerParams, response: { 200: answerDeletedSchema } },
    },
    async (request) => ({
      message: 'Answer deleted successfully',
      ...(await questions.removeAnswer(viewerOf(request), request.params.answerId)),
    }),
  );

  app.get(
    paths.questions.userAnswers.route,
    {
      schema: {
        params: z.object({
          userId: idSchema('User'),
          filter: z.enum(['all', 'accepted'], { error: 'Filter must be all or accepted' }),
          order: z.enum(['newest', 'oldest'], { error: 'Order must be newest or oldest' }),
        }),
        querystring: z.object({ page: pageNumberSchema.default(1) }),
        response: { 200: answersPageSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await opts.follows.visibleMember(viewer, request.params.userId))) throw notFound('User not found');
      return questions.byUser(viewer, request.params.userId, {
        acceptedOnly: request.params.filter === 'accepted',
        order: request.params.order === 'newest' ? 'desc' : 'asc',
        page: request.query.page,
      });
    },
  );
};
