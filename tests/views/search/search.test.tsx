import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { searchLogic } from '../../../src/effects/search/search';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import type { SearchContext } from '../../../src/machines/search/search.machine';
import { SearchBar } from '../../../src/views/shell/SearchBar';
import { Toasts } from '../../../src/views/shell/Toasts';
import SearchPage from '../../../src/views/search/SearchPage';
import { ComposerProvider, type ComposerApi } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { IMAGE_RESULTS, MORE_POSTS, NOTHING, OVERVIEW, ada, cooks, p1, person } from '../../fixtures/search';

import { memberAsideLogic } from '../../../src/effects/people/memberAside';
import { MemberAsideLogicProvider } from '../../../src/views/layouts/MemberAsideLogic';
import { searchSuggestLogic } from '../../../src/effects/search/searchSuggest';
import { SUGGEST_DELAY_MS } from '../../../src/machines/search/searchSuggest.machine';
import { SearchSuggestLogicProvider } from '../../../src/views/shell/SearchSuggestLogic';
import type { SearchSuggestions } from '../../../src/api/search';
import { refused } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';
import { SearchLogicProvider } from '../../../src/views/search/SearchLogic';

const SUGGESTIONS: SearchSuggestions = { query: 'ri', people: [ada], groups: [cooks], hashtags: [{ tag: 'risotto' }] };

function renderSearch(path = '/app/social/search') {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(
    ['searchAll', 'searchMore', 'readImage', 'searchImage'],
    undefined,
    (actor) => (actor as { logic?: { id?: string } }).logic?.id === 'search',
  );
  const bus = createBus();
  const navigated: { to: string; replace?: boolean }[] = [];
  let go: (to: string, options?: { replace?: boolean }) => void = () => {};
  const logic = searchLogic(app, { bus, navigate: (to, options) => (navigated.push({ to, ...options }), go(to, options)) }).provide({
    actors: h.actors as never,
  });
  const composer: ComposerApi = { openComposer: vi.fn() };
  // The suggestions shown before a search (the right column's machine, with its API faked).
  const asideApi = {
    users: { suggestions: async () => ({ users: [person('u9', 'grace')] }) },
    posts: { trending: async () => ({ hashtags: [{ tag: 'risotto', posts: 3 }] }) },
    groups: { userGroups: async () => ({ groups: [] }) },
  } as unknown as ApiClient;
  const asideLogic = memberAsideLogic({ api: asideApi, bus });
  const { ui, location } = withApp(
    app,
    path,
    <StreamsLogicProvider logic={streamsLogic(app, { api: {} as ApiClient, bus })}>
      <ComposerProvider value={composer}>
        <main>
          <MemberAsideLogicProvider logic={asideLogic}>
            <SearchLogicProvider logic={logic}>
              <SearchPage />
            </SearchLogicProvider>
          </MemberAsideLogicProvider>
        </main>
      </ComposerProvider>
      <Toasts />
    </StreamsLogicProvider>,
  );
  go = (to, options) => location.navigate(to, options);
  render(ui);
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const context = () => h.actor().getSnapshot().context as SearchContext;
  const input = (id: string) => (h.actor().getSnapshot().children as Record<string, AnyActorRef>)[id]?.getSnapshot().input as unknown;
  return { app, h, bus, user, context, input, navigated, location };
}

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  vi.useRealTimers();
});

const box = () => screen.getByRole('searchbox', { name: 'Search terms' });
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const cards = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-post-id') ?? a.getAttribute('data-group-id'));
const noContrast = { rules: { 'color-contrast': { enabled: false } } };

