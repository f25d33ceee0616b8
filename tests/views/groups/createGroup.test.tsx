import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../src/api/paths';
import type { CreateGroupContext } from '../../../src/machines/groups/createGroup.machine';
import { Toasts } from '../../../src/views/shell/Toasts';
import CreateGroupPage from '../../../src/views/groups/CreateGroupPage';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

interface Call {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The page builds its machine with its parts of the API client over the app's one `http`
 * (src/effects/shell/api.ts), so that is what is replaced: each call waits until the test answers it,
 * the way the server would.
 * Everything between the client and the screen (effects, machine, view) is the real code.
 */
const server = vi.hoisted(() => {
  const calls: Record<string, Call[]> = { upload: [], search: [], http: [] };
  const waiting =
    (name: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        calls[name].push({ args, resolve, reject });
      });
  return { calls, api: { images: { upload: waiting('upload') }, users: { search: waiting('search') }, http: waiting('http') } };
});
// The typed group calls go through the waiting http, as the app's go through ofetch.
vi.mock('../../../src/effects/shell/api', () => ({
  http: server.api.http,
  // Each effects module's parts over the waiting http, with the two calls the test answers by name.
  clientOf: (...parts: ((http: never) => object)[]) => ({
    ...Object.assign({}, ...parts.map((create) => create(server.api.http as never))),
    images: server.api.images,
    users: server.api.users,
  }),
}));

const bob = { _id: 'u2', username: 'bob', avatarColor: '#1e88e5', profilePicture: '' };
const carol = { _id: 'u3', username: 'carol', avatarColor: '#43a047', profilePicture: '' };

function renderPage() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness([]);
  restore = h.restore;
  const { ui } = withApp(
    app,
    '/create-group',
    <>
      <CreateGroupPage />
      <Toasts />
    </>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  const context = () => h.actor().getSnapshot().context as CreateGroupContext;
  return { user, context };
}

/** Answers the oldest unanswered call of that kind. */
async function answer(name: 'upload' | 'search' | 'http', outcome: { value?: unknown; error?: unknown }) {
  const call = server.calls[name].shift();
  expect(call, `no ${name} call waiting`).toBeDefined();
  await act(async () => {
    if ('error' in outcome) call!.reject(outcome.error);
    else call!.resolve(outcome.value);
  });
  return call!.args;
}

