import type { Person } from '../../../src/api/users';
import { peopleMachine, type PeopleContext } from '../../../src/machines/people/people.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const person = (id: string, overrides: Partial<Person> = {}): Person => ({
  _id: id,
  username: `member-${id}`,
  avatarColor: '#123456',
  avatarImage: '',
  profilePicture: '',
  isFollowing: false,
  followsYou: false,
  ...overrides,
});

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as PeopleContext;
  return JSON.stringify({
    value: snapshot.value,
    page: c.page,
    users: c.users.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`),
    results: c.results?.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`) ?? null,
    suggestions: c.suggestions.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`),
    online: [...c.online].sort(),
    query: c.query,
    error: c.error,
    searchError: c.searchError,
  });
};

const LIVE = new Set(['people.presence', 'people.following']);

const model = {
  serialize,
  events: [
    { type: 'people.page', page: 2 },
    { type: 'people.search', query: 'a' },
    { type: 'people.search', query: '  ' },
    { type: 'people.presence', userId: 'u2', online: true },
    { type: 'people.presence', userId: 'u1', online: false },
    { type: 'people.following', userId: 'u2', following: true },
    { type: 'xstate.done.actor.fetchPeople', output: { users: [person('u1'), person('u2')], totalUsers: 12 } },
    { type: 'xstate.error.actor.fetchPeople', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.searchPeople', output: { search: [person('u2')] } },
    { type: 'xstate.error.actor.searchPeople', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchSuggestions', output: { users: [person('u3'), person('u2')] } },
    { type: 'xstate.error.actor.fetchSuggestions', error: refused('Suggestions are unavailable', 503) },
    { type: 'xstate.done.actor.watchPresence', output: { userIds: ['u3', 'u3'] } },
    { type: 'xstate.error.actor.watchPresence', error: new Error('Not connected') },
  ] as ModelEvent[],
  // Keep the parallel regions from multiplying: side regions settle first, live updates are
  // tried once the lists are loaded, and a page or search happens once per path.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as PeopleContext;
    // A page may also land while a watch is out (the watch then starts over with the new page).
    const settled =
      snapshot.matches({ suggestions: 'ready' }) &&
      (snapshot.matches({ presence: 'live' }) ||
        (event.type === 'xstate.done.actor.fetchPeople' && snapshot.matches({ presence: 'watching' })));
    if (event.type.includes('fetchSuggestions')) return snapshot.matches({ list: 'loading' }) && c.page === 1;
    // Presence follows whatever is on screen once the suggestions are in.
    if (event.type.includes('watchPresence') || event.type.startsWith('xstate.after.WATCH_DELAY'))
      return snapshot.matches({ suggestions: 'ready' });
    if (!settled) return false;
    if (LIVE.has(event.type))
      return (
        snapshot.matches({ list: 'ready' }) &&
        snapshot.matches({ search: 'idle' }) &&
        c.page === 1 &&
        c.query === '' &&
        c.online.length <= 1 &&
        !c.users.some((p) => p.isFollowing)
      );
    if (event.type === 'people.page') return c.query === '' && c.results === null;
    if (event.type === 'people.search')
      return c.page === 1 && snapshot.matches({ list: 'ready' }) && c.online.join() === 'u3' && !c.users.some((p) => p.isFollowing);
    if (event.type === 'people.reconnected') return c.page === 1 && c.results === null && c.online.length <= 1;
    return true;
  },
};

export const peopleModel: MachineModel = {
  name: 'people',
  machine: peopleMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