describe('search page', () => {
  it('invites a search, searches after a pause, follows with the address, and shows four tabs with their counts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const t = renderSearch();
    restore = t.h.restore;
    expect(screen.getByRole('heading', { name: 'Search Stoa' })).toBeTruthy();
    expect((await axe.run(document.body, noContrast)).violations.map((v) => v.id)).toEqual([]);
    await t.user.type(box(), 'risotto');
    expect(t.input('searchAll')).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(400));
    expect(t.input('searchAll')).toEqual({ query: 'risotto' });
    expect(screen.getAllByRole('status', { name: 'Searching' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(t.navigated).toEqual([{ to: '/app/social/search?q=risotto', replace: false }]));
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: OVERVIEW });
    expect(tab(/Posts/).textContent).toBe('Posts12');
    expect(tab(/Questions/).textContent).toBe('Questions1');
    expect(tab(/People/).textContent).toBe('People1');
    expect(tab(/Groups/).textContent).toBe('Groups1');
    expect(cards()).toEqual(['p1', 'p2']);
    expect(screen.getByRole('list', { name: 'Posts found' })).toBeTruthy();
    expect((await axe.run(document.body, noContrast)).violations.map((v) => v.id)).toEqual([]);

    await t.user.click(tab(/People/));
    expect(within(screen.getByRole('list', { name: 'People found' })).getByRole('link', { name: 'risotto_ada' })).toBeTruthy();
    // Results show no presence dot: it is not watched here.
    expect(screen.queryByRole('img', { name: /is offline|is online/ })).toBeNull();
    await waitFor(() => expect(t.navigated.at(-1)).toEqual({ to: '/app/social/search?q=risotto&tab=people', replace: true }));
    await t.user.click(tab(/Groups/));
    expect(cards()).toEqual(['g1']);
    expect(screen.getByRole('link', { name: 'Risotto Lovers' }).getAttribute('href')).toBe('/app/social/group/g1');
  });

  it('shows what is trending and who to follow before anything is typed (the right column is not on phones)', async () => {
    const t = renderSearch();
    restore = t.h.restore;
    const region = screen.getByRole('region', { name: 'Suggestions' });
    await waitFor(() => expect(within(region).getByRole('link', { name: '#risotto' })).toBeTruthy());
    expect(within(region).getByRole('link', { name: '#risotto' }).getAttribute('href')).toBe('/app/social/search?q=%23risotto');
    expect(within(region).getByText('3 posts')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Who to follow' })).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'grace' })).toBeTruthy();
    expect((await axe.run(document.body, noContrast)).violations.map((v) => v.id)).toEqual([]);
    // Searching puts the results in their place.
    await t.user.type(box(), 'risotto{Enter}');
    expect(screen.queryByRole('region', { name: 'Suggestions' })).toBeNull();
  });

  it("heads a hashtag's page with the tag and its count of posts; a post's topic chips link to their topic's posts", async () => {
    const t = renderSearch('/app/social/search?q=%23risotto');
    restore = t.h.restore;
    await t.h.settle({
      type: 'xstate.done.actor.searchAll',
      output: { ...OVERVIEW, posts: { ...OVERVIEW.posts, posts: [{ ...p1, topics: ['food'] }] } },
    });
    const header = screen.getByRole('heading', { name: '#risotto' }).closest('header')!;
    expect(header.textContent).toContain('12 posts');
    expect(screen.getByRole('link', { name: 'Food' }).getAttribute('href')).toBe('/app/social/topic/food');
    act(() => t.location.navigate('/app/social/search?q=risotto'));
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: OVERVIEW });
    expect(screen.queryByRole('heading', { name: '#risotto' })).toBeNull();
  });

  it('starts from the address (a reload or a link), on its tab, and follows back and forward', async () => {
    const t = renderSearch('/app/social/search?q=risotto&tab=questions');
    restore = t.h.restore;
    expect(box()).toHaveProperty('value', 'risotto');
    expect(t.input('searchAll')).toEqual({ query: 'risotto' });
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: OVERVIEW });
    expect(tab(/Questions/).getAttribute('aria-selected')).toBe('true');
    expect(cards()).toEqual(['q1']);
    // Back to an older search: the page searches it at once, without pushing the address again.
    act(() => t.location.navigate('/app/social/search?q=soup'));
    expect(box()).toHaveProperty('value', 'soup');
    expect(t.input('searchAll')).toEqual({ query: 'soup' });
    expect(tab(/Posts/).getAttribute('aria-selected')).toBe('true');
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: NOTHING });
    expect(screen.getByText('No posts found')).toBeTruthy();
    act(() => t.location.navigate('/app/social/search'));
    expect(box()).toHaveProperty('value', '');
    expect(screen.getByRole('heading', { name: 'Search Stoa' })).toBeTruthy();
    expect(t.navigated).toEqual([]);
  });

  it('searches at once on Enter; shows the server message with Try again when the search fails', async () => {
    const t = renderSearch();
    restore = t.h.restore;
    await t.user.type(box(), 'x'.repeat(3));
    fireEvent.submit(screen.getByRole('search', { name: 'Search Stoa' }));
    expect(t.input('searchAll')).toEqual({ query: 'xxx' });
    await t.h.settle({ type: 'xstate.error.actor.searchAll', error: refused('Search must not exceed 200 characters', 400) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not search');
    expect(alert.textContent).toContain('Search must not exceed 200 characters');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(t.input('searchAll')).toEqual({ query: 'xxx' });
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: NOTHING });
    for (const name of [/Posts/, /Questions/, /People/, /Groups/]) expect(tab(name).textContent).toMatch(/0$/);
    expect(screen.getByText('No posts found')).toBeTruthy();
  });

  it('loads more of a tab, says when it failed, and keeps what it has', async () => {
    const t = renderSearch('/app/social/search?q=risotto');
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: OVERVIEW });
    await t.user.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(t.input('searchMore')).toEqual({ kind: 'posts', query: 'risotto', cursor: '120.2' });
    expect(screen.getByRole('button', { name: 'Loading more…' })).toHaveProperty('disabled', true);
    await t.h.settle({ type: 'xstate.error.actor.searchMore', error: refused('Too many requests', 429) });
    await waitFor(() => expect(screen.getByText('Too many requests')).toBeTruthy());
    expect(cards()).toEqual(['p1', 'p2']);
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    await t.h.settle({ type: 'xstate.done.actor.searchMore', output: MORE_POSTS });
    expect(cards()).toEqual(['p1', 'p2', 'p3']);
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
  });

  it("updates a result in place when its card changes it, and drops a blocked member's", async () => {
    const t = renderSearch('/app/social/search?q=risotto');
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.done.actor.searchAll', output: OVERVIEW });
    act(() => t.bus.publish({ event: 'post updated', payload: { post: { ...p1, post: 'Learning to cook a better risotto' } } } as never));
    expect(screen.getByText('Learning to cook a better risotto')).toBeTruthy();
    act(() => t.bus.publish({ event: 'blocked', userId: 'u2' }));
    expect(cards()).toEqual(['p1']);
    expect(tab(/Posts/).textContent).toBe('Posts11');
  });

  it('searches by picture: reads it, shows it, finds the posts with it, and clears; refuses a file that is not a picture', async () => {
    const t = renderSearch();
    restore = t.h.restore;
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(screen.getByRole('button', { name: 'Search by picture' })).toBeTruthy();
    await t.user.upload(picker, new File(['png'], 'dish.png', { type: 'image/png' }));
    expect(screen.getByText('Reading the picture…')).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.readImage', output: 'data:image/png;base64,AAAA' });
    expect(t.input('searchImage')).toEqual({ image: 'data:image/png;base64,AAAA' });
    expect(screen.getByRole('img', { name: 'The picture searched for' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('Looking for posts with this picture…')).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.searchImage', output: IMAGE_RESULTS });
    expect(screen.getByText('1 post found')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Posts with this picture' }))
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-post-id')),
    ).toEqual(['p2']);
    expect((await axe.run(document.body, noContrast)).violations.map((v) => v.id)).toEqual([]);
    await t.user.click(screen.getByRole('button', { name: 'Clear the picture search' }));
    expect(screen.queryByRole('region', { name: 'Posts with this picture' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Posts with this picture' })).toBeNull();

    await t.user.upload(picker, new File(['png'], 'dish.png', { type: 'image/png' }));
    await t.h.settle({ type: 'xstate.done.actor.readImage', output: 'data:image/png;base64,AAAA' });
    await t.h.settle({
      type: 'xstate.error.actor.searchImage',
      error: refused('Search by image takes a JPEG, PNG, GIF or WebP picture', 415),
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Search by image takes a JPEG, PNG, GIF or WebP picture');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await t.h.settle({ type: 'xstate.done.actor.searchImage', output: { posts: [], distances: {} } });
    expect(screen.getByText('No post you can see has a picture like this one.')).toBeTruthy();

    // A file the picker lets through but that is no picture: refused before any upload.
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Image must be a JPEG, PNG, GIF or WebP image'));
    expect(t.context().image).toBeNull();
  });
});

describe('the header search bar', () => {
  function renderBar(suggest: (query: string) => Promise<SearchSuggestions>) {
    const { app } = startTestApp();
    const onClose = vi.fn();
    let go: (to: string) => void = () => {};
    const logic = searchSuggestLogic(app, {
      api: { search: { suggest } } as unknown as ApiClient,
      navigate: (to) => go(to),
    });
    const { ui, location } = withApp(
      app,
      '/app/social/streams',
      <SearchSuggestLogicProvider logic={logic}>
        <SearchBar onClose={onClose} />
      </SearchSuggestLogicProvider>,
    );
    go = (to) => location.navigate(to);
    render(ui);
    return { onClose, location, user: userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
  }
  const combo = () => screen.getByRole('combobox', { name: 'Search Stoa' });

  it('opens the search page with the term as ?q=', async () => {
    const t = renderBar(async () => SUGGESTIONS);
    await t.user.type(combo(), ' café crème {Enter}');
    await waitFor(() => expect(t.location.history?.at(-1)).toBe('/app/social/search?q=caf%C3%A9+cr%C3%A8me'));
    expect(t.onClose).toHaveBeenCalled();
  });

  it('suggests people, groups and hashtags as the member types: arrows move, Enter opens, Escape closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: string[] = [];
    const t = renderBar(async (query) => (asked.push(query), SUGGESTIONS));
    await t.user.type(combo(), 'ri');
    expect(combo().getAttribute('aria-expanded')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS));
    expect(asked).toEqual(['ri']);
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['rrisotto_adaMember', 'RRisotto LoversGroup', '#risottoHashtag']);
    expect(combo().getAttribute('aria-expanded')).toBe('true');
    expect(combo().getAttribute('aria-controls')).toBe(list.id);
    expect((await axe.run(document.body, noContrast)).violations.map((v) => v.id)).toEqual([]);
    await t.user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getAllByRole('option')[1];
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(combo().getAttribute('aria-activedescendant')).toBe(second.id);
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combo()).toHaveProperty('value', 'ri');
    expect(t.onClose).not.toHaveBeenCalled();
    // Typing again asks again; Enter on the highlighted option opens it.
    await t.user.type(combo(), 's');
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS));
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await t.user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(t.location.history?.at(-1)).toBe('/app/social/search?q=%23risotto'));
    expect(t.onClose).toHaveBeenCalled();
    expect(combo()).toHaveProperty('value', '');
  });
});
