import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPEAL_FAILED, appealError, appealFormMachine, type AppealFormContext } from '../../../src/machines/checkpoint/appealForm.machine';
import { checkpointMachine, STANDING_FAILED, type CheckpointContext } from '../../../src/machines/checkpoint/checkpoint.machine';
import { networkFailure } from '../../fixtures/auth';
import { standing } from '../../fixtures/moderation';
import { coverOf, pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { appealFormModel, checkpointModel, GOOD, SUPPORT } from './checkpoint.model';

const checkpointCoverage = new TransitionCoverage(checkpointMachine);
const appealCoverage = new TransitionCoverage(appealFormMachine);
const HOME = { to: '/', replace: true };

describe.each([true, false])('checkpoint machine (token stored: %s)', (hasToken) => {
  const label = `token stored: ${hasToken}`;
  const { input } = coverOf(checkpointModel, label).options;
  const paths = pathsOf(checkpointModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const navigations: unknown[] = [];
    await replay(checkpointMachine, path, {
      input,
      coverage: checkpointCoverage,
      provide: { actions: { navigate: (_: unknown, to: unknown) => void navigations.push(to) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const c = snapshot.context as CheckpointContext;
        const e = step.event as ModelEvent & { output?: unknown };
        if (e.type === 'xstate.done.actor.fetchStanding') {
          expect(c.standing).toEqual(e.output);
          expect(snapshot.matches(e.output === standing.bannedPending ? 'banned' : 'notBanned')).toBe(true);
        }
        if (e.type === 'checkpoint.standing') {
          // The decision as it arrives: a rejection keeps the page banned, an approval lifts the ban.
          const next = (e as unknown as { standing: typeof standing.bannedRejected }).standing;
          expect(c.standing).toEqual(next);
          expect(snapshot.matches(next.ban ? 'banned' : 'notBanned')).toBe(true);
        }
        if (snapshot.matches('banned')) {
          // While banned the page listens for the decision and asks for the support address.
          expect(snapshot.children.appealWatch).toBeDefined();
        } else {
          expect(snapshot.children.appealWatch).toBeUndefined();
        }
        if (e.type === 'xstate.done.actor.fetchSupportEmail') expect(c.supportEmail).toBe(SUPPORT);
        if (e.type === 'xstate.error.actor.fetchSupportEmail') {
          expect(c.supportEmail).toBeNull();
          expect(snapshot.matches({ banned: 'supportKnown' })).toBe(true);
        }
        if (snapshot.value === 'failed') expect(c.error).toBe(STANDING_FAILED);
        // Only an unknown visitor leaves, and for the sign-in page.
        expect(navigations).toEqual(snapshot.value === 'away' ? [HOME] : []);
      },
    });
    // Without a token nothing is asked.
    if (!hasToken) expect(path.steps[0].state.value).toBe('away');
  });
});

describe.each([true, false])('appeal form machine (token stored: %s)', (hasToken) => {
  const label = `token stored: ${hasToken}`;
  const { input, serialize } = coverOf(appealFormModel, label).options;
  const paths = pathsOf(appealFormModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const navigations: unknown[] = [];
    await replay(appealFormMachine, path, {
      input,
      coverage: appealCoverage,
      serialize,
      provide: { actions: { navigate: (_: unknown, to: unknown) => void navigations.push(to) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const c = snapshot.context as AppealFormContext;
        const e = step.event as ModelEvent;
        if (e.type === 'appeal.submit') {
          if (c.message === GOOD) {
            expect(snapshot.value).toBe('sending');
            expect(snapshot.children.sendAppeal?.getSnapshot().input).toEqual({ message: GOOD });
          } else {
            // The contract's words, and nothing sent.
            expect(snapshot.value).toBe('editing');
            expect(c.fieldError).toBe(appealError(c.message));
            expect(c.fieldError).toMatch(/Appeal (is required|must be at least 20 characters)/);
          }
        }
        if (e.type === 'appeal.message') expect(c.fieldError).toBeNull();
        if (e.type === 'xstate.error.actor.sendAppeal' && snapshot.value === 'editing') {
          // The server's words, else ours; the text stays for another try.
          const error = (e as unknown as { error: unknown }).error;
          expect(c.error).toBe(error === networkFailure ? APPEAL_FAILED : 'You already have an appeal waiting for review');
          expect(c.message).toBe(GOOD);
        }
        if (e.type === 'xstate.done.actor.fetchStanding') {
          const output = (e as unknown as { output: unknown }).output;
          expect(snapshot.value).toBe(
            output === standing.neverBanned ? 'notBanned' : output === standing.bannedPending ? 'waiting' : 'editing',
          );
        }
        const expected = snapshot.value === 'away' ? [HOME] : snapshot.value === 'sent' ? [{ to: '/aarovel', replace: true }] : [];
        expect(navigations).toEqual(expected);
      },
    });
  });
});

afterAll(() => {
  console.log(checkpointCoverage.summary('checkpoint', stateCount(checkpointMachine)));
  console.log(appealCoverage.summary('appealForm', stateCount(appealFormMachine)));
  expect(checkpointCoverage.missed).toEqual([]);
  expect(appealCoverage.missed).toEqual([]);
});
