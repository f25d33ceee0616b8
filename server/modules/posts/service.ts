import type { Kysely, Updateable } from 'kysely';
import { EMPTY_POST, type Feeling, type Post, type PostKind, type Privacy, type TextFormat } from '../../../src/api/posts';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import type { Database, PostRow, PostsTable } from '../../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../../http/httpError';
import { fingerprintImage, type ImageFingerprint } from '../../media/imageHash';
import type { UploadedFile } from '../../http/uploadLimit';
import { headOf } from '../../media/files';
import { normalizeImage } from '../../media/images';
import type { MediaStorage, StoredMedia } from '../../media/storage';
import { scrubMp4File } from '../../media/mp4Metadata';
import { checkVideo } from '../../media/videos';
import type { Notifier } from '../notifications/service';
import type { PostAnnouncer } from './announce';
import type { PageRequest } from '../../core/paging';
import { presentPost, type PostWithAuthor } from '../../core/presentPost';
import type { PostFilter, PostStore } from './store';
import type { Viewer } from '../../core/visibility';
import type { Topic } from '../../../src/api/posts/topics';
import { joinTopics, splitTopics, topicsOfTags } from '../../core/postTopics';
import { indexedTextOf } from '../../core/textIndex';
import { noLongerAvailable, type Claim, type ClientSends } from '../sends/clientSends';

export const POST_NOT_FOUND = 'Post not found';
export const HIDDEN_POST_LOCKED = 'This post was hidden by moderators and cannot be edited';
export const EMPTY_QUESTION = 'Question must not be empty';

export interface NewPost {
  kind: PostKind;
  post: string;
  /** 'plain' when left out (group posts, older clients). */
  format?: TextFormat;
  bgColor: string;
  privacy: Privacy;
  feelings: Feeling;
  gifUrl: string;
  /** Uploaded files (on disk until the request ends), checked and stored here. */
  image?: UploadedFile | null;
  imageAlt?: string;
  video?: UploadedFile | null;
  /** The video's poster (its first frame, drawn by the composer): stored as an image; ignored without a video. */
  poster?: UploadedFile | null;
  /** A group post: its group and status (accepted when a group admin posts, else pending). */
  group?: { id: string; status: 'pending' | 'accepted' };
  /** The client's id for this send: a retry with the same one answers the first post (docs/api.md). */
  clientId?: string | undefined;
  /** The interest topics the author marks (at most three). */
  topics?: Topic[] | undefined;
}

export interface PostChanges {
  post?: string;
  format?: TextFormat;
  bgColor?: string;
  privacy?: Privacy;
  feelings?: Feeling;
  gifUrl?: string;
  imageAlt?: string;
  removeImage?: boolean;
  removeVideo?: boolean;
  image?: UploadedFile | null;
  video?: UploadedFile | null;
  /** With a new video only: its poster. */
  poster?: UploadedFile | null;
  topics?: Topic[];
}

export interface PostsAnswer {
  posts: Post[];
  total?: number;
  nextCursor: string | null;
}

interface PostDeps {
  config: Pick<Config, 'limits'>;
  clock: Clock;
  store: PostStore;
  media: MediaStorage;
  announce: PostAnnouncer;
  /** The inbox forgets entries about a deleted post and tells the members a post mentions. */
  notifier?: Pick<Notifier, 'forgetTarget' | 'notify'>;
  /** Idempotent sends: a retried create answers the first post. */
  sends: ClientSends;
}

/** The topics a post carries: the author's choice, then those its hashtags speak of (src/api/posts/topics.ts). */
const topicsOf = (chosen: readonly Topic[], tags: readonly string[]) => joinTopics([...new Set([...chosen, ...topicsOfTags(tags)])]);

const isEmpty = (post: { text: string; image: string; video: string; gif: string }) =>
  post.text.trim() === '' && !post.image && !post.video && !post.gif;

