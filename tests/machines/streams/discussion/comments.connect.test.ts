import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { commentsMachine } from '../../../../src/machines/streams/discussion/comments.machine';
import {
  canChangeComment,
  hasMoreComments,
  isCommentSending,
  isTryAgain,
  shownComments,
} from '../../../../src/machines/streams/discussion/comments.connect';
import { comment } from '../../../fixtures/streams';

const me = { userId: 'u1', username: 'alice', avatarColor: '#f33e58', profilePicture: '' };
const mine = comment({ _id: 'c1', userId: 'u1' });
const theirs = comment({ _id: 'c2', userId: 'u2', username: 'bob' });

async function loaded() {
  const fetchComments = fromPromise(async () => ({ comments: [mine, theirs], commentsCount: 2, nextCursor: 'n1' }));
  const actor = createActor(commentsMachine.provide({ actors: { fetchComments } as never }), { input: { postId: 'p1', me } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return actor;
}

describe("a post's comments, as the panel shows them", () => {
  it('lets the member change their own comments only, as the machine does', async () => {
    const actor = await loaded();
    const s = actor.getSnapshot();
    expect(shownComments(s).map((c) => c._id)).toEqual(['c1', 'c2']);
    expect(hasMoreComments(s)).toBe(true);
    for (const c of shownComments(s)) {
      expect(canChangeComment(me, c)).toBe(s.can({ type: 'comments.startEdit', commentId: c._id }));
    }
    expect(canChangeComment(me, mine)).toBe(true);
    expect(canChangeComment(me, theirs)).toBe(false);
  });

  it('leaves a comment still on its way alone', () => {
    const sending = comment({ _id: 'pending-1', userId: 'u1' });
    expect(isCommentSending(sending)).toBe(true);
    expect(canChangeComment(me, sending)).toBe(false);
  });

  it('offers "Try again" only for the text that did not go out', async () => {
    const actor = await loaded();
    expect(isTryAgain(actor.getSnapshot())).toBe(false);
  });
});
