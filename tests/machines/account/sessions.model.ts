import type { AccountSession } from '../../../src/api/account/sessions';
import { sessionsMachine, type SessionsContext } from '../../../src/machines/account/sessions.machine';
import { refused } from '../../fixtures/streams';
import type { MachineModel, ModelEvent } from '../cover';

const session = (id: string, device: string, current = false): AccountSession => ({
  _id: id,
  browser: device.split(' on ')[0]!,
  system: device.split(' on ')[1]!,
  device,
  firstSeenAt: '2026-11-29T09:00:00.000Z',
  lastSeenAt: '2026-11-29T10:00:00.000Z',
  current,
});
export const here = session('s1', 'Chrome on Linux', true);
export const phone = session('s2', 'Safari on iOS');
export const laptop = session('s3', 'Firefox on Windows');
export const LIST = { sessions: [here, phone, laptop] };

export const serialize = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as SessionsContext;
  return JSON.stringify({ value: snapshot.value, sessions: c.sessions.map((s) => s._id), ending: c.ending, error: c.error });
};

const ctx = (s: { context: unknown }) => s.context as SessionsContext;

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchSessions', output: LIST },
    { type: 'xstate.error.actor.fetchSessions', error: refused('Too many requests', 429) },
    { type: 'sessions.end', sessionId: 's2' },
    { type: 'sessions.end', sessionId: 's3' },
    // Refused by the guard: the current session, and one not listed.
    { type: 'sessions.end', sessionId: 's1' },
    { type: 'sessions.end', sessionId: 's9' },
    { type: 'xstate.done.actor.endSession', output: { message: 'Session ended', sessionId: 's2' } },
    { type: 'xstate.error.actor.endSession', error: refused('Session not found', 404) },
    { type: 'xstate.error.actor.endSession', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.endOtherSessions', output: { message: 'Signed out of 2 other sessions', ended: 2 } },
    { type: 'xstate.error.actor.endOtherSessions', error: {} },
  ] as ModelEvent[],
  // Bounds the model: the s2 answer only while s2 is ending; refused ends tried on the full list.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = ctx(snapshot);
    if (event.type === 'xstate.done.actor.endSession') return c.ending === 's2';
    if (event.type === 'sessions.end' && (event.sessionId === 's1' || event.sessionId === 's9')) return c.sessions.length === 3;
    if (event.type === 'sessions.end' && event.sessionId === 's3') return c.sessions.length === 3;
    return true;
  },
};

export const sessionsModel: MachineModel = {
  name: 'sessions',
  machine: sessionsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
