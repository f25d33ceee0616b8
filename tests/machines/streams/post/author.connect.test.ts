import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authorMachine } from '../../../../src/machines/streams/post/author.machine';
import { isBlockAsked, isChangingFollow, isPostAuthor, shownFollowing } from '../../../../src/machines/streams/post/author.connect';

// A call that never answers: the machine stays where it waits for it.
const pending = fromPromise(() => new Promise<never>(() => {})) as never;

describe("an author's follow and block, as the menus show them", () => {
  it("shows the server's answer, and the member's choice while a change is out", () => {
    const actor = createActor(authorMachine.provide({ actors: { changeFollow: pending } }), {
      input: { userId: 'u2', username: 'bob' },
    }).start();
    expect(shownFollowing(actor.getSnapshot(), false)).toBe(false);
    actor.send({ type: 'author.toggleFollow', following: false });
    expect(isChangingFollow(actor.getSnapshot())).toBe(true);
    expect(shownFollowing(actor.getSnapshot(), false)).toBe(true);
  });

  it('asks before blocking, until the member cancels', () => {
    const actor = createActor(authorMachine, { input: { userId: 'u2', username: 'bob' } }).start();
    actor.send({ type: 'author.askBlock' });
    expect(isBlockAsked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'author.cancelBlock' });
    expect(isBlockAsked(actor.getSnapshot())).toBe(false);
  });

  it("gives edit and delete to the post's author only, never to a visitor signed out", () => {
    expect(isPostAuthor('u1', { userId: 'u1' })).toBe(true);
    expect(isPostAuthor('u2', { userId: 'u1' })).toBe(false);
    expect(isPostAuthor(null, { userId: 'u1' })).toBe(false);
  });
});
