import { groupChatSearchMachine, type MemberSearchContext } from '../../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { refused } from '../../../fixtures/streams';
import { ben, cleo, me } from './groupChatFixtures';
import { type MachineModel, type ModelEvent } from '../../cover';

export const found = (who: { id: string; username: string }) => ({
  _id: who.id,
  username: who.username,
  avatarColor: '#1d4ed8',
  profilePicture: '',
});

export const serialize = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as MemberSearchContext;
  return JSON.stringify({
    value: snapshot.value,
    query: c.query,
    results: c.results.map((u) => u._id),
    exclude: c.exclude,
    error: c.error,
  });
};

export const model = {
  serialize,
  input: { exclude: [me.id] },
  events: [
    { type: 'search.query', query: ' be ' },
    { type: 'search.query', query: '   ' },
    { type: 'search.exclude', ids: [me.id, ben.id] },
    // One just selected: it stays on screen (to unselect), the next results leave it out.
    { type: 'search.exclude', ids: [me.id, cleo.id], keepShown: true },
    { type: 'xstate.done.actor.searchUsers', output: { search: [found(me), found(ben), found(cleo)] } },
    { type: 'xstate.error.actor.searchUsers', error: refused('Too many requests, please slow down', 429) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    event.type !== 'search.exclude' || (snapshot.context as MemberSearchContext).exclude.length === 1,
};

export const groupChatSearchModel: MachineModel = {
  name: 'groupChatSearch',
  machine: groupChatSearchMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
