import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentsMachine, COMMENT_FAILED, COMMENTS_FAILED, TEMP_PREFIX, type CommentsContext } from '../../src/machines/comments.machine';
import { clientIdOf } from '../../src/machines/clientIds';
import { SEND_RETRIES } from '../../src/machines/sendRetry';
import { CLIENT_SEED, comment, noAnswer, refused } from '../fixtures/streams';
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
    clientId: c.inFlight?.clientId ?? null,
    retries: c.retries,
    unsent: c.unsent,
    error: c.error,
  });
};

const model = {
  input: { postId: 'p1', me, clientSeed: CLIENT_SEED },
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
    { type: 'xstate.error.actor.createComment', error: noAnswer() },
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
    // A send that failed is followed alone (from the list as loaded): its retries, then its Try again and how that ends.
    const asLoaded = (ids: string) =>
      c.comments.map((x) => x._id).join() === ids && c.editing === null && c.nextCursor !== null && snapshot.matches({ ready: { more: 'idle' } });
    if (c.retries > 0 || c.unsent !== null || c.seq === 2) {
      if (event.type === 'comments.submit') return c.seq === 1 && c.unsent !== null && asLoaded('c1,c2');
      return /^xstate\.(done|error)\.actor\.createComment$|^xstate\.after\./.test(event.type) && (c.seq === 2 || asLoaded(`c1,c2,${TEMP_PREFIX}1`));
    }
    if (event.type === 'comments.submit') return c.seq === 0;
    // No answer to the first send, on the list as loaded.
    if (event.type === 'xstate.error.actor.createComment' && (event as unknown as { error: unknown }).error instanceof Error) return asLoaded(`c1,c2,${TEMP_PREFIX}1`);
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
          expect(c.comments.at(-1)).toMatchObject({ _id: `${TEMP_PREFIX}${c.seq}`, userId: 'u1', comment: 'hi there' });
          expect(c.draft).toBe('');
        }
        const sending = actor.getSnapshot().children.createComment?.getSnapshot().input as { clientId: string } | undefined;
        // The first send, each retry of it, and its Try again carry one client id.
        if (sending) expect(sending.clientId).toBe(clientIdOf(CLIENT_SEED, 1));
        if (e.type === 'xstate.error.actor.createComment' && c.inFlight === null) {
          expect(c.comments.some((x) => x._id.startsWith(TEMP_PREFIX))).toBe(false);
          expect(toasts.at(-1)?.description).toBe(e.error instanceof Error ? COMMENT_FAILED : 'Comment must not exceed 2000 characters');
          expect(c.unsent).toEqual({ text: 'hi there', clientId: clientIdOf(CLIENT_SEED, 1) });
          // Given up only after every retry (a refusal is never retried).
          if (e.error instanceof Error) expect(c.retries).toBe(SEND_RETRIES);
        }
        if (e.type === 'xstate.error.actor.createComment' && c.inFlight !== null) {
          // No answer: still shown as being sent, and sent again after the pause.
          expect(c.comments.at(-1)?._id.startsWith(TEMP_PREFIX)).toBe(true);
          expect(actor.getSnapshot().matches({ ready: { write: 'waitingToRetry' } })).toBe(true);
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
