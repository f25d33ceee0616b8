import type { Answer } from '../../../api/posts';
import { selectTakesRequests, type AnswersSnapshot } from './answers.machine';
import type { Commenter } from './comments.machine';

/**
 * What a question's answers panel shows and what the member may do there, read from the answers
 * machine's snapshot. The panel asks these instead of reading the context or comparing ids itself.
 */

export { selectTakesRequests };

export const isAnswersLoading = (s: AnswersSnapshot) => s.matches('loading');
export const hasAnswersFailed = (s: AnswersSnapshot) => s.matches('failed');
export const answersError = (s: AnswersSnapshot) => s.context.error;

export const shownAnswers = (s: AnswersSnapshot) => s.context.answers;
export const answerDraft = (s: AnswersSnapshot) => s.context.draft;
/** The answer box's Markdown option: 'plain' or 'markdown'. */
export const answerFormat = (s: AnswersSnapshot) => s.context.format;
/** The answer box shows its preview tab (Markdown only). */
export const isPreviewingAnswer = (s: AnswersSnapshot) => s.matches({ ready: { idle: 'previewing' } });
/** Why the answer form was refused, or null. */
export const answerFormError = (s: AnswersSnapshot) => s.context.formError;
/** The answer being edited, its text so far and why it was refused, or null. */
export const answerEditing = (s: AnswersSnapshot) => s.context.editing;

/** An answer is on its way. */
export const isPostingAnswer = (s: AnswersSnapshot) => s.matches({ ready: 'posting' });
export const isSavingAnswer = (s: AnswersSnapshot) => s.matches({ ready: 'saving' });
/** One request runs (an answer sent, saved, deleted, (un)accepted): the others' buttons wait, a click there would be lost. */
export const isRequestRunning = (s: AnswersSnapshot) => !selectTakesRequests(s);

/** The answer that did not go out is back in the form: sending it again is the same send ("Try again"). */
export const isTryAgain = (s: AnswersSnapshot) => s.context.unsent !== null && s.context.unsent.text === s.context.draft.trim();

/** The member asked the question: they accept an answer (as the machine's guards). */
export const canAccept = (s: AnswersSnapshot) => s.context.question !== null && s.context.question.userId === s.context.me.userId;

/** The member may edit and delete this answer: it is theirs (as the machine's guard). */
export const canChangeAnswer = (me: Pick<Commenter, 'userId'>, answer: Pick<Answer, 'userId'>) => answer.userId === me.userId;
