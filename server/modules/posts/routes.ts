import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageNumberSchema, pageQuerySchema, totalFields } from '../../../src/api/pages';
import {
  createImagePostBodySchema,
  createPostBodySchema,
  createVideoPostBodySchema,
  deletedResponseSchema,
  idSchema,
  postResponseSchema,
  postsPageSchema,
  singlePostResponseSchema,
  topicPageParamsSchema,
  updateImagePostBodySchema,
  updatePostBodySchema,
  updateVideoPostBodySchema,
} from '../../../src/api/posts';
import type { Config } from '../../config';
import { notFound } from '../../http/httpError';
import { required } from '../../http/requiredFile';
import type { FollowService } from '../follows/service';
import { pageRequest } from '../../core/paging';
import type { PostsAnswer, PostService } from './service';
import { recordBehavior } from '../users/behavior';
import { viewerOf } from '../../core/visibility';
import type { UploadLimit } from '../../http/uploadLimit';
import { forYouPageSchema, forYouQuerySchema, trendingSchema, type Trending } from '../../../src/api/posts/forYou';
import { paths } from '../../../src/api/paths';
import type { ForYou } from './forYou';
import type { Viewer } from '../../core/visibility';

const SMALL_BODY = 64 * 1024;

export const postsPage = (answer: PostsAnswer) => ({
  posts: answer.posts,
  ...totalFields('totalPosts', answer.total),
  nextCursor: answer.nextCursor,
});

const postParams = z.object({ postId: idSchema('Post') });
const pageParams = z.object({ page: pageNumberSchema });

export interface PostRoutesOptions {
  config: Pick<Config, 'limits'>;
  uploads: UploadLimit;
  posts: PostService;
  follows: Pick<FollowService, 'visibleMember'>;
  forYou: ForYou;
  trending: (viewer: Viewer) => Promise<Trending>;
}

