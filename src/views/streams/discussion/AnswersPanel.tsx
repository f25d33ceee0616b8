import { useSelector } from '@xstate/react';
import { CircleCheck, Pencil, Send, Trash2 } from 'lucide-react';
import { useId, useMemo, useRef } from 'react';
import { Form, Label, TextArea, TextField } from 'react-aria-components';
import { ANSWER_MAX } from '../../../api/constants';
import type { Post } from '../../../api/posts';
import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import {
  answerDraft,
  answerFormat,
  isPreviewingAnswer,
  answerEditing,
  answerFormError,
  answersError,
  canAccept,
  canChangeAnswer,
  hasAnswersFailed,
  isAnswersLoading,
  isPostingAnswer,
  isRequestRunning,
  isSavingAnswer,
  isTryAgain,
  shownAnswers,
} from '../../../machines/streams/discussion/answers.connect';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { FormatControls } from '../../ui/markdown/FormatControls';
import { FormatPreview } from '../../ui/markdown/FormatPreview';
import { FormattedText } from '../../ui/markdown/FormattedText';
import { timeAgo } from '../post/format';
import { PanelFailed, PanelLoading } from './PanelStates';
import { useDiscussionLogic } from './useDiscussionLogic';
import { useScreenActor } from '../../shared/useScreenActor';
import { useOutboxItems } from '../../offline/OutboxMark';
import { PendingItems, PendingList } from './PendingItem';
import { outboxAnswersFor } from '../../../machines/offline/outbox.connect';

const fieldClass =
  'w-full resize-y rounded-2xl border border-neutral-300 bg-white px-3 py-2 text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 focus:border-accent focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-red-700 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:aria-[invalid=true]:border-red-400';
const errorClass = 'text-sm font-medium text-red-700 dark:text-red-400';

