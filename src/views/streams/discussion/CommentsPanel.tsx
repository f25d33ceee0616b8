import { useSelector } from '@xstate/react';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Form, TextArea, TextField } from 'react-aria-components';
import { COMMENT_MAX } from '../../../api/constants';
import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import {
  canChangeComment,
  commentDraft,
  commentFormat,
  isPreviewingComment,
  commentEditing,
  commentsError,
  hasCommentsFailed,
  hasMoreComments,
  isAddingComment,
  isCommentSending,
  isCommentsLoading,
  isLoadingMoreComments,
  isTryAgain,
  shownComments,
} from '../../../machines/streams/discussion/comments.connect';
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
import { outboxCommentsFor } from '../../../machines/offline/outbox.connect';

const fieldClass =
  'w-full resize-none rounded-2xl border border-neutral-300 bg-white px-3 py-2 text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100 dark:placeholder:text-neutral-400';

/** The comments of a post: list, add, edit and delete one's own. */
export function CommentsPanel({
  postId,
  me,
  onCount,
}: {
  postId: string;
  me: Commenter;
  onCount: (postId: string, commentsCount: number) => void;
}) {
  // Sending disables the button; focus goes back to the box so it stays inside the dialog (Escape still closes it).
  const box = useRef<HTMLTextAreaElement>(null);
  const logic = useDiscussionLogic();
  const provided = useMemo(
    () =>
      logic.comments.provide({
        actions: { countChanged: (_, p: { postId: string; commentsCount: number }) => onCount(p.postId, p.commentsCount) },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [logic],
  );
  const actor = useScreenActor(provided, { input: { postId, me } });
  const loading = useSelector(actor, isCommentsLoading);
  const failed = useSelector(actor, hasCommentsFailed);
  const error = useSelector(actor, commentsError);
  const comments = useSelector(actor, shownComments);
  const draft = useSelector(actor, commentDraft);
  const format = useSelector(actor, commentFormat);
  const previewing = useSelector(actor, isPreviewingComment);
  const editing = useSelector(actor, commentEditing);
  const hasMore = useSelector(actor, hasMoreComments);
  const loadingMore = useSelector(actor, isLoadingMoreComments);
  const tryAgain = useSelector(actor, isTryAgain);
  const adding = useSelector(actor, isAddingComment);
  // The member's comments on this post still in the outbox (written offline, here or before), in the order written.
  const { outbox, items: waiting } = useOutboxItems((s) => outboxCommentsFor(s, postId));

  if (loading) return <PanelLoading label="Loading comments" rows={3} rowClassName="h-12" />;
  // Offline the comments may not load: what the member wrote still shows, waiting.
  if (failed)
    return (
      <>
        <PanelFailed error={error} onRetry={() => actor.send({ type: 'comments.retry' })} />
        <PendingList label="Comments" className="flex flex-col gap-1 px-3 pb-3" outbox={outbox} items={waiting} me={me} />
      </>
    );

  return (
    <div className="flex flex-col">
      <ul aria-label="Comments" className="flex flex-col gap-1 px-3 py-3">
        {comments.length === 0 && waiting.length === 0 ? (
          <li className="px-2 py-4 text-center text-neutral-600 dark:text-neutral-400">No comments yet. Start the conversation.</li>
        ) : null}
        {comments.map((c) => {
          const own = canChangeComment(me, c);
          const isEditing = editing?.commentId === c._id;
          return (
            <li key={c._id} className="flex gap-2.5 rounded-2xl px-2 py-2" data-comment-id={c._id}>
              <Avatar username={c.username} avatarColor={c.avatarColor} profilePicture={c.profilePicture} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <span className="font-semibold text-neutral-900 dark:text-white">{c.username}</span>{' '}
                  <span className="text-neutral-600 dark:text-neutral-400">
                    {isCommentSending(c) ? 'Sending…' : timeAgo(c.createdAt)}
                    {c.editedAt ? ' · edited' : ''}
                  </span>
                </p>
                {isEditing ? (
                  <Form
                    onSubmit={(e) => {
                      e.preventDefault();
                      actor.send({ type: 'comments.saveEdit' });
                    }}
                    className="mt-1 flex flex-col gap-2"
                  >
                    <FormatControls
                      format={editing.format}
                      previewing={editing.previewing}
                      onFormat={(value) => actor.send({ type: 'comments.edit.format.set', format: value })}
                      onPreview={(show) => actor.send({ type: show ? 'comments.edit.preview.show' : 'comments.edit.preview.hide' })}
                    />
                    {editing.previewing ? <FormatPreview label="Edited comment preview" text={editing.text} /> : null}
                    <TextField
                      aria-label="Edit comment"
                      value={editing.text}
                      onChange={(text) => actor.send({ type: 'comments.changeEdit', text })}
                      maxLength={COMMENT_MAX}
                      className={editing.previewing ? 'hidden' : undefined}
                    >
                      <TextArea rows={2} className={fieldClass} />
                    </TextField>
                    <div className="flex gap-2">
                      <Button size="sm" type="submit">
                        Save
                      </Button>
                      <Button size="sm" variant="ghost" onPress={() => actor.send({ type: 'comments.cancelEdit' })}>
                        Cancel
                      </Button>
                    </div>
                  </Form>
                ) : (
                  <FormattedText
                    text={c.comment}
                    format={c.format}
                    className="text-[15px] break-words text-neutral-900 dark:text-neutral-100"
                  />
                )}
              </div>
              {own && !isEditing ? (
                <div className="flex shrink-0">
                  <IconButton label="Edit comment" onPress={() => actor.send({ type: 'comments.startEdit', commentId: c._id })}>
                    <Pencil size={15} />
                  </IconButton>
                  <IconButton label="Delete comment" onPress={() => actor.send({ type: 'comments.delete', commentId: c._id })}>
                    <Trash2 size={15} />
                  </IconButton>
                </div>
              ) : null}
            </li>
          );
        })}
        <PendingItems outbox={outbox} items={waiting} me={me} />
      </ul>
      {hasMore ? (
        <div className="px-5 pb-3">
          <Button size="sm" variant="secondary" isPending={loadingMore} onPress={() => actor.send({ type: 'comments.loadMore' })}>
            More comments
          </Button>
        </div>
      ) : null}
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'comments.submit' });
          box.current?.focus();
        }}
        className="sticky bottom-0 flex flex-col gap-2 rounded-b-[calc(1.5rem-1px)] border-t border-neutral-200 bg-white px-4 py-3 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <FormatControls
          format={format}
          previewing={previewing}
          onFormat={(value) => actor.send({ type: 'comments.format.set', format: value })}
          onPreview={(show) => actor.send({ type: show ? 'comments.preview.show' : 'comments.preview.hide' })}
        />
        <div className="flex items-end gap-2">
          {previewing ? (
            <section
              aria-label="Comment preview"
              className="min-h-10 flex-1 rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800"
            >
              {draft.trim() ? (
                <FormattedText text={draft} format="markdown" className="text-[15px] break-words text-neutral-900 dark:text-neutral-100" />
              ) : (
                <p className="text-neutral-600 dark:text-neutral-400">Nothing to preview yet.</p>
              )}
            </section>
          ) : null}
          <TextField
            aria-label="Write a comment"
            value={draft}
            onChange={(text) => actor.send({ type: 'comments.change', text })}
            maxLength={COMMENT_MAX}
            className={previewing ? 'hidden' : 'flex-1'}
          >
            <TextArea
              ref={box}
              rows={1}
              placeholder="Write a comment…"
              className={fieldClass}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  actor.send({ type: 'comments.submit' });
                }
              }}
            />
          </TextField>
          <Button type="submit" size="md" isDisabled={draft.trim() === '' || adding} icon={<Send size={16} />}>
            {tryAgain ? 'Try again' : 'Send'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
