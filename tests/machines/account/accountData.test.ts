import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { accountDataLogic } from '../../../src/effects/account/accountData';
import {
  CANCEL_FAILED,
  DELETION_FAILED,
  DOWNLOAD_FAILED,
  accountDataMachine,
  type AccountDataContext,
} from '../../../src/machines/account/accountData.machine';
import { canDownload, isConfirmingDeletion, isDeletionCodeNeeded, isPreparing } from '../../../src/machines/account/accountData.connect';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { accountDataModel, DELETION, LINK, READY, serialize } from './accountData.model';

const coverage = new TransitionCoverage(accountDataMachine);

describe.each(['export', 'deletion'])('account data machine (%s)', (label) => {
  const paths = pathsOf(accountDataModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const downloads: string[] = [];
    await replay(accountDataMachine, path, {
      coverage,
      input: { withExport: label === 'export' },
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          openDownload: (_: unknown, url: string) => void downloads.push(url),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: AccountDataContext; matches(v: unknown): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (label === 'deletion') expect(snapshot.matches({ export: 'off' })).toBe(true);
        if (e.type === 'xstate.done.actor.exportLink') expect(downloads.at(-1)).toBe(LINK.url);
        if (e.type === 'xstate.error.actor.exportLink') expect(c.exportError).toBe('Your data is not ready to download');
        if (e.type === 'xstate.error.actor.scheduleDeletion') {
          expect(snapshot.matches({ deletion: 'confirming' })).toBe(true);
          expect(c.deletionError).toBe('Wrong password');
        }
        if (e.type === 'xstate.done.actor.scheduleDeletion') {
          expect(c.deletion).toEqual(DELETION);
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Your account is scheduled for deletion' });
        }
        if (e.type === 'xstate.done.actor.cancelDeletion') expect(c.deletion).toBeNull();
        if (e.type === 'accountData.closeDelete') expect(c.deletionError).toBeNull();
        // A preparing archive is read again: the region waits, never rests in `shown`.
        if (c.export?.status === 'preparing') expect(snapshot.matches({ export: 'shown' })).toBe(false);
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('accountData', stateCount(accountDataMachine)));
  expect(coverage.missed).toEqual([]);
});

describe('account data effects', () => {
  it('runs the real machine against a fake server: prepares, polls until ready, downloads; schedules and cancels a deletion', async () => {
    vi.useFakeTimers();
    let state: 'none' | 'preparing' | 'ready' = 'none';
    let reads = 0;
    let deletion: typeof DELETION | null = null;
    const opened: string[] = [];
    const api = {
      accountData: {
        exportState: async () => {
          reads += 1;
          if (state === 'preparing' && reads > 2) state = 'ready';
          return { export: state === 'none' ? null : state === 'ready' ? READY : { ...READY, status: 'preparing' as const } };
        },
        startExport: async () => {
          state = 'preparing';
          return { export: { ...READY, status: 'preparing' as const } };
        },
        exportLink: async () => LINK,
        // Two-factor sign-in is on: the state says a code is needed, and scheduling checks it.
        deletionState: async () => ({ deletion, codeNeeded: true }),
        scheduleDeletion: async ({ password, code }: { password: string; code?: string }) => {
          if (password !== 'right' || code !== '123456')
            throw Object.assign(new Error('refused'), { data: { message: 'Wrong password', statusCode: 400 }, statusCode: 400 });
          deletion = DELETION;
          return { deletion };
        },
        cancelDeletion: async () => {
          deletion = null;
          return { deletion };
        },
      },
    } as unknown as ApiClient;
    const app = { system: { get: () => undefined } };
    const logic = accountDataLogic(app, { api, openDownload: (url) => opened.push(url) });
    const actor = createActor(logic.accountData, { input: { withExport: true } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ export: 'shown', deletion: 'shown' })).toBe(true));
    actor.send({ type: 'accountData.prepare' });
    await vi.waitFor(() => expect(isPreparing(actor.getSnapshot())).toBe(true));
    for (let i = 0; i < 3 && !canDownload(actor.getSnapshot()); i += 1) await vi.advanceTimersByTimeAsync(4000);
    expect(canDownload(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'accountData.download' });
    await vi.waitFor(() => expect(opened).toEqual([LINK.url]));

    actor.send({ type: 'accountData.askDelete' });
    expect(isConfirmingDeletion(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'accountData.confirmDelete', password: 'wrong' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.deletionError).toBe('Wrong password'));
    expect(isDeletionCodeNeeded(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'accountData.confirmDelete', password: 'right', code: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.deletion).toEqual(DELETION));
    actor.send({ type: 'accountData.cancelDeletion' });
    await waitFor(actor, (s) => s.context.deletion === null && s.matches({ deletion: 'shown' }));
    // The answers to schedule and cancel say nothing of it: still needed.
    expect(isDeletionCodeNeeded(actor.getSnapshot())).toBe(true);
    actor.stop();
    vi.useRealTimers();
    expect([DOWNLOAD_FAILED, DELETION_FAILED, CANCEL_FAILED].every((text) => text.endsWith('Please try again.'))).toBe(true);
  });
});
