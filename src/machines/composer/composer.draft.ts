import { produce } from 'immer';
import { EMPTY_POST, POST_TEXT_MAX, PRIVACY_LEVELS } from '../../api/constants';
import { FEELINGS, POST_BG_COLORS } from '../../api/posts/choices';
import type { CreateGroupPostBody } from '../../api/groups';
import { POST_PENDING } from '../../api/groups/words';
import type { Post } from '../../api/posts';
import { CHOSEN_TOPICS_MAX, type Topic } from '../../api/posts/topics';
import { DEFAULT_BG_COLOR, DEFAULT_MODAL_TYPE, EMPTY_QUESTION, emptyDraft, MEDIA_RULES, tooLong } from './composer.copy';
import type { OutboxHandOff } from '../offline/outbox.types';
import type { ComposerContext, Draft, DraftKey, MediaKind, PickedFile, PublishRequest } from './composer.types';

/** The draft as pure functions: what it accepts, what is wrong with it, the call it becomes. */

export const isHttpsUrl = (value: string) => {
  try {
    return new URL(value.trim()).protocol === 'https:';
  } catch {
    return false;
  }
};
export const isDataUrl = (value: string) => value.startsWith('data:');
export const hasMedia = (draft: Draft) => draft.image !== '' || draft.video !== '' || draft.gifUrl !== '';
export const isQuestion = (context: Pick<ComposerContext, 'type' | 'data'>) =>
  context.type === 'createquestion' || (context.type === 'editpost' && context.data?.kind === 'question');

/** A value the draft may hold under that key (a pick from the lists, or any text). */
export function acceptsDraftValue(key: DraftKey, value: string): boolean {
  switch (key) {
    case 'privacy':
      return (PRIVACY_LEVELS as readonly string[]).includes(value);
    case 'feelings':
      return value === '' || (FEELINGS as readonly string[]).includes(value);
    case 'bgColor':
      return (POST_BG_COLORS as readonly string[]).includes(value.toLowerCase());
    case 'gifUrl':
      return value === '' || isHttpsUrl(value);
    default:
      return key in emptyDraft;
  }
}

/**
 * The draft after one key changes. A post carries one attachment: attaching one drops the
 * others, and the background colour belongs to text-only posts.
 */
export function setDraft(draft: Draft, key: DraftKey, value: string): Draft {
  return produce(draft, (d) => {
    if (key === 'bgColor') {
      if (!hasMedia(d)) d.bgColor = value.toLowerCase();
      return;
    }
    (d as Record<DraftKey, string>)[key] = key === 'gifUrl' ? value.trim() : value;
    if (value === '' || !(key === 'image' || key === 'video' || key === 'gifUrl')) return;
    if (key !== 'image') {
      d.image = '';
      d.imageAlt = '';
    }
    if (key !== 'video') d.video = '';
    if (key !== 'gifUrl') d.gifUrl = '';
    d.bgColor = DEFAULT_BG_COLOR;
  });
}

export const draftFromPost = (post: Post): Draft => ({
  post: post.post,
  bgColor: post.bgColor || DEFAULT_BG_COLOR,
  privacy: post.privacy,
  feelings: post.feelings,
  gifUrl: post.gifUrl,
  image: post.image,
  imageAlt: post.imageAlt,
  video: post.video,
});

/**
 * Whether marking or unmarking this topic is allowed: questions carry no chosen topics, and a
 * fourth is refused (unmarking always works).
 */
export function canToggleTopic(context: Pick<ComposerContext, 'type' | 'data' | 'topics'>, topic: Topic): boolean {
  if (isQuestion(context)) return false;
  return context.topics.includes(topic) || context.topics.length < CHOSEN_TOPICS_MAX;
}

export const toggleTopic = (topics: readonly Topic[], topic: Topic): Topic[] =>
  topics.includes(topic) ? topics.filter((t) => t !== topic) : [...topics, topic];

/** The client-side refusal of a draft, as the server words it; null when it may be sent. */
export function draftProblem(context: ComposerContext): string | null {
  const { draft } = context;
  if (isQuestion(context)) {
    if (draft.post.trim() === '') return EMPTY_QUESTION;
    if (draft.post.length > POST_TEXT_MAX) return tooLong('Question');
    return null;
  }
  if (draft.post.trim() === '' && !hasMedia(draft)) return EMPTY_POST;
  if (draft.post.length > POST_TEXT_MAX) return tooLong('Post');
  return null;
}

