import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentsMachine, COMMENTS_FAILED, TEMP_PREFIX, type CommentsContext } from '../../src/machines/comments.machine';
import { comment, refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const me = { userId: 'u1', username: 'alice', avatarColor: '#f33e58', profilePicture: '' };
const mine = comment({ _id: 'c1', userId: 'u1' });
const theirs = comment({ _id: 'c2', userId: 'u2', username: 'bob', comment: 'Hello' });
const sent = comment({ _id: 'c3', userId: 'u1', comment: 'hi there' });
const older = comment({ _id: 'c4', userId: 'u2', username: 'bob' });
const live = comment({ _id: 'c5', userId: 'u2', username: 'bob' });
const notFound = refused('Post not found');

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as CommentsContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    ids: c.comments.map((x) => x._id),
    count: c.commentsCount,
    more: c.nextCursor !== null,
    draft: c.draft,
    editing: c.editing,
    inFlight: c.inFlight?.comment._id ?? null,
    error: c.error,
  });
};

const model = {
  input: { postId: 'p1', me },
  serialize,
  events: [
    { type: 'comments.retry' },
    { type: 'comments.loadMore' },
    { type: 'comments.change', text: 'hi there' },
    { type: 'comments.change', text: '   ' },
    { type: 'comments.submit' },
    { type: 'comments.startEdit', commentId: 'c1' },
    { type: 'comments.startEdit', commentId: 'c2' },
    { type: 'comments.changeEdit', text: 'edited' },
    { type: 'comments.changeEdit', text: '' },
    { type: 'comments.cancelEdit' },
    { type: 'comments.saveEdit' },
    { type: 'comments.delete', commentId: 'c1' },
    { type: 'comments.delete', commentId: 'c2' },
    { type: 'comments.added', comment: live, commentsCount: 9 },
    { type: 'comments.updated', comment: { ...theirs, comment: 'changed' }, commentsCount: 9 },
    { type: 'comments.removed', commentId: 'c2', commentsCount: 8 },
    { type: 'xstate.done.actor.fetchComments', output: { comments: [mine, theirs], commentsCount: 2, nextCursor: 'n1' } },
    { type: 'xstate.error.actor.fetchComments', error: notFound },
    { type: 'xstate.done.actor.createComment', output: { message: 'ok', comment: sent, commentsCount: 3 } },
    { type: 'xstate.error.actor.createComment', error: refused('Comment must not exceed 2000 characters', 400) },
    { type: 'xstate.done.actor.updateComment', output: { message: 'ok', comment: { ...mine, comment: 'edited', editedAt: 'x' }, commentsCount: 2 } },
    { type: 'xstate.error.actor.updateComment', error: refused('You can only edit your own comments', 403) },
    { type: 'xstate.done.actor.removeComment', output: { message: 'ok', postId: 'p1', commentsCount: 1 } },
    { type: 'xstate.error.actor.removeComment', error: notFound },
    { type: 'xstate.done.actor.moreComments', output: { comments: [older], commentsCount: 3, nextCursor: null } },
    { type: 'xstate.error.actor.moreComments', error: new Error('offline') },
  ] as ModelEvent[],
  // One comment sent per path, socket events on the loaded list only: the graph stays small.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as CommentsContext;
    if (event.type === 'comments.submit') return c.seq === 0;
    if (event.type.startsWith('comments.') && ['comments.added', 'comments.updated', 'comments.removed', 'comments.loadMore'].includes(event.type))
      return c.comments.map((x) => x._id).join() === 'c1,c2' && snapshot.matches({ ready: { write: 'idle' } });
    if (event.type === 'comments.change') return c.seq === 0 || c.draft !== '';
    return true;
  },
};

const coverage = new TransitionCoverage(commentsMachine);

describe('comments machine', () => {
  const paths = coverPaths(commentsMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { description: string }[] = [];
    const counts: number[] = [];
    let beforeEdit: string | undefined;
    await replay(commentsMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          countChanged: (_: unknown, p: { commentsCount: number }) => void counts.push(p.commentsCount),
        },
      },
      afterStep: (step, actor) => {
        const c = actor.getSnapshot().context as CommentsContext;
        const e = step.event as ModelEvent & { error?: { data?: { message: string } } | Error };
        if (e.type === 'comments.submit' && c.inFlight) {
          // Shown at once, under a temporary id, with the member as author.
          expect(c.comments.at(-1)).toMatchObject({ _id: `${TEMP_PREFIX}1`, userId: 'u1', comment: 'hi there' });
          expect(c.draft).toBe('');
        }
        if (e.type === 'xstate.error.actor.createComment') {
          expect(c.comments.some((x) => x._id.startsWith(TEMP_PREFIX))).toBe(false);
          expect(toasts.at(-1)?.description).toBe('Comment must not exceed 2000 characters');
        }
        if (e.type === 'xstate.done.actor.createComment') {
          expect(c.comments.filter((x) => x._id === 'c3')).toHaveLength(1);
          expect(counts.at(-1)).toBe(3);
        }
        if (e.type === 'comments.saveEdit' && c.inFlight) beforeEdit = c.inFlight.comment.comment;
        // A refused edit puts back the text from before it.
        if (e.type === 'xstate.error.actor.updateComment') expect(c.comments.find((x) => x._id === 'c1')?.comment).toBe(beforeEdit);
        if (e.type === 'xstate.error.actor.removeComment') expect(c.comments.some((x) => x._id === 'c1')).toBe(true);
        if (e.type === 'xstate.error.actor.fetchComments') expect(c.error).toBe('Post not found');
        if (e.type === 'xstate.error.actor.moreComments') expect(toasts.at(-1)?.description).toBe('offline');
        if (e.type === 'comments.startEdit' && (e as unknown as { commentId: string }).commentId === 'c2') expect(c.editing?.commentId).not.toBe('c2');
        expect(COMMENTS_FAILED).toBeTruthy();
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('comments', stateCount(commentsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
