import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MyAppeal } from '../../../src/api/moderation';
import { checkpointMachine } from '../../../src/machines/checkpoint/checkpoint.machine';
import {
  appealOutcome,
  canAppeal,
  canAppealAgain,
  hasNotAppealed,
  isBanLiftedByAppeal,
  supportEmail,
} from '../../../src/machines/checkpoint/checkpoint.connect';
import { standing } from '../../fixtures/moderation';

/** The checkpoint once the server has told the member's standing. */
async function settled(answer: MyAppeal, support: string | null = null) {
  const machine = checkpointMachine.provide({
    actors: { fetchStanding: fromPromise(async () => answer), fetchSupportEmail: fromPromise(async () => support) },
    actions: { navigate: () => {} },
  });
  const actor = createActor(machine, { input: { hasToken: true } }).start();
  return waitFor(actor, (s) => s.matches({ banned: 'supportKnown' }) || s.matches('notBanned'));
}

describe('who may appeal a ban', () => {
  it('a banned member who never appealed, or whose appeal was rejected', async () => {
    const never = await settled(standing.bannedNoAppeal);
    expect([canAppeal(never), hasNotAppealed(never), canAppealAgain(never)]).toEqual([true, true, false]);
    const rejected = await settled(standing.bannedRejected);
    expect([canAppeal(rejected), hasNotAppealed(rejected), canAppealAgain(rejected)]).toEqual([true, false, true]);
  });

  it('not while an appeal waits, nor once the ban is lifted', async () => {
    expect(canAppeal(await settled(standing.bannedPending))).toBe(false);
    const lifted = await settled(standing.liftedByAppeal);
    expect(canAppeal(lifted)).toBe(false);
    expect(isBanLiftedByAppeal(lifted)).toBe(true);
  });
});

describe('what the pages show of it', () => {
  it('the support address beside the ban, when the server has one', async () => {
    expect(supportEmail(await settled(standing.bannedNoAppeal, 'help@stoa.example.org'))).toBe('help@stoa.example.org');
    expect(supportEmail(await settled(standing.bannedNoAppeal))).toBeNull();
  });

  it("the appeal's outcome for the page's icon", async () => {
    expect(appealOutcome(await settled(standing.bannedNoAppeal))).toBeNull();
    expect(appealOutcome(await settled(standing.bannedPending))).toBe('pending');
    expect(appealOutcome(await settled(standing.bannedRejected))).toBe('rejected');
    expect(appealOutcome(await settled(standing.liftedByAppeal))).toBe('approved');
  });
});