/** The API call a valid draft becomes. */
export function publishRequest(context: ComposerContext): PublishRequest {
  const { draft, data } = context;
  // The format goes only when it says something: Markdown on a new item, a change on an edit.
  const format = context.format !== (data?.format ?? 'plain') ? { format: context.format } : {};
  const text = { post: draft.post, privacy: draft.privacy, ...format };
  // A new post sends its topics only when some are marked; an edit always does, so unmarking the last one sticks.
  const chosen = context.topics.length ? { topics: context.topics } : {};
  if (context.type === 'createquestion') return { kind: 'createQuestion', body: text };
  if (context.type === 'editpost' && data) {
    const postId = data._id;
    if (data.kind === 'question') return { kind: 'updatePost', postId, body: text };
    const common = { ...text, bgColor: draft.bgColor, feelings: draft.feelings, gifUrl: draft.gifUrl, topics: context.topics };
    if (isDataUrl(draft.image))
      return { kind: 'updateImagePost', postId, body: { ...common, image: draft.image, imageAlt: draft.imageAlt } };
    if (isDataUrl(draft.video)) return { kind: 'updateVideoPost', postId, body: { ...common, video: draft.video } };
    return {
      kind: 'updatePost',
      postId,
      body: {
        ...common,
        ...(draft.image ? { imageAlt: draft.imageAlt } : {}),
        ...(data.image !== '' && draft.image === '' ? { removeImage: true } : {}),
        ...(data.video !== '' && draft.video === '' ? { removeVideo: true } : {}),
      },
    };
  }
  if (context.group) {
    const groupPost = { post: draft.post, feelings: draft.feelings, ...format, ...chosen };
    const body: CreateGroupPostBody = draft.image
      ? { ...groupPost, image: draft.image, imageAlt: draft.imageAlt }
      : draft.video
        ? { ...groupPost, video: draft.video }
        : { ...groupPost, bgColor: draft.bgColor, gifUrl: draft.gifUrl };
    return { kind: 'createGroupPost', groupId: context.group.id, body };
  }
  const common = { ...text, feelings: draft.feelings, ...chosen };
  if (draft.image) return { kind: 'createImagePost', body: { ...common, image: draft.image, imageAlt: draft.imageAlt } };
  if (draft.video) return { kind: 'createVideoPost', body: { ...common, video: draft.video } };
  return { kind: 'createPost', body: { ...common, bgColor: draft.bgColor, gifUrl: draft.gifUrl } };
}

export const successText = (context: ComposerContext, post: Post) =>
  post.groupStatus === 'pending'
    ? POST_PENDING
    : context.type === 'editpost'
      ? context.data?.kind === 'question'
        ? 'Question updated'
        : 'Post updated'
      : context.type === 'createquestion'
        ? 'Question posted'
        : 'Post published';

export const fileProblem = (kind: MediaKind, file: PickedFile): string | null => {
  const rules = MEDIA_RULES[kind];
  if (!rules.types.includes(file.type)) return rules.typeError;
  if (file.size > rules.maxBytes) return rules.sizeError;
  return null;
};

export const closedContext = (): Omit<ComposerContext, 'clientSeed' | 'sent'> => ({
  type: DEFAULT_MODAL_TYPE,
  draft: emptyDraft,
  data: null,
  error: null,
  gifInput: '',
  panelError: null,
  group: null,
  format: 'plain',
  topics: [],
  sending: null,
  retries: 0,
  unsent: null,
});

/** What a send carries, to tell the same send from a changed one (a short digest: media are data URLs). */
export function digest(request: PublishRequest): string {
  const text = JSON.stringify(request);
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${text.length}:${hash.toString(16)}`;
}

/** A new post, question or group post carries the send's client id (an edit is a PUT: repeating it is harmless). */
export function withClientId(request: PublishRequest, clientId: string): PublishRequest {
  switch (request.kind) {
    case 'createPost':
    case 'createImagePost':
    case 'createVideoPost':
    case 'createQuestion':
    case 'createGroupPost':
      return { ...request, body: { ...request.body, clientId } } as PublishRequest;
    default:
      return request;
  }
}

/**
 * The sends the outbox takes when they find no server (docs/client-offline.md, "Outbox"): a new
 * post of the member's own stream or in a group (text, gif or one image) and a new question. A
 * video and an edit keep the composer's own retries.
 */
export const goesThroughOutbox = (request: PublishRequest) =>
  request.kind === 'createPost' ||
  request.kind === 'createImagePost' ||
  request.kind === 'createQuestion' ||
  (request.kind === 'createGroupPost' && !request.body.video);

/**
 * The send as the outbox keeps it, with its client id (an image as its data URL: the effect keeps
 * the bytes); a group post with the group's name, for its card.
 */
export function handOffOf(request: PublishRequest, clientId: string, groupName = ''): OutboxHandOff {
  switch (request.kind) {
    case 'createQuestion': {
      const { clientId: _, ...body } = request.body;
      return { kind: 'question', clientId, payload: { body, image: '' } };
    }
    case 'createImagePost': {
      const { clientId: _, image, ...body } = request.body;
      return { kind: 'post', clientId, payload: { body, image } };
    }
    case 'createPost': {
      const { clientId: _, ...body } = request.body;
      return { kind: 'post', clientId, payload: { body, image: '' } };
    }
    case 'createGroupPost': {
      const { clientId: _, image = '', video: __, poster: ___, ...body } = request.body;
      return { kind: 'groupPost', clientId, payload: { groupId: request.groupId, groupName, body, image } };
    }
    default:
      throw new Error(`composer: ${request.kind} does not go through the outbox`);
  }
}
