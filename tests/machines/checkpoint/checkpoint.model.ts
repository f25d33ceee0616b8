import { appealFormMachine, type AppealFormContext } from '../../../src/machines/checkpoint/appealForm.machine';
import { checkpointMachine } from '../../../src/machines/checkpoint/checkpoint.machine';
import { apiFailure, networkFailure, unauthorized } from '../../fixtures/auth';
import { standing } from '../../fixtures/moderation';
import type { MachineModel, ModelEvent } from '../cover';

const checkpointOptions = (hasToken: boolean) => ({
  input: { hasToken },
  events: [
    { type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending },
    { type: 'xstate.done.actor.fetchStanding', output: standing.liftedByAppeal },
    { type: 'xstate.error.actor.fetchStanding', error: unauthorized },
    { type: 'xstate.error.actor.fetchStanding', error: networkFailure },
    { type: 'checkpoint.retry' },
    { type: 'xstate.done.actor.fetchSupportEmail', output: SUPPORT },
    { type: 'xstate.error.actor.fetchSupportEmail', error: networkFailure },
    // The appeal watch: an admin rejects (still banned) or approves (lifted) while the page is open.
    { type: 'checkpoint.standing', standing: standing.bannedRejected },
    { type: 'checkpoint.standing', standing: standing.liftedByAppeal },
  ] as ModelEvent[],
});

export const SUPPORT = 'help@stoa.example.org';

export const checkpointModel: MachineModel = {
  name: 'checkpoint',
  machine: checkpointMachine,
  covers: [true, false].map((hasToken) => ({ label: `token stored: ${hasToken}`, options: checkpointOptions(hasToken) })),
};

const SHORT = 'Please unban me';
export const GOOD = 'It was a script gone wrong; it is switched off now and will stay off.';
const appealOptions = (hasToken: boolean) => ({
  input: { hasToken },
  serialize: (s: { value: unknown; status: string; context: unknown }) => {
    const c = s.context as AppealFormContext;
    return JSON.stringify({
      value: s.value,
      status: s.status,
      message: c.message,
      fieldError: c.fieldError,
      error: c.error,
      standing: c.standing,
    });
  },
  events: [
    { type: 'xstate.done.actor.fetchStanding', output: standing.bannedNoAppeal },
    { type: 'xstate.done.actor.fetchStanding', output: standing.bannedPending },
    { type: 'xstate.done.actor.fetchStanding', output: standing.neverBanned },
    { type: 'xstate.error.actor.fetchStanding', error: unauthorized },
    { type: 'xstate.error.actor.fetchStanding', error: networkFailure },
    { type: 'appeal.retry' },
    { type: 'appeal.message', value: SHORT },
    { type: 'appeal.message', value: GOOD },
    { type: 'appeal.submit' },
    { type: 'xstate.done.actor.sendAppeal', output: { message: 'Appeal sent' } },
    { type: 'xstate.error.actor.sendAppeal', error: apiFailure('You already have an appeal waiting for review', 409) },
    { type: 'xstate.error.actor.sendAppeal', error: unauthorized },
    { type: 'xstate.error.actor.sendAppeal', error: networkFailure },
  ] as ModelEvent[],
  // The text goes empty -> short -> good, once each: bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as AppealFormContext;
    if (event.type === 'appeal.message')
      return (c.message === '' && event.value === SHORT) || (c.message === SHORT && event.value === GOOD);
    return true;
  },
});

export const appealFormModel: MachineModel = {
  name: 'appealForm',
  machine: appealFormMachine,
  covers: [true, false].map((hasToken) => ({ label: `token stored: ${hasToken}`, options: appealOptions(hasToken) as never })),
};
