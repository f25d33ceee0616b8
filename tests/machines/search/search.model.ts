import { resultsOf, searchMachine, type SearchContext } from '../../../src/machines/search/search.machine';
import { IMAGE_RESULTS, MORE_POSTS, ONLY_PEOPLE, OVERVIEW, goodFile, hugeFile, p1, p2, textFile } from '../../fixtures/search';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export type Snap = { value: unknown; status: string; context: unknown; matches(v: unknown): boolean };
export const ctx = (s: Snap) => s.context as SearchContext;

const postTag = (p: {
  _id: string;
  commentsCount: number;
  saved: boolean;
  userReaction: string | null;
  followingAuthor: boolean;
  post: string;
}) =>
  `${p._id}${p.commentsCount ? `c${p.commentsCount}` : ''}${p.saved ? 's' : ''}${p.userReaction ? `r:${p.userReaction}` : ''}${p.followingAuthor ? 'f' : ''}${p.post.endsWith('(edited)') ? 'e' : ''}`;

export const serialize = (snapshot: Snap) => {
  const c = ctx(snapshot);
  const r = c.results;
  return JSON.stringify({
    value: snapshot.value,
    query: c.query,
    searched: c.searched,
    tab: c.tab,
    results: r
      ? {
          posts: [r.posts.items.map(postTag), r.posts.count, r.posts.nextCursor],
          questions: [r.questions.items.map(postTag), r.questions.count],
          people: [r.people.items.map((p) => `${p._id}${p.isFollowing ? 'f' : ''}`), r.people.count],
          groups: r.groups.items.map((g) => g._id),
        }
      : null,
    error: c.error,
    moreKind: c.moreKind,
    image: c.image,
    imageResults: c.imageResults?.posts.map(postTag) ?? null,
    imageError: c.imageError,
  });
};

/** The results exactly as the search answered them (nothing changed by a card or the bus yet). */
const PRISTINE = JSON.stringify(resultsOf(OVERVIEW));
const pristine = (s: Snap) => JSON.stringify(ctx(s).results) === PRISTINE && ctx(s).tab === 'posts';
const CARD_EVENTS = new Set([
  'search.postChanged',
  'search.postDeleted',
  'search.reacted',
  'search.saved',
  'search.commentsCount',
  'search.following',
  'search.blocked',
]);
const IMAGE_EVENTS = (type: string) => type.startsWith('image.') || type.includes('readImage') || type.includes('searchImage');

const model = {
  serialize,
  events: [
    { type: 'search.type', query: 'risotto' },
    { type: 'search.type', query: '  ' },
    { type: 'search.address', query: 'soup', tab: 'people' },
    { type: 'search.address', query: 'risotto', tab: 'groups' },
    { type: 'search.address', query: '', tab: 'posts' },
    { type: 'search.tab', tab: 'questions' },
    { type: 'image.choose', file: goodFile },
    { type: 'image.choose', file: textFile },
    { type: 'image.choose', file: hugeFile },
    { type: 'search.postChanged', post: { ...p1, post: `${p1.post} (edited)` } },
    { type: 'search.postDeleted', postId: 'p1' },
    { type: 'search.reacted', postId: 'p2', reactions: { ...p2.reactions, love: 1 }, userReaction: 'love' },
    { type: 'search.saved', postId: 'p2', saved: true },
    { type: 'search.commentsCount', postId: 'p2', commentsCount: 4 },
    { type: 'search.following', userId: 'u1', following: true },
    { type: 'search.blocked', userId: 'u2' },
    { type: 'xstate.done.actor.searchAll', output: OVERVIEW },
    { type: 'xstate.done.actor.searchAll', output: ONLY_PEOPLE },
    { type: 'xstate.error.actor.searchAll', error: refused('Search must not exceed 200 characters', 400) },
    { type: 'xstate.done.actor.searchMore', output: MORE_POSTS },
    { type: 'xstate.error.actor.searchMore', error: new Error('Network down') },
    { type: 'xstate.done.actor.readImage', output: 'data:image/png;base64,AAAA' },
    { type: 'xstate.error.actor.readImage', error: new Error('The file could not be read') },
    { type: 'xstate.done.actor.searchImage', output: IMAGE_RESULTS },
    { type: 'xstate.error.actor.searchImage', error: refused('Search by image takes a JPEG, PNG, GIF or WebP picture', 415) },
  ] as ModelEvent[],
  /**
   * Bounds the parallel regions: the picture's events happen while the text region rests (no
   * query, or the first results untouched); card and bus events on the first results only, each
   * once; the address and tab changes from rest states.
   */
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const textIdle = snapshot.matches({ text: 'idle' }) && c.query === '';
    const textReady = snapshot.matches({ text: { ready: 'idle' } }) && pristine(snapshot);
    const imageQuiet = snapshot.matches({ image: 'idle' }) && c.image === null && c.imageError === null;
    if (IMAGE_EVENTS(event.type)) return textIdle || (textReady && !snapshot.matches({ image: 'failed' }));
    if (CARD_EVENTS.has(event.type))
      return textReady && (imageQuiet || (snapshot.matches({ image: 'found' }) && c.imageResults?.posts.length === 1));
    if (!imageQuiet) return false;
    if (event.type === 'search.address') return textIdle || textReady || snapshot.matches({ text: 'failed' });
    if (event.type === 'search.tab') return textReady;
    if (event.type === 'search.type') return c.searched === '' || c.searched === 'risotto' || event.query.trim() === '';
    if (event.type === 'search.more') return c.results !== null && c.results.posts.items.length === 2 && c.tab === 'posts';
    if (event.type.includes('searchMore')) return c.tab === 'posts';
    if (event.type === 'xstate.done.actor.searchAll')
      return (event as unknown as { output: unknown }).output === ONLY_PEOPLE
        ? c.searched === 'risotto' && c.tab === 'groups'
        : c.searched === 'risotto';
    return true;
  },
};

export const searchModel: MachineModel = {
  name: 'search',
  machine: searchMachine,
  covers: [{}, { query: 'risotto', tab: 'people' as const }].map((input) => ({
    label: `from ${JSON.stringify(input)}`,
    options: { ...model, input } as never,
  })),
};
