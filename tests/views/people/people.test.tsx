import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { Person } from '../../../src/api/users';
import { peopleLogic } from '../../../src/effects/people/people';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { PeopleLogicProvider } from '../../../src/views/people/PeopleLogic';
import PeoplePage from '../../../src/views/people/PeoplePage';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';

const person = (_id: string, username: string): Person => ({
  _id,
  username,
  avatarColor: '#336699',
  avatarImage: '',
  profilePicture: '',
  isFollowing: false,
  followsYou: false,
});
const [ben, carol, dan] = [person('u2', 'ben'), person('u3', 'carol'), person('u4', 'dan')];

function renderPeople({
  users,
  suggestions,
  total,
}: {
  users: Person[];
  suggestions: Person[];
  total?: { totalUsers: number; totalAtLeast?: true };
}) {
  const api = {
    users: {
      all: vi.fn(async () => ({ users, ...(total ?? { totalUsers: users.length }) })),
      search: vi.fn(async () => ({ search: [] })),
      suggestions: vi.fn(async () => ({ users: suggestions })),
    },
  } as unknown as ApiClient;
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const bus = createBus();
  const { ui } = withApp(
    app,
    '/people',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus })}>
      <PeopleLogicProvider logic={peopleLogic(app, { api, bus })}>
        <PeoplePage />
      </PeopleLogicProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0].textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('people page', () => {
  it('pages on past a total the server stopped counting ("of 100+")', async () => {
    renderPeople({ users: [ben, carol], suggestions: [], total: { totalUsers: 1000, totalAtLeast: true } });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 100+');
    expect(within(pages).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows an exact number of pages when the total is exact', async () => {
    renderPeople({ users: [ben, carol], suggestions: [], total: { totalUsers: 25 } });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(pages.textContent).not.toContain('+');
  });

  it('shows a member once: suggestions leave out whoever the list beside them already shows', async () => {
    renderPeople({ users: [ben, carol], suggestions: [carol, dan] });
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(names(members)).toEqual(['ben', 'carol']);
    expect(names(await screen.findByRole('list', { name: 'Suggestions' }))).toEqual(['dan']);
    expect(screen.getAllByRole('link', { name: 'carol' })).toHaveLength(1);
  });

  it('says there are no suggestions when every suggested member is already listed', async () => {
    renderPeople({ users: [ben, carol], suggestions: [carol] });
    await screen.findByRole('list', { name: 'Members' });
    expect(await screen.findByText('No suggestions right now.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Suggestions' })).toBeNull();
  });

  it('offers Message on every row and suggestion, opening the private chat with that member', async () => {
    renderPeople({ users: [ben], suggestions: [dan] });
    const members = await screen.findByRole('list', { name: 'Members' });
    const message = within(members).getByRole('link', { name: 'Message ben' });
    expect(message.getAttribute('href')).toBe('/app/social/chat/messages?username=ben&id=u2&isGroup=false');
    const suggested = await screen.findByRole('list', { name: 'Suggestions' });
    expect(within(suggested).getByRole('link', { name: 'Message dan' }).getAttribute('href')).toBe(
      '/app/social/chat/messages?username=dan&id=u4&isGroup=false',
    );
  });

  it('offers no Message to the member themselves', async () => {
    renderPeople({ users: [person(alice._id, alice.username), ben], suggestions: [] });
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).queryByRole('link', { name: `Message ${alice.username}` })).toBeNull();
    expect(within(members).getByRole('link', { name: 'Message ben' })).toBeTruthy();
  });
});
