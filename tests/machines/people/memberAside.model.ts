import { memberAsideMachine, type MemberAsideContext } from '../../../src/machines/people/memberAside.machine';
import { group, person } from '../../fixtures/search';
import { noAnswer, refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const people = Array.from({ length: 7 }, (_, i) => person(`u${i + 1}`, `member${i + 1}`));
export const groups = [group('g1', 'Night Owls'), group('g2', 'Risotto Club')];
export const input = { userId: 'me' };

export type Snap = { context: MemberAsideContext; matches(v: unknown): boolean };
const model = {
  input,
  events: [
    { type: 'xstate.done.actor.fetchSuggestions', output: people },
    { type: 'xstate.error.actor.fetchSuggestions', error: refused('Suggestions are unavailable', 503) },
    // No answer (offline): the panel waits quietly, no toast.
    { type: 'xstate.error.actor.fetchSuggestions', error: noAnswer() },
    { type: 'xstate.done.actor.fetchGroups', output: groups },
    { type: 'xstate.error.actor.fetchGroups', error: refused('Groups are unavailable', 500) },
    { type: 'xstate.error.actor.fetchGroups', error: noAnswer() },
    {
      type: 'xstate.done.actor.fetchTrending',
      output: {
        hashtags: [
          { tag: 'physics', posts: 3 },
          { tag: 'café', posts: 1 },
        ],
      },
    },
    { type: 'xstate.error.actor.fetchTrending', error: refused('Trending is unavailable', 500) },
    { type: 'xstate.error.actor.fetchTrending', error: noAnswer() },
    { type: 'aside.retry' },
    { type: 'aside.online' },
    { type: 'people.following', userId: 'u2', following: true },
  ] as ModelEvent[],
  // A child's answer only while it runs; a follow change once, once the people are in.
  // A retry delay only while one list waits: the lists' timers run together in real time, so with
  // two waiting the replay's clock could not fire one alone.
  filter: (snapshot: Snap, event: ModelEvent) => {
    if (event.type.startsWith('xstate.after.'))
      return ['people', 'groups', 'trending'].filter((list) => snapshot.matches({ [list]: 'offline' })).length === 1;
    if (event.type.includes('fetchSuggestions')) return snapshot.matches({ people: 'loading' });
    if (event.type.includes('fetchGroups')) return snapshot.matches({ groups: 'loading' });
    if (event.type.includes('fetchTrending')) return snapshot.matches({ trending: 'loading' });
    if (event.type === 'people.following')
      return snapshot.matches({ people: 'ready' }) && !snapshot.context.people.some((p) => p.isFollowing);
    return true;
  },
};

export const memberAsideModel: MachineModel = {
  name: 'memberAside',
  machine: memberAsideMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
