import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appUpdateLogic, workerActor, type WorkerWindow } from '../../../src/effects/offline/appUpdate';
import { createDrafts } from '../../../src/effects/offline/drafts';
import { appUpdateMachine, type AppUpdateContext } from '../../../src/machines/offline/appUpdate.machine';
import { isUpdateShown, isUpdateReloading } from '../../../src/machines/offline/appUpdate.connect';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { appUpdateModel } from './appUpdate.model';

const coverage = new TransitionCoverage(appUpdateMachine);

describe('app update machine', () => {
  const paths = pathsOf(appUpdateModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const reloads: number[] = [];
    const skips: number[] = [];
    let draftOpen = false;
    let newWorker = false;
    let activated = false;
    await replay(appUpdateMachine, path, {
      coverage,
      provide: {
        actions: {
          reloadPage: () => void reloads.push(1),
          activateWaiting: () => void skips.push(1),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Parameters<typeof isUpdateShown>[0] & { context: AppUpdateContext };
        const event = step.event as { type: string; open?: boolean };
        if (event.type === 'update.drafts') draftOpen = Boolean(event.open);
        if (event.type === 'update.waiting' || event.type === 'update.activated') newWorker = true;
        if (event.type === 'update.activated') activated = true;
        expect(snapshot!.context).toEqual({ draftOpen, activated });
        // Never a banner over an open draft, never one without a new version.
        if (draftOpen) expect(isUpdateShown(snapshot)).toBe(snapshot!.matches('reloading'));
        if (!newWorker) expect(snapshot!.matches('current')).toBe(true);
        // The waiting worker is asked to take over only on the member's Reload, once.
        expect(skips.length).toBe(snapshot!.matches('reloading') ? 1 : 0);
        // The page reloads only once Reload was chosen and the new worker controls it.
        if (reloads.length > 0) expect(isUpdateReloading(snapshot)).toBe(true);
        if (snapshot!.matches('reloading') && activated) expect(reloads.length).toBeGreaterThan(0);
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('appUpdate', stateCount(appUpdateMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

/** A stand-in for workbox-window's Workbox (the real one runs in the e2e journey, in Chromium). */
function fakeWorkbox() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const calls: string[] = [];
  const workbox = {
    addEventListener: (type: string, fn: (event: unknown) => void) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    removeEventListener: (type: string, fn: (event: unknown) => void) => void listeners.get(type)?.delete(fn),
    register: async () => void calls.push('register'),
    update: async () => void calls.push('update'),
    messageSkipWaiting: () => void calls.push('skipWaiting'),
  } as unknown as WorkerWindow;
  const emit = (type: string, event: unknown = {}) => listeners.get(type)?.forEach((fn) => fn(event));
  return { workbox, emit, calls, listeners };
}

describe('app update effects', () => {
  beforeEach(() => void vi.useFakeTimers());

  it('registers the worker, shows a waiting version, holds it behind a draft, and reloads once the new worker controls the page', async () => {
    const fake = fakeWorkbox();
    const drafts = createDrafts();
    const reloads: number[] = [];
    const actor = createActor(
      appUpdateLogic(workerActor({ load: async () => fake.workbox, drafts, enabled: () => true }), () => reloads.push(1)),
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toEqual(['register']);
    // A first install controlling the page is no new version.
    fake.emit('controlling', { isUpdate: false });
    expect(actor.getSnapshot().value).toBe('current');
    drafts.hold('composer');
    fake.emit('waiting');
    expect(actor.getSnapshot().value).toBe('deferred');
    drafts.hold('chat');
    drafts.release('composer');
    expect(actor.getSnapshot().value).toBe('deferred');
    drafts.release('chat');
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'update.reload' });
    expect(fake.calls).toEqual(['register', 'skipWaiting']);
    expect(reloads).toEqual([]);
    fake.emit('controlling', { isUpdate: true });
    expect(reloads).toEqual([1]);
    // An open page asks for a new build now and then.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(fake.calls).toContain('update');
    actor.stop();
    expect([...fake.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('a draft open before the worker is heard of still holds the banner back', async () => {
    const fake = fakeWorkbox();
    const drafts = createDrafts();
    drafts.hold('composer');
    const actor = createActor(
      appUpdateLogic(workerActor({ load: async () => fake.workbox, drafts, enabled: () => true }), () => {}),
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    fake.emit('waiting');
    expect(actor.getSnapshot().value).toBe('deferred');
    actor.stop();
  });

  it('runs on as before when the browser refuses the worker (blocked by a policy, a private window)', async () => {
    const fake = fakeWorkbox();
    // workbox-window's register throws where the browser answers no registration.
    fake.workbox.register = async () => {
      fake.calls.push('register');
      throw new TypeError("Cannot read properties of undefined (reading 'waiting')");
    };
    const drafts = createDrafts();
    const actor = createActor(
      appUpdateLogic(workerActor({ load: async () => fake.workbox, drafts, enabled: () => true }), () => {}),
    ).start();
    // A rejection left unhandled here would fail the test run.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(fake.calls).toEqual(['register']);
    expect(actor.getSnapshot().value).toBe('current');
    drafts.hold('x');
    expect(actor.getSnapshot().context.draftOpen).toBe(true);
    actor.stop();
  });

  it('registers nothing where the page may not (the dev server, a browser without workers), and still follows drafts', async () => {
    const load = vi.fn(async () => fakeWorkbox().workbox);
    const drafts = createDrafts();
    const actor = createActor(appUpdateLogic(workerActor({ load, drafts, enabled: () => false }), () => {})).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    drafts.hold('x');
    expect(actor.getSnapshot().context.draftOpen).toBe(true);
    actor.stop();
  });
});
