import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Post } from '../../../src/api/posts';
import {
  canToggleTopic,
  selectDeleteError,
  selectDeleting,
  selectInGroup,
  selectIsOpen,
  selectIsQuestion,
  selectSending,
  selectSubmitLabels,
  selectTitle,
  selectTogglableTopics,
} from '../../../src/machines/composer/composer.connect';
import { composerMachine } from '../../../src/machines/composer/composer.machine';
import { question, textPost } from './composerFixtures';

const never = () => new Promise<never>(() => {});

/** The real composer, its sends never answered, so the test sees it while it sends. */
function composer() {
  return createActor(
    composerMachine.provide({
      actors: {
        publish: fromPromise<Post, unknown>(never),
        deletePost: fromPromise<{ postId: string }, unknown>(never),
        readMedia: fromPromise<string, unknown>(never),
      } as never,
      actions: { showToast: () => {} },
    }),
    { input: { clientSeed: 'seed' } },
  ).start();
}

describe('composer connect', () => {
  it('titles and labels the modal by what is written, and holds everything while the post is sent', () => {
    const actor = composer();
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'composer.open', modalType: 'createpost', group: { id: 'g1', name: 'Harbour walkers' } });
    let s = actor.getSnapshot();
    expect(selectTitle(s)).toBe('Post in Harbour walkers');
    expect(selectInGroup(s)).toBe(true);
    expect(selectSubmitLabels(s)).toEqual({ idle: 'Post', busy: 'Posting...' });
    expect(canToggleTopic(s, 'music')).toBe(true);
    actor.send({ type: 'composer.draft.set', key: 'post', value: 'Fog on the water' });
    actor.send({ type: 'composer.submit' });
    s = actor.getSnapshot();
    expect(selectSending(s)).toBe(true);
    // While sending no topic may be toggled.
    expect(selectTogglableTopics(s)).toBe('');
    expect(canToggleTopic(s, 'music')).toBe(false);
  });

  it('allows at most three topics', () => {
    const actor = composer();
    actor.send({ type: 'composer.open', modalType: 'createpost' });
    for (const topic of ['music', 'science', 'art'] as const) actor.send({ type: 'composer.topics.toggle', topic });
    const s = actor.getSnapshot();
    expect(canToggleTopic(s, 'music')).toBe(true);
    expect(canToggleTopic(s, 'travel')).toBe(false);
  });

  it('edits a question as a question, and says which edit it is', () => {
    const actor = composer();
    actor.send({ type: 'composer.edit', post: question });
    expect(selectIsQuestion(actor.getSnapshot())).toBe(true);
    expect(selectTitle(actor.getSnapshot())).toBe('Edit question');
    expect(selectSubmitLabels(actor.getSnapshot())).toEqual({ idle: 'Save', busy: 'Saving...' });
  });

  it('shows the delete dialog, deleting, and no error of the modal in it', () => {
    const actor = composer();
    actor.send({ type: 'composer.delete.open', post: textPost });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectDeleteError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'composer.delete.confirm' });
    expect(selectDeleting(actor.getSnapshot())).toBe(true);
  });
});
