import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { ASIDE_OFFLINE, memberAsideMachine } from '../../../src/machines/people/memberAside.machine';
import { backOnlineActor } from '../../../src/effects/offline/connectivity';
import { noAnswer } from '../../fixtures/streams';
import { PageWithAside } from '../../../src/views/layouts/PageWithAside';
import { alice } from '../../fixtures/auth';
import { group, person } from '../../fixtures/search';
import { startTestApp, withApp } from '../appHarness';
import { MemberAsideLogicProvider } from '../../../src/views/layouts/MemberAsideLogic';

function stubWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: px >= min, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

/** `offlineFirst`: every list's first request gets no answer (the browser offline), with the app's connectivity offline. */
function renderPage({ failGroupsOnce = false, offlineFirst = false } = {}) {
  const { app } = startTestApp();
  if (offlineFirst) app.system.get('connectivity')!.send({ type: 'connectivity.offline' });
  const asked = new Set<string>();
  /** The first request of `name` gets no answer when the test starts offline. */
  const offlineOnce = (name: string) => {
    if (!offlineFirst || asked.has(name)) return;
    asked.add(name);
    throw noAnswer();
  };
  app.system.get('session')!.send({ type: 'session.login', token: 'jwt', user: alice });
  const calls: string[] = [];
  let groupCalls = 0;
  const logic = memberAsideMachine.provide({
    actors: {
      fetchSuggestions: fromPromise(async () => {
        calls.push('suggestions');
        offlineOnce('suggestions');
        return [person('u2', 'bob'), person('u3', 'carol', { isFollowing: true })];
      }),
      fetchGroups: fromPromise(async ({ input }: { input: { userId: string } }) => {
        calls.push(`groups ${input.userId}`);
        groupCalls += 1;
        offlineOnce('groups');
        if (failGroupsOnce && groupCalls === 1) throw new Error('Network down');
        return [group('g1', 'Night Owls', { memberCount: 1 })];
      }),
      fetchTrending: fromPromise(async () => {
        calls.push('trending');
        offlineOnce('trending');
        return {
          hashtags: [
            { tag: 'physics', posts: 3 },
            { tag: 'café', posts: 1 },
          ],
        };
      }),
      live: fromCallback<EventObject>(() => () => {}),
      backOnline: backOnlineActor(app, { type: 'aside.online' }),
    },
  });
  const { ui } = withApp(
    app,
    '/app/social/streams',
    <Route path="/app/social" nest>
      <MemberAsideLogicProvider logic={logic}>
        <PageWithAside>
          <p>the feed</p>
        </PageWithAside>
      </MemberAsideLogicProvider>
    </Route>,
  );
  render(ui);
  return { calls, app };
}

describe('the right column of member pages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('from 1024px shows who to follow and the member’s groups next to the page', async () => {
    stubWidth(1280);
    const { calls } = renderPage();
    // The column's code is fetched when the screen is wide (PageWithAside.tsx): it shows once it has come.
    const aside = await screen.findByRole('complementary', { name: 'Suggestions' }, { timeout: 10_000 });
    expect(screen.getByText('the feed')).toBeTruthy();
    const people = within(aside).getByRole('region', { name: 'Who to follow' });
    await within(people).findByRole('link', { name: 'bob' });
    expect(within(people).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/app/social/profile/bob?id=u2');
    expect(within(people).getByRole('button', { name: 'Follow bob' })).toBeTruthy();
    expect(within(people).getByRole('button', { name: 'Unfollow carol' })).toBeTruthy();
    expect(within(people).getByRole('link', { name: 'See all people' }).getAttribute('href')).toBe('/app/social/people');
    const groups = within(aside).getByRole('region', { name: 'Your groups' });
    const owls = await within(groups).findByRole('link', { name: 'Night Owls' });
    expect(owls.getAttribute('href')).toBe('/app/social/group/g1');
    expect(within(groups).getByText('1 member')).toBeTruthy();
    const trending = within(aside).getByRole('region', { name: 'Trending today' });
    const physics = await within(trending).findByRole('link', { name: '#physics' });
    expect(physics.getAttribute('href')).toBe('/app/social/search?q=%23physics');
    expect(within(trending).getByText('3 posts')).toBeTruthy();
    expect(within(trending).getByRole('link', { name: '#café' })).toBeTruthy();
    expect(within(trending).getByText('1 post')).toBeTruthy();
    expect(calls.sort()).toEqual(['groups u1', 'suggestions', 'trending']);
  });

  it('offers a retry for a list that failed and keeps the other', async () => {
    stubWidth(1024);
    renderPage({ failGroupsOnce: true });
    const groups = await screen.findByRole('region', { name: 'Your groups' }, { timeout: 10_000 });
    const retry = await within(groups).findByRole('button', { name: 'Try again' });
    expect(await screen.findByRole('link', { name: 'bob' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(retry);
    });
    expect(await within(groups).findByRole('link', { name: 'Night Owls' })).toBeTruthy();
  });

  it('offline, each list says it is available when back online, without a toast, and loads when the app is back online', async () => {
    stubWidth(1280);
    const { app, calls } = renderPage({ offlineFirst: true });
    // The column's code is fetched when the screen is wide (PageWithAside.tsx): it shows once it has come.
    const aside = await screen.findByRole('complementary', { name: 'Suggestions' }, { timeout: 10_000 });
    for (const name of ['Who to follow', 'Trending today', 'Your groups']) {
      const panel = within(aside).getByRole('region', { name });
      expect(await within(panel).findByText(ASIDE_OFFLINE)).toBeTruthy();
      expect(within(panel).queryByRole('button', { name: 'Try again' })).toBeNull();
    }
    expect((app.system.get('toasts')!.getSnapshot() as { context: { toasts: unknown[] } }).context.toasts).toEqual([]);
    await act(async () => {
      app.system.get('connectivity')!.send({ type: 'connectivity.online' });
    });
    expect(await screen.findByRole('link', { name: 'bob' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Night Owls' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '#physics' })).toBeTruthy();
    expect(screen.queryByText(ASIDE_OFFLINE)).toBeNull();
    expect(calls.sort()).toEqual(['groups u1', 'groups u1', 'suggestions', 'suggestions', 'trending', 'trending']);
  });

  it('below 1024px leaves the column out and fetches nothing for it', () => {
    stubWidth(1023);
    const { calls } = renderPage();
    expect(screen.getByText('the feed')).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(calls).toEqual([]);
  });
});