/** Posts and questions: the rules of creating, editing, deleting and reading them. */
export function createPostService(deps: PostDeps) {
  const { store, media, announce, clock } = deps;
  const now = () => clock.now().toISOString();

  /** Checked, re-encoded and stored; its fingerprint (search by image) is taken from the stored bytes. */
  async function storeImage(file: UploadedFile): Promise<StoredMedia & { fingerprint: ImageFingerprint | null }> {
    const image = await normalizeImage(file.path, file.owner);
    const fingerprint = await fingerprintImage(image.bytes, file.owner).catch(() => null);
    return { ...(await media.saveImage(image.bytes, image.ext)), fingerprint };
  }

  /** Checked by its first bytes, scrubbed in place (MP4) and moved into the media directory. */
  async function storeVideo(file: UploadedFile): Promise<StoredMedia> {
    const ext = checkVideo(await headOf(file.path));
    if (ext === 'mp4' && !(await scrubMp4File(file.path))) throw badRequest('Video could not be read: its movie header is too large');
    return media.moveVideo(file.path, ext);
  }

  /**
   * A video's poster through the photos' pipeline (re-encoded, size-limited, metadata dropped);
   * its refusals name the poster, so the member knows which file was wrong.
   */
  async function storePoster(file: UploadedFile): Promise<StoredMedia> {
    try {
      const image = await normalizeImage(file.path, file.owner);
      return await media.saveImage(image.bytes, image.ext);
    } catch (error) {
      if (error instanceof HttpError && error.message.startsWith('Image ')) {
        throw new HttpError(error.statusCode, `Video poster ${error.message.slice('Image '.length)}`);
      }
      throw error;
    }
  }

  async function removeMedia(files: { image?: [string, string]; video?: [string, string]; poster?: [string, string] }) {
    if (files.image && files.image[1]) await media.removeImage(...files.image);
    if (files.video && files.video[1]) await media.removeVideo(...files.video);
    if (files.poster && files.poster[1]) await media.removeImage(...files.poster);
  }

  const filesOf = (stored: { image?: StoredMedia | null; video?: StoredMedia | null; poster?: StoredMedia | null }) => ({
    ...(stored.image ? { image: [String(stored.image.version), stored.image.id] as [string, string] } : {}),
    ...(stored.video ? { video: [String(stored.video.version), stored.video.id] as [string, string] } : {}),
    ...(stored.poster ? { poster: [String(stored.poster.version), stored.poster.id] as [string, string] } : {}),
  });

  function checkNotEmpty(kind: PostKind, state: { text: string; image: string; video: string; gif: string }) {
    if (kind === 'question' && state.text.trim() === '') throw badRequest(EMPTY_QUESTION);
    if (isEmpty(state)) throw badRequest(EMPTY_POST);
  }

  /** The post if the viewer may see it; otherwise the same 404 whether it exists or not. */
  async function visible(viewer: Viewer, postId: string, kind?: PostKind): Promise<PostWithAuthor> {
    const row = await store.findVisible(viewer, postId);
    if (!row || (kind && row.kind !== kind)) throw notFound(kind === 'question' ? 'Question not found' : POST_NOT_FOUND);
    return row;
  }

  async function own(viewer: Viewer, postId: string, verb: 'edit' | 'delete'): Promise<PostWithAuthor> {
    const row = await visible(viewer, postId);
    if (row.user_id !== viewer.id) throw forbidden(`You can only ${verb} your own posts`);
    // The author still sees a post moderators hid, and may delete it, but not change it.
    if (verb === 'edit' && row.hidden) throw forbidden(HIDDEN_POST_LOCKED);
    return row;
  }

  /** Stores the media, then the post (with the send's key, when claimed, in the same transaction). */
  async function insertPost(viewer: Viewer, input: NewPost, claim: Claim | null): Promise<Post> {
    const image = input.image ? await storeImage(input.image) : null;
    let video: StoredMedia | null = null;
    let poster: StoredMedia | null = null;
    try {
      // The poster first: a bad one is refused before the video is moved into place.
      poster = input.video && input.poster ? await storePoster(input.poster) : null;
      video = input.video ? await storeVideo(input.video) : null;
      const at = now();
      // The text is read once: its tags give the topics here and are stored with its mentions.
      const indexed = indexedTextOf(input.post, input.format);
      const row: PostRow = {
        id: newId(),
        kind: input.kind,
        user_id: viewer.id,
        group_id: input.group?.id ?? null,
        group_status: input.group?.status ?? null,
        post: input.post.trim(),
        format: input.format ?? 'plain',
        bg_color: input.bgColor,
        privacy: input.privacy,
        feelings: input.feelings,
        gif_url: input.gifUrl,
        image_version: image ? String(image.version) : '',
        image_id: image?.id ?? '',
        image_alt: image ? (input.imageAlt ?? '') : '',
        video_version: video ? String(video.version) : '',
        video_id: video?.id ?? '',
        video_poster_version: poster ? String(poster.version) : '',
        video_poster_id: poster?.id ?? '',
        comments_count: 0,
        answers_count: 0,
        accepted_answer_id: null,
        reactions_like: 0,
        reactions_love: 0,
        reactions_angry: 0,
        reactions_happy: 0,
        reactions_sad: 0,
        reactions_wow: 0,
        hidden: 0,
        created_at: at,
        updated_at: at,
        edited_at: null,
        hidden_reason: '',
        hidden_by: null,
        hidden_at: null,
        chosen_topics: joinTopics(input.topics ?? []),
        topics: topicsOf(input.topics ?? [], indexed.tags),
      };
      const mentioned = await store.insert(
        row,
        indexed,
        { imageFingerprint: image?.fingerprint ?? null },
        claim ? (trx) => claim(trx, row.id, at) : undefined,
      );
      // Told to sockets after the answer, not before: the post is committed, so the author need not
      // wait for every connected reader's frame to be written; a failure is only logged.
      setImmediate(() => announce.postCreated(row.id));
      await mention(viewer, row.id, mentioned);
      return presentPost(await visible(viewer, row.id), viewer);
    } catch (error) {
      await removeMedia(filesOf({ image, video, poster }));
      throw error;
    }
  }

  /** Mentions never widen the audience: the inbox raises an entry only for those who may see the post. */
  const mention = (viewer: Viewer, postId: string, to: string[]) =>
    to.length > 0 ? deps.notifier?.notify({ kind: 'mention', to, actorId: viewer.id, target: { type: 'post', id: postId } }) : undefined;

  const page = async (
    viewer: Viewer,
    rows: Promise<{ rows: PostWithAuthor[]; total?: number; nextCursor: string | null }>,
  ): Promise<PostsAnswer> => {
    const result = await rows;
    return {
      posts: result.rows.map((row) => presentPost(row, viewer)),
      ...(result.total !== undefined ? { total: result.total } : {}),
      nextCursor: result.nextCursor,
    };
  };

  return {
    visible,

    /** A send with a client id is stored once: a retry answers the first post as it is now, announced once. */
    async create(viewer: Viewer, input: NewPost): Promise<Post> {
      checkNotEmpty(input.kind, {
        text: input.post,
        image: input.image ? 'file' : '',
        video: input.video ? 'file' : '',
        gif: input.gifUrl,
      });
      const key = input.clientId ? { authorId: viewer.id, kind: input.kind, clientId: input.clientId } : null;
      return deps.sends.once(
        key,
        (claim) => insertPost(viewer, input, claim),
        async (postId) => {
          const row = await store.findVisible(viewer, postId);
          if (!row) throw noLongerAvailable(input.kind === 'question' ? 'Question' : 'Post');
          return presentPost(row, viewer);
        },
      );
    },

    get: async (viewer: Viewer, postId: string): Promise<Post> => presentPost(await visible(viewer, postId), viewer),

    list: (viewer: Viewer, filter: PostFilter, request: PageRequest) => page(viewer, store.page(viewer, filter, request)),

    saved: (viewer: Viewer, request: PageRequest) => page(viewer, store.savedPage(viewer, request)),

    /** An interest topic's posts and questions the viewer may see, newest first. */
    topic: (viewer: Viewer, topic: Topic, request: PageRequest) => page(viewer, store.topicPage(viewer, topic, request)),

    /** Only the author edits; the post must not end up empty. Replaced media files are removed. */
    async update(viewer: Viewer, postId: string, changes: PostChanges): Promise<Post> {
      const existing = await own(viewer, postId, 'edit');
      const newImage = changes.image ? await storeImage(changes.image) : null;
      let newVideo: StoredMedia | null = null;
      let newPoster: StoredMedia | null = null;
      try {
        newPoster = changes.video && changes.poster ? await storePoster(changes.poster) : null;
        newVideo = changes.video ? await storeVideo(changes.video) : null;
        // An image and a video exclude each other: a new one of either replaces both.
        const dropImage = Boolean(newImage || newVideo || changes.removeImage);
        const dropVideo = Boolean(newImage || newVideo || changes.removeVideo);
        const next: Updateable<PostsTable> = {
          post: changes.post !== undefined ? changes.post.trim() : existing.post,
          format: changes.format ?? existing.format,
          bg_color: changes.bgColor ?? existing.bg_color,
          privacy: changes.privacy ?? existing.privacy,
          feelings: changes.feelings ?? existing.feelings,
          gif_url: changes.gifUrl ?? existing.gif_url,
          image_version: newImage ? String(newImage.version) : dropImage ? '' : existing.image_version,
          image_id: newImage ? newImage.id : dropImage ? '' : existing.image_id,
          image_alt: newImage || !dropImage ? (changes.imageAlt ?? existing.image_alt) : '',
          video_version: newVideo ? String(newVideo.version) : dropVideo ? '' : existing.video_version,
          video_id: newVideo ? newVideo.id : dropVideo ? '' : existing.video_id,
          // The poster goes with its video: a new video brings its own (or none), a removed one takes it.
          video_poster_version: newPoster ? String(newPoster.version) : dropVideo ? '' : existing.video_poster_version,
          video_poster_id: newPoster ? newPoster.id : dropVideo ? '' : existing.video_poster_id,
        };
        const chosen = changes.topics ?? splitTopics(existing.chosen_topics);
        next.chosen_topics = joinTopics(chosen);
        const indexed = indexedTextOf(next.post!, next.format);
        next.topics = topicsOf(chosen, indexed.tags);
        if (newImage && changes.imageAlt === undefined) next.image_alt = '';
        checkNotEmpty(existing.kind, { text: next.post!, image: next.image_id!, video: next.video_id!, gif: next.gif_url! });
        const before = await announce.audience(postId);
        const at = now();
        const imageChanged = next.image_id !== existing.image_id;
        const mentioned = await store.update(
          postId,
          { ...next, updated_at: at, edited_at: at },
          imageChanged ? { image: newImage?.fingerprint ?? null } : {},
          indexed,
        );
        await removeMedia({
          ...(existing.image_id && next.image_id !== existing.image_id
            ? { image: [existing.image_version, existing.image_id] as [string, string] }
            : {}),
          ...(existing.video_id && next.video_id !== existing.video_id
            ? { video: [existing.video_version, existing.video_id] as [string, string] }
            : {}),
          ...(existing.video_poster_id && next.video_poster_id !== existing.video_poster_id
            ? { poster: [existing.video_poster_version, existing.video_poster_id] as [string, string] }
            : {}),
        });
        await announce.postChanged(postId, 'post updated', before);
        await mention(viewer, postId, mentioned);
        return presentPost(await visible(viewer, postId), viewer);
      } catch (error) {
        await removeMedia(filesOf({ image: newImage, video: newVideo, poster: newPoster }));
        throw error;
      }
    },

    /** Only the author deletes; reactions, comments, answers, saved entries and media files go too. */
    async remove(viewer: Viewer, postId: string): Promise<void> {
      const existing = await own(viewer, postId, 'delete');
      // Lists drop it where they show it: the sockets that watch it.
      const before = await announce.watchingAudience(postId);
      await store.delete(postId);
      await removeMedia({
        image: [existing.image_version, existing.image_id],
        video: [existing.video_version, existing.video_id],
        poster: [existing.video_poster_version, existing.video_poster_id],
      });
      await announce.postDeleted(postId, before);
      await deps.notifier?.forgetTarget(postId);
    },

    /** A group admin accepts or declines a pending group post (the caller checked who may). */
    async setGroupStatus(postId: string, status: 'accepted' | 'declined'): Promise<void> {
      const before = await announce.audience(postId);
      await store.update(postId, { group_status: status, updated_at: now() });
      await announce.postChanged(postId, 'post updated', before, { entersLists: status === 'accepted' });
    },

    /**
     * For moderation (the admin area's hide/unhide): a hidden post vanishes for everyone but admins
     * and its author, who sees it marked with the reason. Announced like a privacy change: 'post
     * deleted' to those who lose sight, 'post updated' to those who keep it, 'post added' to those
     * who regain it. `moderation.write` runs in the same transaction; false when the post already
     * was in that state (nothing written, nothing announced).
     */
    async setHidden(
      postId: string,
      hidden: boolean,
      moderation: { reason?: string; by?: string | null; write?: (trx: Kysely<Database>) => Promise<void> } = {},
    ): Promise<boolean> {
      const before = await announce.audience(postId);
      const at = now();
      const changed = await store.setHidden(
        postId,
        hidden,
        hidden
          ? { hidden_reason: moderation.reason ?? '', hidden_by: moderation.by ?? null, hidden_at: at, updated_at: at }
          : { hidden_reason: '', hidden_by: null, hidden_at: null, updated_at: at },
        moderation.write,
      );
      if (changed) await announce.postChanged(postId, 'post updated', before);
      return changed;
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