/** The Post API of spec section 7 (posts, media posts, pages); reactions, comments and saved posts have their own modules. */
export const postRoutes: FastifyPluginAsyncZod<PostRoutesOptions> = async (app, opts) => {
  const { posts } = opts;
  const { uploads } = opts;
  const imageField = { maxBytes: opts.config.limits.imageBytes, what: 'Image' } as const;
  const videoField = { maxBytes: opts.config.limits.videoBytes, what: 'Video' } as const;
  const imageUpload = uploads.route({ image: imageField });
  // A video may come with its poster (its first frame, drawn by the composer): an image like a photo's.
  const posterField = { maxBytes: opts.config.limits.imageBytes, what: 'Image' } as const;
  const videoUpload = uploads.route({ video: videoField, poster: posterField });
  // Authenticated before the body is even read: a stranger's upload is refused at once.
  app.addHook('onRequest', app.authenticate);

  /** A member's posts are read only if the member exists and no block stands between the two. */
  const member = async (viewerId: string, isAdmin: boolean, userId: string) => {
    if (!(await opts.follows.visibleMember({ id: viewerId, isAdmin }, userId))) throw notFound('User not found');
  };

  app.post(
    paths.posts.create,
    {
      schema: { body: createPostBodySchema, response: { 201: postResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request, reply) => {
      const post = await posts.create(viewerOf(request), { kind: 'post', ...request.body });
      return reply.code(201).send({ message: 'Post created successfully', post });
    },
  );

  app.post(
    paths.posts.createImage,
    {
      schema: { body: createImagePostBodySchema.partial({ image: true }), response: { 201: postResponseSchema } },
      ...imageUpload,
    },
    async (request, reply) => {
      const image = await required(uploads.file(request, reply, 'image', imageField), 'Image is required');
      const post = await posts.create(viewerOf(request), { kind: 'post', ...request.body, image });
      return reply.code(201).send({ message: 'Post created successfully', post });
    },
  );

  app.post(
    paths.posts.createVideo,
    {
      schema: { body: createVideoPostBodySchema.partial({ video: true }), response: { 201: postResponseSchema } },
      ...videoUpload,
    },
    async (request, reply) => {
      const video = await required(uploads.file(request, reply, 'video', videoField), 'Video is required');
      const poster = await uploads.file(request, reply, 'poster', posterField);
      const post = await posts.create(viewerOf(request), { kind: 'post', ...request.body, video, poster });
      return reply.code(201).send({ message: 'Post created successfully', post });
    },
  );

  app.get(
    paths.posts.all.route,
    {
      schema: { params: pageParams, querystring: pageQuerySchema, response: { 200: postsPageSchema } },
    },
    async (request) => postsPage(await posts.list(viewerOf(request), { kind: 'post' }, pageRequest(request.params.page, request.query))),
  );

  app.get(
    paths.posts.forYou.route,
    {
      schema: { querystring: forYouQuerySchema, response: { 200: forYouPageSchema } },
    },
    async (request) => opts.forYou.page(viewerOf(request), request.query.cursor),
  );

  app.get(paths.posts.trending, { schema: { response: { 200: trendingSchema } } }, async (request) => opts.trending(viewerOf(request)));

  app.get(
    paths.posts.topic.route,
    {
      schema: { params: topicPageParamsSchema, querystring: pageQuerySchema, response: { 200: postsPageSchema } },
    },
    async (request) =>
      postsPage(await posts.topic(viewerOf(request), request.params.topic, pageRequest(request.params.page, request.query))),
  );

  app.get(
    paths.posts.one.route,
    {
      schema: { params: postParams, response: { 200: singlePostResponseSchema } },
    },
    async (request) => {
      const post = await posts.get(viewerOf(request), request.params.postId);
      await recordBehavior(request, 'view', post._id);
      return { post };
    },
  );

  app.get(
    paths.posts.byUser.route,
    {
      schema: {
        params: z.object({ userId: idSchema('User'), page: pageNumberSchema }),
        querystring: pageQuerySchema,
        response: { 200: postsPageSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await member(viewer.id, viewer.isAdmin, request.params.userId);
      return postsPage(
        await posts.list(viewer, { kind: 'post', userId: request.params.userId }, pageRequest(request.params.page, request.query)),
      );
    },
  );

  app.get(
    paths.posts.profile.route,
    {
      schema: {
        params: z.object({
          userId: idSchema('User'),
          kind: z.enum(['posts', 'questions', 'all'], { error: 'Kind must be posts, questions or all' }),
          page: pageNumberSchema,
        }),
        querystring: pageQuerySchema,
        response: { 200: postsPageSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { userId, kind, page } = request.params;
      await member(viewer.id, viewer.isAdmin, userId);
      const filter = { userId, ...(kind === 'all' ? {} : { kind: kind === 'posts' ? ('post' as const) : ('question' as const) }) };
      return postsPage(await posts.list(viewer, filter, pageRequest(page, request.query)));
    },
  );

  const mediaQuery = pageQuerySchema.and(z.object({ userId: idSchema('User').optional() }));
  for (const [path, filter] of [
    [paths.posts.images.route, { withImage: true }],
    [paths.posts.videos.route, { withVideo: true }],
  ] as const) {
    app.get(
      path,
      {
        schema: { params: pageParams, querystring: mediaQuery, response: { 200: postsPageSchema } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const userId = request.query.userId;
        if (userId) await member(viewer.id, viewer.isAdmin, userId);
        return postsPage(
          await posts.list(viewer, { ...filter, ...(userId ? { userId } : {}) }, pageRequest(request.params.page, request.query)),
        );
      },
    );
  }

  app.put(
    paths.posts.one.route,
    {
      schema: { params: postParams, body: updatePostBodySchema, response: { 200: postResponseSchema } },
      bodyLimit: SMALL_BODY,
    },
    async (request) => ({
      message: 'Post updated successfully',
      post: await posts.update(viewerOf(request), request.params.postId, request.body),
    }),
  );

  app.put(
    paths.posts.updateImage.route,
    {
      schema: { params: postParams, body: updateImagePostBodySchema.partial({ image: true }), response: { 200: postResponseSchema } },
      ...imageUpload,
    },
    async (request, reply) => {
      const image = await required(uploads.file(request, reply, 'image', imageField), 'Image is required');
      return {
        message: 'Post updated successfully',
        post: await posts.update(viewerOf(request), request.params.postId, { ...request.body, image }),
      };
    },
  );

  app.put(
    paths.posts.updateVideo.route,
    {
      schema: { params: postParams, body: updateVideoPostBodySchema.partial({ video: true }), response: { 200: postResponseSchema } },
      ...videoUpload,
    },
    async (request, reply) => {
      const video = await required(uploads.file(request, reply, 'video', videoField), 'Video is required');
      const poster = await uploads.file(request, reply, 'poster', posterField);
      return {
        message: 'Post updated successfully',
        post: await posts.update(viewerOf(request), request.params.postId, { ...request.body, video, poster }),
      };
    },
  );

  app.delete(
    paths.posts.one.route,
    {
      schema: { params: postParams, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      await posts.remove(viewerOf(request), request.params.postId);
      return { message: 'Post deleted successfully', postId: request.params.postId };
    },
  );
  // Group posts (POST /post/group/{id}, the group's pages, accept/decline): server/modules/groups/paths.ts.route.
};
