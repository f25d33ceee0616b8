import type { SearchSuggestions } from '../../../src/api/search';
import { searchSuggestMachine, type SuggestContext } from '../../../src/machines/search/searchSuggest.machine';
import { ada, cooks } from '../../fixtures/search';
import { type MachineModel, type ModelEvent } from '../cover';

/** A member, a group and a hashtag: the three kinds of the list. */
export const ANSWER: SearchSuggestions = { query: 'ri', people: [ada], groups: [cooks], hashtags: [{ tag: 'risotto' }] };
export const NONE: SearchSuggestions = { query: 'ri', people: [], groups: [], hashtags: [] };

export const serialize = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as SuggestContext;
  return JSON.stringify({ value: snapshot.value, query: c.query, options: c.options.length, active: c.active });
};

export const model = {
  serialize,
  events: [
    { type: 'suggest.type', query: 'ri' },
    { type: 'suggest.type', query: ' ' },
    { type: 'suggest.move', by: 1 },
    { type: 'suggest.move', by: -1 },
    { type: 'suggest.enter' },
    { type: 'suggest.pick', index: 2 },
    { type: 'suggest.pick', index: 7 },
    { type: 'suggest.close' },
    { type: 'xstate.done.actor.suggest', output: ANSWER },
    { type: 'xstate.done.actor.suggest', output: NONE },
    { type: 'xstate.error.actor.suggest', error: new Error('Network down') },
  ] as ModelEvent[],
  /** Typing only into an empty box or to clear it (the text is then the same on every path). */
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    event.type !== 'suggest.type' ||
    (snapshot.context as SuggestContext).query === '' ||
    (event as unknown as { query: string }).query.trim() === '',
};

export const searchSuggestModel: MachineModel = {
  name: 'searchSuggest',
  machine: searchSuggestMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