/** A question's answers (the accepted one first), the answer form, and accepting for the asker. */
export function AnswersPanel({
  questionId,
  me,
  onQuestionChanged,
}: {
  questionId: string;
  me: Commenter;
  onQuestionChanged: (question: Post) => void;
}) {
  const logic = useDiscussionLogic();
  const box = useRef<HTMLTextAreaElement>(null);
  const formErrorId = useId();
  const provided = useMemo(
    () => logic.answers.provide({ actions: { questionChanged: (_, p: { question: Post }) => onQuestionChanged(p.question) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [logic],
  );
  const actor = useScreenActor(provided, { input: { questionId, me } });
  const loading = useSelector(actor, isAnswersLoading);
  const failed = useSelector(actor, hasAnswersFailed);
  const error = useSelector(actor, answersError);
  const answers = useSelector(actor, shownAnswers);
  const draft = useSelector(actor, answerDraft);
  const format = useSelector(actor, answerFormat);
  const previewing = useSelector(actor, isPreviewingAnswer);
  const formError = useSelector(actor, answerFormError);
  const editing = useSelector(actor, answerEditing);
  const posting = useSelector(actor, isPostingAnswer);
  const tryAgain = useSelector(actor, isTryAgain);
  const requestRuns = useSelector(actor, isRequestRunning);
  const saving = useSelector(actor, isSavingAnswer);
  const asker = useSelector(actor, canAccept);
  // The member's answers to this question still in the outbox (written offline, here or before), in the order written.
  const { outbox, items: waiting } = useOutboxItems((s) => outboxAnswersFor(s, questionId));

  if (loading) return <PanelLoading label="Loading answers" rows={2} rowClassName="h-16" />;
  // Offline the question's answers may not load: what the member wrote still shows, waiting.
  if (failed)
    return (
      <>
        <PanelFailed error={error} onRetry={() => actor.send({ type: 'answers.retry' })} />
        <PendingList label="Answers" className="flex flex-col gap-2 px-3 pb-3" outbox={outbox} items={waiting} me={me} />
      </>
    );

  return (
    <div className="flex flex-col">
      <ul aria-label="Answers" className="flex flex-col gap-2 px-3 py-3">
        {answers.length === 0 && waiting.length === 0 ? (
          <li className="px-2 py-4 text-center text-neutral-600 dark:text-neutral-400">No answers yet. Be the first to help.</li>
        ) : null}
        {answers.map((a) => {
          const own = canChangeAnswer(me, a);
          const isEditing = editing?.answerId === a._id;
          const editErrorId = `${a._id}-edit-error`;
          return (
            <li
              key={a._id}
              data-answer-id={a._id}
              aria-label={`Answer by ${a.username}${a.accepted ? ', accepted' : ''}`}
              className={`flex gap-2.5 rounded-2xl px-3 py-3 ${a.accepted ? 'border border-emerald-600/40 bg-emerald-50 dark:border-emerald-400/40 dark:bg-emerald-950/40' : ''}`}
            >
              <Avatar username={a.username} avatarColor={a.avatarColor} profilePicture={a.profilePicture} size="sm" />
              <div className="min-w-0 flex-1">
                {a.accepted ? (
                  <p className="mb-1 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
                    <CircleCheck aria-hidden="true" size={16} /> Accepted answer
                  </p>
                ) : null}
                <p className="text-sm">
                  <span className="font-semibold text-neutral-900 dark:text-white">{a.username}</span>{' '}
                  <span className="text-neutral-600 dark:text-neutral-400">
                    <time dateTime={a.createdAt} title={new Date(a.createdAt).toLocaleString()}>
                      {timeAgo(a.createdAt)}
                    </time>
                    {a.editedAt ? ' · edited' : ''}
                  </span>
                </p>
                {isEditing ? (
                  <Form
                    onSubmit={(e) => {
                      e.preventDefault();
                      actor.send({ type: 'answers.saveEdit' });
                    }}
                    className="mt-1 flex flex-col gap-2"
                  >
                    <FormatControls
                      format={editing.format}
                      previewing={editing.previewing}
                      headings
                      onFormat={(value) => actor.send({ type: 'answers.edit.format.set', format: value })}
                      onPreview={(show) => actor.send({ type: show ? 'answers.edit.preview.show' : 'answers.edit.preview.hide' })}
                    />
                    {editing.previewing ? <FormatPreview label="Edited answer preview" text={editing.text} place="answer" /> : null}
                    <TextField
                      aria-label="Edit answer"
                      value={editing.text}
                      onChange={(text) => actor.send({ type: 'answers.changeEdit', text })}
                      maxLength={ANSWER_MAX}
                      isInvalid={editing.error !== null}
                      aria-describedby={editing.error ? editErrorId : undefined}
                      className={editing.previewing ? 'hidden' : undefined}
                      autoFocus
                    >
                      <TextArea rows={3} className={fieldClass} />
                    </TextField>
                    {editing.error ? (
                      <p id={editErrorId} role="alert" className={errorClass}>
                        {editing.error}
                      </p>
                    ) : null}
                    <div className="flex gap-2">
                      <Button size="sm" type="submit" isPending={saving} isDisabled={requestRuns && !saving}>
                        Save
                      </Button>
                      <Button size="sm" variant="ghost" onPress={() => actor.send({ type: 'answers.cancelEdit' })}>
                        Cancel
                      </Button>
                    </div>
                  </Form>
                ) : (
                  <FormattedText
                    text={a.answer}
                    format={a.format}
                    place="answer"
                    className="mt-0.5 text-[15px] break-words text-neutral-900 dark:text-neutral-100"
                  />
                )}
                {asker && !isEditing ? (
                  <div className="mt-2">
                    {a.accepted ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        isDisabled={requestRuns}
                        onPress={() => actor.send({ type: 'answers.unaccept' })}
                      >
                        Unaccept
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<CircleCheck size={15} />}
                        isDisabled={requestRuns}
                        onPress={() => actor.send({ type: 'answers.accept', answerId: a._id })}
                      >
                        Accept
                      </Button>
                    )}
                  </div>
                ) : null}
              </div>
              {own && !isEditing ? (
                <div className="flex shrink-0 items-start">
                  <IconButton label="Edit answer" onPress={() => actor.send({ type: 'answers.startEdit', answerId: a._id })}>
                    <Pencil size={15} />
                  </IconButton>
                  <IconButton
                    label="Delete answer"
                    isDisabled={requestRuns}
                    onPress={() => actor.send({ type: 'answers.delete', answerId: a._id })}
                  >
                    <Trash2 size={15} />
                  </IconButton>
                </div>
              ) : null}
            </li>
          );
        })}
        <PendingItems outbox={outbox} items={waiting} me={me} />
      </ul>
      <Form
        aria-label="Answer"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'answers.submit' });
          box.current?.focus();
        }}
        className="flex flex-col gap-2 border-t border-neutral-200 px-4 py-3 dark:border-neutral-800"
      >
        <FormatControls
          format={format}
          previewing={previewing}
          headings
          onFormat={(value) => actor.send({ type: 'answers.format.set', format: value })}
          onPreview={(show) => actor.send({ type: show ? 'answers.preview.show' : 'answers.preview.hide' })}
        />
        {previewing ? (
          <section aria-label="Answer preview" className="min-h-20 rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800">
            {draft.trim() ? (
              <FormattedText
                text={draft}
                format="markdown"
                place="answer"
                className="text-[15px] break-words text-neutral-900 dark:text-neutral-100"
              />
            ) : (
              <p className="text-neutral-600 dark:text-neutral-400">Nothing to preview yet.</p>
            )}
          </section>
        ) : null}
        <TextField
          value={draft}
          onChange={(text) => actor.send({ type: 'answers.change', text })}
          maxLength={ANSWER_MAX}
          isInvalid={formError !== null}
          aria-describedby={formError ? formErrorId : undefined}
          className={previewing ? 'hidden' : 'flex flex-col gap-1'}
        >
          <Label className="text-sm font-semibold text-neutral-900 dark:text-white">Write an answer</Label>
          <TextArea ref={box} rows={3} placeholder="Share what you know…" className={fieldClass} />
        </TextField>
        {formError ? (
          <p id={formErrorId} role="alert" className={errorClass}>
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="md" isPending={posting} isDisabled={requestRuns && !posting} icon={<Send size={16} />}>
            {tryAgain ? 'Try again' : 'Post answer'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
