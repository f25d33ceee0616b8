import type { CreateGroupPostBody } from '../../api/groups';
import type {
  CreateImagePostBody,
  CreatePostBody,
  CreateQuestionBody,
  CreateVideoPostBody,
  Feeling,
  Post,
  Privacy,
  TextFormat,
  UpdateImagePostBody,
  UpdatePostBody,
  UpdateVideoPostBody,
} from '../../api/posts';
import type { Topic } from '../../api/posts/topics';

/** The composer's schema: the draft, the files, context, events and the calls it asks for. */

export type ModalType = 'createpost' | 'createquestion' | 'editpost';

/** The post being written. Media are data URLs when picked here, URLs when kept from the edited post. */
export interface Draft {
  post: string;
  bgColor: string;
  privacy: Privacy;
  feelings: Feeling;
  gifUrl: string;
  image: string;
  imageAlt: string;
  video: string;
}
export type DraftKey = keyof Draft;

/** What the composer knows of a file the member picked (a File has all of it). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}
export type MediaKind = 'image' | 'video';

/** The group a new post goes into; its privacy is the group's. */
export interface ComposerGroup {
  id: string;
  name: string;
}

/** The call the composer asks for; `src/effects/composer/composer.ts` maps it to the API client. */
export type PublishRequest =
  | { kind: 'createPost'; body: CreatePostBody }
  | { kind: 'createImagePost'; body: CreateImagePostBody }
  | { kind: 'createVideoPost'; body: CreateVideoPostBody }
  | { kind: 'createQuestion'; body: CreateQuestionBody }
  | { kind: 'createGroupPost'; groupId: string; body: CreateGroupPostBody }
  | { kind: 'updatePost'; postId: string; body: UpdatePostBody }
  | { kind: 'updateImagePost'; postId: string; body: UpdateImagePostBody }
  | { kind: 'updateVideoPost'; postId: string; body: UpdateVideoPostBody };

export interface ComposerContext {
  type: ModalType;
  draft: Draft;
  /** The post being edited or deleted (the spec's `data`). */
  data: Post | null;
  /** The inline alert: a validation message or the server's. */
  error: string | null;
  /** The gif panel's field, attached only when it is an https URL. */
  gifInput: string;
  /** A panel's own message (a refused file, a non-https gif URL). */
  panelError: string | null;
  /** Set when a new post goes into a group. */
  group: ComposerGroup | null;
  /** How the text is written: 'plain' (the default) or 'markdown' (then a preview tab shows it formatted). */
  format: TextFormat;
  /** The interest topics the author marks on a post (at most CHOSEN_TOPICS_MAX), in the order marked. */
  topics: Topic[];
  /** The send in flight: its client id (made on submit, kept through its retries) and what it sends. */
  sending: { clientId: string; request: string } | null;
  /** Retries made of it, after it got no answer. */
  retries: number;
  /** The last send that did not go out: submitting the same again reuses its client id ("Try again"). */
  unsent: { clientId: string; request: string } | null;
  /** Makes the client ids of this composer's sends (clientIds.ts); `sent` counts them. Kept when it closes. */
  clientSeed: string;
  sent: number;
}

export type ComposerEvent =
  | { type: 'composer.open'; modalType: 'createpost' | 'createquestion'; group?: ComposerGroup }
  | { type: 'composer.edit'; post: Post }
  | { type: 'composer.close' }
  | { type: 'composer.draft.set'; key: DraftKey; value: string }
  | { type: 'composer.draft.clear' }
  | { type: 'composer.feelings.open' }
  | { type: 'composer.feelings.select'; feeling: Feeling }
  | { type: 'composer.image.open' }
  | { type: 'composer.image.choose'; file: PickedFile }
  | { type: 'composer.video.open' }
  | { type: 'composer.video.choose'; file: PickedFile }
  | { type: 'composer.gif.open' }
  | { type: 'composer.gif.change'; url: string }
  | { type: 'composer.gif.attach' }
  | { type: 'composer.panel.close' }
  | { type: 'composer.media.remove' }
  | { type: 'composer.topics.toggle'; topic: Topic }
  /** The Markdown option: on ('markdown') or off ('plain'); the write tab shows again. */
  | { type: 'composer.format.set'; format: TextFormat }
  /** The write / preview tabs (Markdown only). */
  | { type: 'composer.preview.show' }
  | { type: 'composer.preview.hide' }
  | { type: 'composer.submit' }
  | { type: 'composer.delete.open'; post: Post }
  | { type: 'composer.delete.confirm' };

export type ComposerEmitted = { type: 'published'; post: Post; created: boolean } | { type: 'deleted'; postId: string };
