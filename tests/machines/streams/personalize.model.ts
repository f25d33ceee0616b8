import { personalizeMachine, type PersonalizeContext } from '../../../src/machines/streams/personalize.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as PersonalizeContext;
  return JSON.stringify({ value: snapshot.value, settings: c.settings, confirmed: c.confirmed, error: c.error, message: c.message });
};

const model = {
  serialize,
  events: [
    {
      type: 'xstate.done.actor.fetchSettings',
      output: { user: { personalizeSettings: { allowPersonalize: true, interests: ['music'] } } },
    },
    { type: 'xstate.error.actor.fetchSettings', error: refused('User not found', 404) },
    { type: 'personalize.setAllow', allow: false },
    { type: 'personalize.toggleTopic', topic: 'music' },
    { type: 'personalize.toggleTopic', topic: 'art' },
    {
      type: 'xstate.done.actor.saveSettings',
      output: { message: 'Saved', personalizeSettings: { allowPersonalize: false, interests: ['art'] } },
    },
    { type: 'xstate.error.actor.saveSettings', error: refused('Too many requests', 429) },
    {
      type: 'xstate.done.actor.clearInterests',
      output: { message: 'Interests cleared', personalizeSettings: { allowPersonalize: true, interests: [] } },
    },
    { type: 'xstate.error.actor.clearInterests', error: new Error('Network down') },
    { type: 'xstate.done.actor.clearBehavior', output: { message: 'Cleared 3 records', cleared: 3 } },
    { type: 'xstate.error.actor.clearBehavior', error: new Error('Network down') },
  ] as ModelEvent[],
  // Each change is tried on the loaded settings once.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as PersonalizeContext;
    if (!event.type.startsWith('personalize.') || event.type === 'personalize.retry') return true;
    return c.settings.interests.join() === 'music' && c.settings.allowPersonalize && c.message === null;
  },
};

export const input = { userId: 'u1' };

export const personalizeModel: MachineModel = {
  name: 'personalize',
  machine: personalizeMachine,
  covers: [{ label: 'all transitions', options: { ...model, input } as never }],
};
