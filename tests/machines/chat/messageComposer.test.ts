import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_MESSAGE } from '../../../src/api/constants';
import { MESSAGE_TOO_LONG, NOT_AN_IMAGE } from '../../../src/machines/chat/chat.machine';
import { messageComposerMachine, READ_FAILED, type MessageComposerContext } from '../../../src/machines/chat/messageComposer.machine';
import { GIF, PNG } from './groupChat/groupChatFixtures';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { BAD_GIF, LONG, messageComposerModel, NOTES, PICTURE, serialize } from './messageComposer.model';

const coverage = new TransitionCoverage(messageComposerMachine);

describe('message composer machine', () => {
  const paths = pathsOf(messageComposerModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sent: unknown[] = [];
    let before: MessageComposerContext | null = null;
    await replay(messageComposerMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { sendDraft: (_: unknown, draft: unknown) => void sent.push(draft) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: MessageComposerContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        // The effect reads the very file the member picked.
        if (snapshot.children.readImage) expect(snapshot.children.readImage.getSnapshot().input).toEqual({ file: PICTURE });
        if (e.type === 'composer.pickImage' && e.file === NOTES) expect(c.error).toBe(NOT_AN_IMAGE);
        if (e.type === 'xstate.done.actor.readImage') expect(c.image).toBe(PNG);
        if (e.type === 'xstate.error.actor.readImage') expect(c.error).toBe(READ_FAILED);
        if (e.type === 'composer.attachGif' && before) {
          const expected: Record<string, { gifUrl: string; gifError: string | null }> = {
            [GIF]: { gifUrl: GIF, gifError: null },
            [BAD_GIF]: { gifUrl: '', gifError: 'GIF URL must be an https URL' },
          };
          expect({ gifUrl: c.gifUrl, gifError: c.gifError }).toEqual(expected[before.gifField] ?? { gifUrl: '', gifError: EMPTY_MESSAGE });
        }
        if (e.type === 'composer.send' && before) {
          const empty = before.body.trim() === '' && before.gifUrl === '' && before.image === '';
          if (empty) expect(sent).toEqual([]);
          else if (before.body === LONG) expect([sent, c.error]).toEqual([[], MESSAGE_TOO_LONG]);
          else {
            // Sent as it was, and the box is empty again.
            expect(sent).toEqual([{ body: before.body, gifUrl: before.gifUrl, image: before.image }]);
            expect([c.body, c.gifUrl, c.image]).toEqual(['', '', '']);
          }
        } else if (e.type !== 'composer.send') expect(sent).toEqual([]);
        before = c;
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('messageComposer', stateCount(messageComposerMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it('refuses an empty gif URL and a plain-http one with the server’s messages', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(messageComposerMachine).start();
    actor.send({ type: 'composer.openGif' });
    actor.send({ type: 'composer.attachGif' });
    expect(actor.getSnapshot().context.gifError).toBe(EMPTY_MESSAGE);
    actor.send({ type: 'composer.gifField', url: BAD_GIF });
    expect(actor.getSnapshot().context.gifError).toBeNull();
    actor.send({ type: 'composer.attachGif' });
    expect(actor.getSnapshot().context.gifError).toBe('GIF URL must be an https URL');
  });
});