/** Puts a whole value in a field at once (one input event: the form re-renders 24 categories per keystroke). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

const nameField = () => screen.getByRole('textbox', { name: /Group name/ });
const tagField = () => screen.getByRole('textbox', { name: 'Tags' });
const submit = () => screen.getByRole('button', { name: /Create Group|Creating\.\.\./ });

let restore: (() => void) | undefined;
beforeEach(() => {
  for (const list of Object.values(server.calls)) list.length = 0;
  window.history.replaceState({}, '', '/app/social/create-group');
});
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, nameField(), 'Café Readers');
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), '  Books and coffee  ');
  await user.click(screen.getByRole('checkbox', { name: 'Books' }));
  await fill(user, tagField(), 'novels');
  await user.keyboard('{Enter}');
}

describe('create group page', () => {
  it("shows the spec's validation messages, verbatim, on submit and as the fields change", async () => {
    const { user } = renderPage();
    await user.click(submit());
    expect(screen.getByText('Group name is required')).toBeTruthy();
    expect(screen.getByText('At least one category is required')).toBeTruthy();
    expect(screen.getByText('At least one tag is required')).toBeTruthy();
    expect(server.calls.http).toEqual([]);

    await user.type(nameField(), 'ab');
    expect(screen.getByText('Group name must be at least 3 characters')).toBeTruthy();
    await fill(user, nameField(), 'x'.repeat(51));
    expect(screen.getByText('Group name must not exceed 50 characters')).toBeTruthy();
    await fill(user, nameField(), 'Bad!');
    expect(screen.getByText('Group name must contain only letters, numbers, and spaces')).toBeTruthy();
    await fill(user, nameField(), 'Café Readers 2');
    expect(screen.queryByText(/Group name (is|must)/)).toBeNull();

    const books = screen.getByRole('checkbox', { name: 'Books' });
    await user.click(books);
    expect(screen.queryByText('At least one category is required')).toBeNull();
    await user.click(books);
    expect(books).toHaveProperty('checked', false);
    expect(screen.getByText('At least one category is required')).toBeTruthy();
  });

  it('adds a tag with Enter or Add, trimmed, non-empty and once; a removed last tag asks for one', async () => {
    const { user, context } = renderPage();
    await fill(user, tagField(), '  poetry  ');
    await user.keyboard('{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['poetry']);
    expect(tagField()).toHaveProperty('value', '');
    // A duplicate (any case) and an empty tag are not added; Enter never submits the form.
    await fill(user, tagField(), 'Poetry');
    await user.keyboard('{Enter}');
    await fill(user, tagField(), '   ');
    await user.keyboard('{Enter}');
    expect(context().tags).toEqual(['poetry']);
    expect(server.calls.http).toEqual([]);
    await fill(user, tagField(), 'haiku');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(context().tags).toEqual(['poetry', 'haiku']);
    await user.click(screen.getByRole('button', { name: 'Remove tag poetry' }));
    await user.click(screen.getByRole('button', { name: 'Remove tag haiku' }));
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(screen.getByText('At least one tag is required')).toBeTruthy();
  });

  it('invites members: a search after the pause without the member, Select / Selected, "No users found"', async () => {
    const { user, context } = renderPage();
    expect(screen.getByText('No members invited yet')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'b');
    expect(screen.getByRole('status').textContent).toBe('Searching...');
    expect(server.calls.search).toEqual([]);
    await waitFor(() => expect(server.calls.search).toHaveLength(1), { timeout: 2000 });
    expect(await answer('search', { value: { search: [alice, bob, carol] } })).toEqual(['b']);
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).queryByText('alice')).toBeNull();
    const select = within(results).getByRole('button', { name: 'Select bob' });
    expect(select.getAttribute('aria-pressed')).toBe('false');
    await user.click(select);
    expect(within(results).getByRole('button', { name: 'Selected bob' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('No members invited yet')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Invited members' })).getByText('bob')).toBeTruthy();
    expect(context().invited).toEqual([
      expect.objectContaining({
        userId: 'u2',
        username: 'bob',
        role: 'member',
        joinedBy: 'invited',
        status: 'pending',
        invitedBy: alice._id,
      }),
    ]);
    await user.click(within(results).getByRole('button', { name: 'Selected bob' }));
    expect(within(results).getByRole('button', { name: 'Select bob' })).toBeTruthy();
    expect(screen.getByText('No members invited yet')).toBeTruthy();

    // Invited members are left out of the next results (the shown ones stay, to unselect).
    await user.click(within(results).getByRole('button', { name: 'Select carol' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'o');
    await waitFor(() => expect(server.calls.search).toHaveLength(1), { timeout: 2000 });
    expect(await answer('search', { value: { search: [alice, bob, carol] } })).toEqual(['bo']);
    const next = screen.getByRole('list', { name: 'Search results' });
    expect(
      within(next)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Select bob']);
    expect(within(screen.getByRole('list', { name: 'Invited members' })).getByText('carol')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zz');
    await waitFor(() => expect(server.calls.search).toHaveLength(1), { timeout: 2000 });
    expect(await answer('search', { value: { search: [] } })).toEqual(['bozz']);
    expect(screen.getByRole('status').textContent).toBe('No users found');
  });

  it('submits: "Creating..." disabled, the server\'s refusal in a toast, then success and the group\'s page after 200 ms', async () => {
    const { user } = renderPage();
    await fillValidForm(user);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'c');
    await waitFor(() => expect(server.calls.search).toHaveLength(1), { timeout: 2000 });
    await answer('search', { value: { search: [carol] } });
    await user.click(screen.getByRole('button', { name: 'Select carol' }));
    await user.click(screen.getByRole('radio', { name: /Private/ }));

    await user.click(submit());
    expect(submit().textContent).toBe('Creating...');
    expect(submit()).toHaveProperty('disabled', true);
    const [path, options] = await answer('http', { error: refused('User not found') });
    expect(path).toBe(paths.groups.create);
    expect(options).toMatchObject({
      method: 'POST',
      body: {
        name: 'Café Readers',
        description: 'Books and coffee',
        privacy: 'private',
        tags: ['novels'],
        category: ['Books'],
        profileImage: '',
        members: [expect.objectContaining({ userId: 'u3', status: 'pending', joinedBy: 'invited', invitedBy: alice._id })],
      },
    });
    await waitFor(() => expect(screen.getByText('User not found')).toBeTruthy());
    expect(submit().textContent).toBe('Create Group');
    expect(submit()).toHaveProperty('disabled', false);

    await user.click(submit());
    const created = Date.now();
    await answer('http', { value: { message: 'Group created successfully!', group: { _id: 'g9' } } });
    // The toast at once; the page stays for the 200 ms the spec gives it.
    expect(window.location.pathname).toBe('/app/social/create-group');
    expect(screen.getByText('Group created successfully!')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/app/social/group/g9'));
    expect(Date.now() - created).toBeGreaterThanOrEqual(190);
  });

  it('says "Failed to create group" when the server gives no message', async () => {
    const { user } = renderPage();
    await fillValidForm(user);
    await user.click(submit());
    await answer('http', { error: { message: 'fetch failed', data: undefined } });
    await waitFor(() => expect(screen.getByText('Failed to create group')).toBeTruthy());
  });

  it('uploads a chosen image as png with a preview, and says "Error uploading image" when that fails', async () => {
    const { user, context } = renderPage();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    await user.upload(input, new File(['gif'], 'cat.gif', { type: 'image/gif' }));
    await waitFor(() => expect(server.calls.upload).toHaveLength(1));
    const [folder, image] = server.calls.upload[0].args as [string, string];
    expect(folder).toBe('group-avatar');
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    expect(screen.getByRole('img', { name: 'Group image preview' }).getAttribute('src')).toBe(image);
    expect(screen.getByRole('button', { name: 'Uploading...' })).toHaveProperty('disabled', true);
    await answer('upload', { error: {} });
    await waitFor(() => expect(screen.getByText('Error uploading image')).toBeTruthy());
    expect(screen.queryByRole('img', { name: 'Group image preview' })).toBeNull();
    expect(context().imageUrl).toBe('');
  });

  it('Cancel goes back to the groups list', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/social/groups'));
  });
});
