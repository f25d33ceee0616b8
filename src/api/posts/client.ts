import type { $Fetch } from 'ofetch';
import { uploadForm } from '../media/uploads';
import type { ForYouPage, Trending } from './forYou';
import type { Topic } from './topics';
import type { CreateGroupPostBody } from '../groups/schemas';
import type { PageQuery } from '../pages';
import { postsPaths as paths } from './paths';
import type {
  AnswerBody,
  AnswerDeleted,
  AnswerResponse,
  AnswersPage,
  CommentBody,
  CreateAnswerBody,
  CommentDeleted,
  CommentResponse,
  CommentsList,
  CommentsNames,
  UpdateCommentBody,
  CreateImagePostBody,
  CreatePostBody,
  CreateQuestionBody,
  CreateVideoPostBody,
  DeletedResponse,
  FavPostToggle,
  PostResponse,
  PostsPage,
  QuestionDetail,
  QuestionsPage,
  ReactionBody,
  ReactionChange,
  ReactionsList,
  SinglePostResponse,
  SingleReaction,
  UpdateImagePostBody,
  UpdatePostBody,
  UpdateVideoPostBody,
} from './schemas';

type Query = PageQuery & { userId?: string };
/** A video upload's poster (its first frame) travels as its own file part: a Blob, or a data URL. */
type WithPoster<T> = Omit<T, 'poster'> & { poster?: string | Blob | undefined };
const query = (q?: Query) => (q ? { query: q } : {});

