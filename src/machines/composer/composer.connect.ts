import { INTEREST_TOPICS } from '../../api/constants';
import type { Topic } from '../../api/posts/topics';
import {
  hasMedia,
  selectModalState,
  selectTakesAttachments,
  selectTriesAgain,
  type ComposerSnapshot,
  type MediaKind,
} from './composer.machine';

/**
 * What the composer modal and the delete dialog show and what the author may do, read from the
 * composer machine's snapshot. Views ask these instead of matching states or reading the context.
 */

export { hasMedia, selectModalState, selectTakesAttachments, selectTriesAgain };

/** The modal or the delete dialog is up (the parts are mounted from the first open on). */
export const selectIsOpen = (s: ComposerSnapshot) => !s.matches('closed');
/** The post is on its way (or waits to be sent again): fields are read-only, the modal stays. */
export const selectSending = (s: ComposerSnapshot) => s.matches('submitting') || s.matches('waitingToRetry');
/** The composer writes a question (no feelings, media or background). */
export const selectIsQuestion = (s: ComposerSnapshot) => !selectTakesAttachments(s);
/** The post goes into a group (new or edited): the group decides who sees it, so no privacy picker. */
export const selectInGroup = (s: ComposerSnapshot) => s.context.group !== null || (s.context.data?.groupId ?? null) !== null;

export const selectDraft = (s: ComposerSnapshot) => s.context.draft;
export const selectFeeling = (s: ComposerSnapshot) => s.context.draft.feelings;
export const selectError = (s: ComposerSnapshot) => s.context.error;
export const selectPanelError = (s: ComposerSnapshot) => s.context.panelError;
export const selectGifInput = (s: ComposerSnapshot) => s.context.gifInput;
export const selectTopics = (s: ComposerSnapshot) => s.context.topics;
/** 'plain' or 'markdown': the Markdown option. */
export const selectFormat = (s: ComposerSnapshot) => s.context.format;
/** The preview tab is shown (Markdown only): the text as it will read, instead of the field. */
export const selectPreviewing = (s: ComposerSnapshot) => s.matches({ open: { editing: 'previewing' } });
/** The image or video panel reads the picked file. */
export const selectReading = (s: ComposerSnapshot, kind: MediaKind) => s.matches({ open: { [`${kind}Dialog`]: 'reading' } } as never);

/** The modal's title. */
export function selectTitle(s: ComposerSnapshot): string {
  if (s.context.type === 'createpost') return s.context.group ? `Post in ${s.context.group.name}` : 'Create post';
  if (s.context.type === 'createquestion') return 'Ask a question';
  return s.context.data?.kind === 'question' ? 'Edit question' : 'Edit post';
}

/** The submit button's words, idle and busy. */
export function selectSubmitLabels(s: ComposerSnapshot): { idle: string; busy: string } {
  // What did not go out, unchanged: sending it again is the same send (same client id).
  if (s.context.unsent !== null && selectTriesAgain(s)) return { idle: 'Try again', busy: 'Posting...' };
  if (s.context.type === 'editpost') return { idle: 'Save', busy: 'Saving...' };
  if (s.context.type === 'createquestion') return { idle: 'Ask', busy: 'Asking...' };
  return { idle: 'Post', busy: 'Posting...' };
}

const toggle = (topic: Topic) => ({ type: 'composer.topics.toggle' as const, topic });
/** The topics the chart would take now (a fourth, or any while sending, is not), comma-joined so useSelector compares by value. */
export const selectTogglableTopics = (s: ComposerSnapshot) => INTEREST_TOPICS.filter((topic) => s.can(toggle(topic))).join(',');
/** The topic chip may be toggled now. */
export const canToggleTopic = (s: ComposerSnapshot, topic: Topic) => s.can(toggle(topic));

export const selectDeleting = (s: ComposerSnapshot) => s.matches({ deleteDialog: 'deleting' });
/** The delete dialog's refusal, only while it is up. */
export const selectDeleteError = (s: ComposerSnapshot) => (s.matches('deleteDialog') ? s.context.error : null);
