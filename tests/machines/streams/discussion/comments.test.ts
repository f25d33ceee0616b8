import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  commentsMachine,
  COMMENT_FAILED,
  COMMENTS_FAILED,
  TEMP_PREFIX,
  type CommentsContext,
} from '../../../../src/machines/streams/discussion/comments.machine';
import { clientIdOf } from '../../../../src/machines/shared/clientIds';
import { CLIENT_SEED } from '../../../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { commentsModel, model, serialize } from './comments.model';

const coverage = new TransitionCoverage(commentsMachine);

describe('comments machine', () => {
  const paths = pathsOf(commentsModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { description: string }[] = [];
    const counts: number[] = [];
    const outbox: unknown[] = [];
    let shown = 0;
    let beforeEdit: string | undefined;
    await replay(commentsMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          countChanged: (_: unknown, p: { commentsCount: number }) => void counts.push(p.commentsCount),
          toOutbox: (_: unknown, handOff: unknown) => void outbox.push(handOff),
        },
      },
      afterStep: (step, actor) => {
        const toastsBefore = shown;
        shown = toasts.length;
        const c = actor.getSnapshot().context as CommentsContext;
        const e = step.event as ModelEvent & { error?: { data?: { message: string } } | Error };
        if (e.type === 'comments.submit' && c.inFlight) {
          // Shown at once, under a temporary id, with the member as author.
          expect(c.comments.at(-1)).toMatchObject({ _id: `${TEMP_PREFIX}${c.seq}`, userId: 'u1', comment: 'hi there' });
          expect(c.draft).toBe('');
        }
        const sending = actor.getSnapshot().children.createComment?.getSnapshot().input as { clientId: string } | undefined;
        // The first send and its Try again carry one client id.
        if (sending) expect(sending.clientId).toBe(clientIdOf(CLIENT_SEED, 1));
        if (e.type === 'xstate.error.actor.createComment') {
          // Never left shown as being sent: the outbox shows it (no answer), or its text is back (refused).
          expect(c.inFlight).toBe(null);
          expect(c.comments.some((x) => x._id.startsWith(TEMP_PREFIX))).toBe(false);
          if (e.error instanceof Error) {
            // No answer: handed to the outbox with its client id, post, text and format; no error shown.
            expect(outbox.at(-1)).toEqual({
              kind: 'comment',
              clientId: clientIdOf(CLIENT_SEED, 1),
              payload: { postId: 'p1', comment: 'hi there', format: c.format },
            });
            expect([toasts.length, c.unsent, c.draft]).toEqual([toastsBefore, null, '']);
          } else {
            expect(toasts.at(-1)?.description).toBe('Comment must not exceed 2000 characters');
            expect(c.unsent).toEqual({ text: 'hi there', clientId: clientIdOf(CLIENT_SEED, 1) });
            expect(outbox).toEqual([]);
          }
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
        if (e.type === 'comments.startEdit' && (e as unknown as { commentId: string }).commentId === 'c2')
          expect(c.editing?.commentId).not.toBe('c2');
        expect([COMMENTS_FAILED, COMMENT_FAILED].every(Boolean)).toBe(true);
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('comments', stateCount(commentsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