/** The streams part of the typed client: posts, questions, reactions, comments, saved posts. */
export function createStreamsApi(http: $Fetch) {
  return {
    posts: {
      create: (body: CreatePostBody) => http<PostResponse>(paths.posts.create, { method: 'POST', body }),
      createImage: (body: CreateImagePostBody) =>
        http<PostResponse>(paths.posts.createImage, { method: 'POST', body: uploadForm(body, ['image']) }),
      createVideo: (body: WithPoster<CreateVideoPostBody>) =>
        http<PostResponse>(paths.posts.createVideo, { method: 'POST', body: uploadForm(body, ['video', 'poster']) }),
      all: (page: number, q?: PageQuery) => http<PostsPage>(paths.posts.all(page), query(q)),
      /** "For you": page 1 without a cursor, then the cursor each page names. */
      forYou: (cursor?: string) => http<ForYouPage>(paths.posts.forYou({ cursor })),
      trending: () => http<Trending>(paths.posts.trending),
      one: (postId: string) => http<SinglePostResponse>(paths.posts.one(postId)),
      byUser: (userId: string, page: number, q?: PageQuery) => http<PostsPage>(paths.posts.byUser(userId, page), query(q)),
      profile: (userId: string, kind: 'posts' | 'questions' | 'all', page: number, q?: PageQuery) =>
        http<PostsPage>(paths.posts.profile(userId, kind, page), query(q)),
      /** An interest topic's posts and questions, newest first. */
      topic: (topic: Topic, page: number, q?: PageQuery) => http<PostsPage>(paths.posts.topic(topic, page), query(q)),
      images: (page: number, q?: Query) => http<PostsPage>(paths.posts.images(page), query(q)),
      videos: (page: number, q?: Query) => http<PostsPage>(paths.posts.videos(page), query(q)),
      update: (postId: string, body: UpdatePostBody) => http<PostResponse>(paths.posts.one(postId), { method: 'PUT', body }),
      updateImage: (postId: string, body: UpdateImagePostBody) =>
        http<PostResponse>(paths.posts.updateImage(postId), { method: 'PUT', body: uploadForm(body, ['image']) }),
      updateVideo: (postId: string, body: WithPoster<UpdateVideoPostBody>) =>
        http<PostResponse>(paths.posts.updateVideo(postId), { method: 'PUT', body: uploadForm(body, ['video', 'poster']) }),
      remove: (postId: string) => http<DeletedResponse>(paths.posts.one(postId), { method: 'DELETE' }),
      /** A group's accepted posts. */
      ofGroup: (groupId: string, page: number, q?: PageQuery) => http<PostsPage>(paths.posts.group.posts(groupId, page), query(q)),
      /** A group's pending posts (all for its admins, a member's own for members). */
      pendingOfGroup: (groupId: string, page: number, q?: PageQuery) => http<PostsPage>(paths.posts.group.pending(groupId, page), query(q)),
      createInGroup: (groupId: string, body: WithPoster<CreateGroupPostBody>) =>
        http<PostResponse>(paths.posts.group.create(groupId), {
          method: 'POST',
          body: uploadForm(body, ['image', 'video', 'poster']),
        }),
      acceptInGroup: (postId: string) => http<PostResponse>(paths.posts.group.accept(postId), { method: 'PUT' }),
      declineInGroup: (postId: string) => http<PostResponse>(paths.posts.group.decline(postId), { method: 'PUT' }),
    },
    questions: {
      create: (body: CreateQuestionBody) => http<PostResponse>(paths.questions.create, { method: 'POST', body }),
      all: (page: number, q?: PageQuery) => http<QuestionsPage>(paths.questions.all(page), query(q)),
      one: (questionId: string) => http<QuestionDetail>(paths.questions.one(questionId)),
      answer: (questionId: string, body: CreateAnswerBody) =>
        http<AnswerResponse>(paths.questions.answer(questionId), { method: 'POST', body }),
      accept: (questionId: string, answerId: string) => http<PostResponse>(paths.questions.accept(questionId, answerId), { method: 'PUT' }),
      unaccept: (questionId: string) => http<PostResponse>(paths.questions.unaccept(questionId), { method: 'DELETE' }),
      editAnswer: (answerId: string, body: AnswerBody) =>
        http<AnswerResponse>(paths.questions.editAnswer(answerId), { method: 'PUT', body }),
      removeAnswer: (answerId: string) => http<AnswerDeleted>(paths.questions.editAnswer(answerId), { method: 'DELETE' }),
      userAnswers: (userId: string, filter: 'all' | 'accepted', order: 'newest' | 'oldest', page: number) =>
        http<AnswersPage>(paths.questions.userAnswers(userId, filter, order, { page })),
    },
    reactions: {
      react: (body: ReactionBody) => http<ReactionChange>(paths.reactions.react, { method: 'POST', body }),
      remove: (postId: string) => http<ReactionChange>(paths.reactions.remove(postId), { method: 'DELETE' }),
      ofPost: (postId: string) => http<ReactionsList>(paths.reactions.ofPost(postId)),
      byUsername: (username: string) => http<ReactionsList>(paths.reactions.byUsername(username)),
      single: (username: string, postId: string) => http<SingleReaction>(paths.reactions.single(username, postId)),
    },
    comments: {
      create: (body: CommentBody) => http<CommentResponse>(paths.comments.create, { method: 'POST', body }),
      ofPost: (postId: string, q?: PageQuery) => http<CommentsList>(paths.comments.ofPost(postId), query(q)),
      names: (postId: string) => http<CommentsNames>(paths.comments.names(postId)),
      /** `format` left out keeps the comment's own. */
      update: (commentId: string, comment: string, format?: UpdateCommentBody['format']) =>
        http<CommentResponse>(paths.comments.one(commentId), { method: 'PUT', body: { comment, ...(format ? { format } : {}) } }),
      remove: (commentId: string) => http<CommentDeleted>(paths.comments.one(commentId), { method: 'DELETE' }),
    },
    saved: {
      toggle: (postId: string) => http<FavPostToggle>(paths.saved.toggle, { method: 'POST', body: { postId } }),
      page: (page: number, q?: PageQuery) => http<PostsPage>(paths.saved.page(page), query(q)),
    },
  };
}

export type StreamsApi = ReturnType<typeof createStreamsApi>;
