import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { privateChatCacheMachine, type PrivateChatCacheContext } from '../../../src/machines/chat/privateChatCache.machine';
import type { ToastRequest } from '../../../src/machines/shell/toastRequest';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { privateChatCacheModel, shownList } from './privateChatCache.model';

const coverage = new TransitionCoverage(privateChatCacheMachine);

interface Snap {
  matches(value: unknown): boolean;
  context: PrivateChatCacheContext;
  children: Record<string, unknown>;
}

describe('private chat cache machine', () => {
  const paths = pathsOf(privateChatCacheModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: ToastRequest[] = [];
    let detaches = 0;
    let listening: (() => void) | null = null;
    // What the listener and the clean-up looked like before the step.
    let wasAttached = false;
    let hadChat = false;
    let wasRemoving = false;
    await replay(privateChatCacheMachine, path, {
      coverage,
      provide: { actions: { showToast: (_: unknown, toast: ToastRequest) => void toasts.push(toast) } },
      afterStep: (step, actor) => {
        // The first step cannot emit (nothing is attached at start): listen from there on.
        listening ??= actor.on('privateChat.detach', () => void (detaches += 1)).unsubscribe;
        const snapshot = actor.getSnapshot() as unknown as Snap;
        const { type } = step.event;
        // The call to the server runs exactly while a chat is being left, for the chat that was first in the list.
        expect(Boolean(snapshot.children.leaveChat)).toBe(snapshot.matches({ leaving: 'removing' }));
        if (snapshot.matches({ leaving: 'removing' })) expect(snapshot.context.leaving).toEqual(shownList[0]);
        else expect(snapshot.context.leaving).toBeNull();
        if (type === 'privateChat.listed') expect(snapshot.context.list).toEqual(shownList);
        if (type === 'privateChat.clear') {
          // The clean-up empties the cache, tells an attached listener to stop, and leaves the chat if one was listed.
          expect(snapshot.context.list).toEqual([]);
          expect(snapshot.matches({ listener: 'detached' })).toBe(true);
          expect(detaches).toBe(wasAttached ? 1 : 0);
          expect(snapshot.matches({ leaving: 'removing' })).toBe(hadChat || wasRemoving);
        } else if (step !== path.steps[1]) {
          expect(detaches).toBe(0);
        }
        detaches = 0;
        if (type === 'xstate.error.actor.leaveChat') expect(toasts).toEqual([{ type: 'error', description: 'User not found' }]);
        else expect(toasts).toEqual([]);
        toasts.length = 0;
        wasAttached = snapshot.matches({ listener: 'attached' });
        hadChat = snapshot.context.list.length > 0;
        wasRemoving = snapshot.matches({ leaving: 'removing' });
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('privateChatCache', stateCount(privateChatCacheMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
