import { path } from '../path';

/** Posts, questions, reactions, comments and saved posts (the Post API of spec section 7): this area's part of the one path table (src/api/paths.ts). */
export const postsPaths = {
  posts: {
    create: '/post',
    createImage: '/post/image/post',
    createVideo: '/post/video/post',
    all: path('/post/all/:page'),
    /** "For you": the ranked stream (src/api/forYou.ts). */
    forYou: path('/post/foryou').query<{ cursor?: string }>(),
    /** The most used hashtags of the last day among what the reader may see. */
    trending: '/hashtags/trending',
    /** An interest topic's posts and questions (src/api/posts/topics.ts), newest first. */
    topic: path('/post/topic/:topic/:page'),
    one: path('/post/:postId'),
    byUser: path('/post/user/:userId/:page'),
    updateImage: path('/post/image/:postId'),
    updateVideo: path('/post/video/:postId'),
    images: path('/post/images/:page'),
    videos: path('/post/videos/:page'),
    /** `kind`: 'posts' | 'questions' | 'all'. */
    profile: path('/user/profile/posts/:userId/:kind/:page'),
    group: {
      create: path('/post/group/:groupId'),
      posts: path('/group/:groupId/posts/:page'),
      pending: path('/group/:groupId/postspending/:page'),
      accept: path('/group/post/:postId/accept'),
      decline: path('/group/post/:postId/decline'),
    },
  },
  questions: {
    create: '/question',
    all: path('/question/all/:page'),
    one: path('/question/:questionId'),
    answer: path('/question/:questionId/answer'),
    accept: path('/question/:questionId/accept/:answerId'),
    unaccept: path('/question/:questionId/accept'),
    editAnswer: path('/question/answer/:answerId'),
    /** `filter`: 'all' | 'accepted'; `order`: 'newest' | 'oldest'. */
    userAnswers: path('/user/profile/answers/:userId/:filter/:order').query<{ page: number }>(),
  },
  reactions: {
    react: '/post/reaction',
    remove: path('/post/reaction/:postId'),
    /** The spec's shape; the last two segments are accepted and ignored (counts are the server's). */
    removeLegacy: path('/post/reaction/:postId/:previousReaction/:postReactions'),
    ofPost: path('/post/reactions/:postId'),
    byUsername: path('/post/reactions/username/:username'),
    single: path('/post/single/reaction/username/:username/:postId'),
  },
  comments: {
    create: '/post/comment',
    ofPost: path('/post/comments/:postId'),
    names: path('/post/commentsnames/:postId'),
    one: path('/post/comment/:commentId'),
  },
  saved: {
    toggle: '/favpost',
    page: path('/favpost/:page'),
  },
} as const;
