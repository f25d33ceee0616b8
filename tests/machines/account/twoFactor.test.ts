import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTER_CODE, ENTER_PASSWORD, twoFactorMachine, type TwoFactorContext } from '../../../src/machines/account/twoFactor.machine';
import { recoveryCodesText, twoFactorPanel } from '../../../src/machines/account/twoFactor.connect';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { CODES, serialize, twoFactorModel, wrongPassword } from './twoFactor.model';

const coverage = new TransitionCoverage(twoFactorMachine);

describe('two-factor settings machine', () => {
  const paths = pathsOf(twoFactorModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(twoFactorMachine, path, {
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          matches(v: unknown): boolean;
          context: TwoFactorContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        // What is sent is what the fields hold, spaces dropped from the code.
        if (snapshot.children.enable) expect(snapshot.children.enable.getSnapshot().input).toEqual({ code: '123456' });
        for (const id of ['disable', 'newCodes'])
          if (snapshot.children[id])
            expect(snapshot.children[id]!.getSnapshot().input).toEqual({ password: 'correct horse', code: '123456' });
        if (e.type === 'twoFactor.submit' && snapshot.matches('confirming')) expect(c.error).toBe(ENTER_CODE);
        if (e.type === 'twoFactor.submit' && snapshot.matches('asking'))
          expect(c.error).toBe(c.password === '' ? ENTER_PASSWORD : ENTER_CODE);
        // The recovery codes are shown only right after they were made, and gone once saved.
        if (snapshot.matches('showingCodes')) expect(c.recoveryCodes).toEqual(CODES);
        else expect(c.recoveryCodes).toEqual([]);
        if (e.type === 'twoFactor.saved') expect(c.status?.recoveryCodesLeft).toBe(10);
        if (e.type === 'xstate.error.actor.disable' && e.error === wrongPassword) expect(c.error).toBe('Wrong password');
        if (snapshot.matches('on')) expect(c.status?.enabled).toBe(true);
        if (snapshot.matches('off')) expect(c.status?.enabled).toBe(false);
        expect(twoFactorPanel(actor.getSnapshot() as never)).toEqual(expect.any(String));
      },
    });
  });

  it('writes the codes into a file a member can read', () => {
    expect(recoveryCodesText(['a', 'b'])).toContain('\na\nb\n');
  });
});

afterAll(() => {
  console.log(coverage.summary('twoFactor', stateCount(twoFactorMachine)));
  expect(coverage.missed).toEqual([]);
});
