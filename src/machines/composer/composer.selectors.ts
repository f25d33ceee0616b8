import type { Feeling, Post } from '../../api/posts';
import { digest, isQuestion, publishRequest } from './composer.draft';
import type { ComposerSnapshot } from './composer.machine';
import type { ComposerContext, ModalType } from './composer.types';

/** What the composer views read from a snapshot. */

/** The spec's modal state ("Post draft and modal state"), read from a snapshot. */
export interface ModalState {
  type: ModalType;
  isOpen: boolean;
  feeling: Feeling;
  /** The image preview: a picked image's data URL, or the edited post's image URL. */
  image: string;
  /** The post being edited or deleted. */
  data: Post | null;
  feelingsIsOpen: boolean;
  openFileDialog: boolean;
  openVideoDialog: boolean;
  gifModalIsOpen: boolean;
  /** Reactions and comments lists are the feed's own statecharts; the composer never opens them. */
  reactionsModalIsOpen: boolean;
  commentsModalIsOpen: boolean;
  deleteDialogIsOpen: boolean;
  /** What the delete dialog deletes: 'post' or 'question', '' while it is closed. */
  deleteDialogType: '' | Post['kind'];
}

export function selectModalState(snapshot: Pick<ComposerSnapshot, 'matches' | 'context'>): ModalState {
  const { context } = snapshot;
  const deleting = snapshot.matches('deleteDialog');
  return {
    type: context.type,
    isOpen: snapshot.matches('open') || snapshot.matches('submitting') || snapshot.matches('waitingToRetry'),
    feeling: context.draft.feelings,
    image: context.draft.image,
    data: context.data,
    feelingsIsOpen: snapshot.matches({ open: 'feelings' }),
    openFileDialog: snapshot.matches({ open: 'imageDialog' }),
    openVideoDialog: snapshot.matches({ open: 'videoDialog' }),
    gifModalIsOpen: snapshot.matches({ open: 'gifDialog' }),
    reactionsModalIsOpen: false,
    commentsModalIsOpen: false,
    deleteDialogIsOpen: deleting,
    deleteDialogType: deleting && context.data ? context.data.kind : '',
  };
}

/** Whether submitting now sends again what did not go out (the same client id): the button reads "Try again". */
export const selectTriesAgain = (snapshot: { context: ComposerContext }) =>
  snapshot.context.unsent !== null && snapshot.context.unsent.request === digest(publishRequest(snapshot.context));

/** Whether the composer takes feelings, media and a background (posts, not questions). */
export const selectTakesAttachments = (snapshot: { context: ComposerContext }) => !isQuestion(snapshot.context);
