import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_UNREAD_MAX, type ChatListItem, type ChatMessage, type GroupChat } from '../../../src/api/chat';
import { createChatApi } from '../../../src/api/chat/client';
import type { ApiClient } from '../../../src/api/client';
import { chatAreaLogic } from '../../../src/effects/chat/area';
import type { ChatDeps } from '../../../src/effects/chat/chat';
import { createBus } from '../../../src/effects/shell/socket';
import { ChatLogicProvider } from '../../../src/views/chat/ChatLogic';
import { Toasts } from '../../../src/views/shell/Toasts';
import ChatPage from '../../../src/views/chat/ChatPage';
import { alice, apiFailure, auth } from '../../fixtures/auth';
import { ben, cleo, GIF, groupMessage, member, PNG, team, UPLOADED } from '../../machines/chat/groupChat/groupChatFixtures';
import { startTestApp, withApp } from '../appHarness';

const me = { id: alice._id, username: alice.username };
const mine = (g: GroupChat): GroupChat =>
  JSON.parse(JSON.stringify(g).replaceAll('"me"', `"${me.id}"`).replaceAll('"ada"', `"${me.username}"`));
/** Team with Alice as its admin, Ben a member, Cleo invited. */
const teamAdmin = mine(team());
/** Team run by Ben; Alice a member. */
const teamMember = mine(
  team({
    createdBy: ben.id,
    admins: [ben.id],
    members: [
      member(ben, { role: 'admin', joinedBy: 'creator', invitedBy: null }),
      member({ id: 'me', username: 'ada' }, { invitedBy: ben.id }),
    ],
  }),
);
const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const fromAlice = (seq: number, overrides: Partial<ChatMessage> = {}) => ({ ...groupMessage(seq, me), ...overrides });
const privateItem: ChatListItem = {
  ...groupMessage(4, ben, {
    _id: 'p4',
    conversationId: 'conv-ben',
    isGroupChat: false,
    groupId: '',
    groupName: '',
    receiverId: me.id,
    receiverUsername: me.username,
    body: 'See you there',
    createdAt: at(5),
  }),
  unreadCount: 1,
  lastSeq: 4,
};
const found = (who: { id: string; username: string }) => ({
  _id: who.id,
  username: who.username,
  avatarColor: '#1d4ed8',
  profilePicture: '',
});

type Handler = (body: unknown) => unknown;

/** The server as these screens call it: `METHOD path` -> answer (a thrown value is a refusal). */
function fakeServer(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const http = vi.fn(async (path: string, opts?: { method?: string; body?: unknown }) => {
    const key = `${opts?.method ?? 'GET'} ${path}`;
    calls.push({ key, body: opts?.body });
    const handler = routes[key];
    if (!handler) throw apiFailure(`No route ${key}`, 404);
    return handler(opts?.body);
  });
  const upload = vi.fn(async (_kind: string, _image: string) => ({ url: UPLOADED }));
  const search = vi.fn(async (query: string) => ({
    search: [found(me), found(ben), found(cleo)].filter((u) => u.username.startsWith(query)),
  }));
  const api = { http, ...createChatApi(http as never), images: { upload }, users: { search } } as unknown as ApiClient;
  return { api, calls, upload, search, routes };
}

const baseRoutes = (overrides: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /chat/message/conversation-list': () => ({ list: [privateItem] }),
  [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [teamAdmin] }),
  'GET /group-chat/invitations': () => ({ pendingGroups: [] }),
  'GET /chat/message/user/g1?isGroupChat=true': () => ({ messages: [groupMessage(1, ben), fromAlice(2)], lastSeq: 2, hasMore: false }),
  'POST /chat/message/add-chat-users': () => ({}),
  'POST /chat/message/remove-chat-users': () => ({}),
  'PUT /group-chat/read/g1': () => ({ groupId: 'g1', unreadCount: 0 }),
  ...overrides,
});

function renderChat(path: string, routes: Record<string, Handler>) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const server = fakeServer(routes);
  const bus = createBus();
  const emit = vi.fn(async () => ({ ok: true }));
  const navigate = vi.fn();
  const deps: ChatDeps = { api: server.api, bus, emit: emit as never, navigate };
  const { ui, location } = withApp(
    app,
    path,
    <ChatLogicProvider logic={chatAreaLogic(app, deps)}>
      <ChatPage />
      <Toasts />
    </ChatLogicProvider>,
  );
  render(ui);
  const toasts = () =>
    (
      app.system.get('toasts')!.getSnapshot() as { context: { toasts: { notification: { description: string; type: string } }[] } }
    ).context.toasts.map(({ notification: { type, description } }) => ({ type, description }));
  return { app, server, bus, emit, navigate, toasts, location, user: userEvent.setup() };
}

const conversations = () => screen.getByRole('navigation', { name: 'Conversations' });
const rows = () =>
  within(conversations())
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
const bubbles = () => within(screen.getByRole('log', { name: 'Messages' })).getAllByRole('listitem');
const bubble = (text: string) => bubbles().find((li) => li.textContent?.includes(text));

beforeEach(() => {
  // The desktop layout: the list and the open conversation side by side.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat list with group chats', () => {
  it('lists group chats among private conversations, newest first, with the newest live message as the preview and unread counts', async () => {
    const t = renderChat(
      '/chat/messages',
      baseRoutes({ [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [{ ...teamAdmin, lastMessage: null, unreadCount: 2 }] }) }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Team changed at 11:01, Ben's message is from 10:05.
    // Cleo is only invited: two members. Two unread, as the server counts them.
    expect(rows()[0]).toMatch(/^Team.*2 members2 unread$/);
    expect(rows()[1]).toMatch(/^b?ben.*See you there1 unread$/);
    expect(within(conversations()).getByRole('link', { name: /^Team/ }).getAttribute('href')).toBe(
      '/app/social/chat/messages?username=Team&id=g1&isGroup=true',
    );
    act(() => t.bus.publish({ event: 'group message received', payload: groupMessage(3, ben, { body: 'Lunch at noon?' }) }));
    expect(rows()[0]).toMatch(/^Team.*ben: Lunch at noon\?3 unread$/);
    // Renamed by another admin; then deleted.
    act(() => t.bus.publish({ event: 'group updated', payload: { ...teamAdmin, name: 'Lunch club' } }));
    expect(rows()[0]).toMatch(/^Lunch club/);
    act(() => t.bus.publish({ event: 'group deleted', payload: { groupId: 'g1' } }));
    expect(rows()).toHaveLength(1);
  });

  it('shows "99+" where the server counted CHAT_UNREAD_MAX unread (it counts no further)', async () => {
    renderChat(
      '/chat/messages',
      baseRoutes({ 'GET /chat/message/conversation-list': () => ({ list: [{ ...privateItem, unreadCount: CHAT_UNREAD_MAX }] }) }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toMatch(/^b?ben.*See you there99\+ unread$/);
  });

  it('never shows the member’s own last message beside an unread count, loaded or live (answering is reading)', async () => {
    const stale = { ...privateItem, senderId: me.id, senderUsername: me.username, receiverId: ben.id, receiverUsername: ben.username };
    const t = renderChat(
      '/chat/messages',
      baseRoutes({
        'GET /chat/message/conversation-list': () => ({ list: [{ ...stale, body: 'On my way', unreadCount: 2 }] }),
        [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [{ ...teamAdmin, lastMessage: groupMessage(1, ben), unreadCount: 2 }] }),
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().find((r) => r.includes('On my way'))).toMatch(/You: On my way$/);
    expect(rows().find((r) => r.startsWith('Team'))).toMatch(/2 unread$/);
    // Live: Ben writes (his count), then the member answers (a row carrying a stale count still shows none).
    act(() => t.bus.publish({ event: 'chat list', payload: { ...privateItem, _id: 'p5', body: 'Where are you?', unreadCount: 1 } }));
    expect(rows().find((r) => r.includes('Where are you?'))).toMatch(/1 unread$/);
    act(() =>
      t.bus.publish({
        event: 'chat list',
        payload: { ...stale, _id: 'p6', seq: 6, body: 'Almost there', createdAt: at(9), unreadCount: 1 },
      }),
    );
    expect(rows().find((r) => r.includes('Almost there'))).toMatch(/You: Almost there$/);
    // The member writes in the group: it is read.
    act(() => t.bus.publish({ event: 'group message received', payload: fromAlice(2, { body: 'Count me in', createdAt: at(59) }) }));
    expect(rows().find((r) => r.startsWith('Team'))).toMatch(/You: Count me in$/);
  });

  it('shows the failure with the server message and tries again', async () => {
    let fail = true;
    const t = renderChat(
      '/chat/messages',
      baseRoutes({
        [`GET /group-chat/user-group/${me.id}`]: () => {
          if (fail) throw apiFailure('You can only list your own groups', 403);
          return { groups: [teamAdmin] };
        },
      }),
    );
    await within(conversations()).findByText('You can only list your own groups');
    fail = false;
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});

describe('group thread', () => {
  it('shows who wrote each message, joins the group room, marks it read, and sends text, an image and a gif (pending, then sent)', async () => {
    const stored: ChatMessage[] = [];
    const t = renderChat(
      '/chat/messages?username=Team&id=g1&isGroup=true',
      baseRoutes({
        [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [{ ...teamAdmin, lastMessage: null, unreadCount: 1 }] }),
        'POST /group/message': (body) => {
          const b = body as { body: string; gifUrl: string; selectedImage: string; clientId: string };
          const message = fromAlice(3 + stored.length, {
            _id: `sent${stored.length}`,
            body: b.body,
            gifUrl: b.gifUrl,
            selectedImage: b.selectedImage,
            clientId: b.clientId,
          });
          stored.push(message);
          return { message: 'Message added', chat: message };
        },
      }),
    );
    const thread = await screen.findByRole('region', { name: 'Group chat Team' });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(within(thread).getByText('2 members')).toBeTruthy();
    expect(bubble('group message 1')!.textContent).toMatch(/^ben/);
    expect(bubble('group message 2')!.textContent).toMatch(/Sent/);
    expect(t.emit).toHaveBeenCalledWith('join group room', { groupId: 'g1' });
    // The group is marked read up to what the thread holds (not the private mark-as-read), and no add-chat-users.
    await waitFor(() => expect(t.server.calls.find((c) => c.key === 'PUT /group-chat/read/g1')?.body).toEqual({ seq: 2 }));
    expect(t.server.calls.map((c) => c.key).filter((k) => k.includes('mark-as-read') || k.includes('chat-users'))).toEqual([]);
    expect(within(conversations()).getByRole('link', { name: /^Team/ }).textContent).not.toMatch(/unread/);

    const box = screen.getByRole('textbox', { name: 'Message Team' });
    await t.user.type(box, '  Hello team  {Enter}');
    await waitFor(() => expect(bubble('Hello team')?.textContent).toMatch(/Sent/));
    expect(t.server.calls.find((c) => c.key === 'POST /group/message')!.body).toEqual({
      groupId: 'g1',
      body: 'Hello team',
      gifUrl: '',
      selectedImage: '',
      clientId: expect.any(String),
    });

    // An image: previewed, uploaded, then sent with its URL.
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File([Uint8Array.from(atob(PNG.split(',')[1]!), (ch) => ch.charCodeAt(0))], 'cat.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await screen.findByRole('img', { name: 'Image to send' });
    await t.user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(t.server.upload).toHaveBeenCalledWith('chat', expect.stringMatching(/^data:image\/png;base64,/)));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Image from You' }).getAttribute('src')).toBe(UPLOADED));
    expect(screen.getByRole('img', { name: 'Image from You' }).getAttribute('loading')).toBe('lazy');

    // A gif: http is refused before anything is sent; https goes.
    await t.user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    const gifField = await screen.findByRole('textbox', { name: 'GIF URL' });
    await t.user.type(gifField, 'http://media.example.org/party.gif');
    await t.user.click(screen.getByRole('button', { name: 'Attach GIF' }));
    expect(await screen.findByText('GIF URL must be an https URL')).toBeTruthy();
    await t.user.clear(gifField);
    await t.user.type(gifField, GIF);
    await t.user.click(screen.getByRole('button', { name: 'Attach GIF' }));
    await t.user.click(await screen.findByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'GIF from You' }).getAttribute('src')).toBe(GIF));
    expect(stored.map((m) => [m.body, m.selectedImage, m.gifUrl])).toEqual([
      ['Hello team', '', ''],
      ['', UPLOADED, ''],
      ['', '', GIF],
    ]);
  });

  it('keeps a refused image as not sent, with the server’s reason and Retry', async () => {
    const t = renderChat('/chat/messages?username=Team&id=g1&isGroup=true', baseRoutes());
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    t.server.upload.mockRejectedValueOnce(apiFailure('Image is too large: the limit is 10 MB', 413));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'big.png', { type: 'image/png' })] } });
    await screen.findByRole('img', { name: 'Image to send' });
    await t.user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(/Not sent: Image is too large: the limit is 10 MB/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('a member sees the members but no admin controls, and can leave after confirming', async () => {
    const t = renderChat(
      '/chat/messages?username=Team&id=g1&isGroup=true',
      baseRoutes({
        [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [teamMember] }),
        'PUT /group-chat/leave/g1': () => ({ message: 'You left the group', groupId: 'g1' }),
      }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await t.user.click(screen.getByRole('button', { name: 'Group info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team' });
    const members = within(dialog).getByRole('list', { name: 'Members' });
    // Each row: the avatar's initial, the name, the badges.
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bbenAdmin', `a${me.username} (you)`]);
    for (const name of [/^Make admin/, /^Remove /, 'Delete group', 'Rename', /^Invite /])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Group name' })).toBeNull();
    await t.user.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Team?' });
    await t.user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(t.navigate).toHaveBeenCalledWith('/app/social/chat/messages', expect.anything()));
    expect(screen.queryByRole('dialog', { name: 'Team' })).toBeNull();
    expect(rows().some((r) => r.startsWith('Team'))).toBe(false);
    expect(t.toasts()).toContainEqual({ type: 'success', description: 'You left Team' });
  });

  it('an admin renames (name rules first), promotes, and sees a refusal in the panel', async () => {
    const t = renderChat(
      '/chat/messages?username=Team&id=g1&isGroup=true',
      baseRoutes({
        'PUT /group-chat/g1': (body) => ({ group: { ...teamAdmin, name: (body as { name: string }).name } }),
        'PUT /group-chat/promote/g1/u2': () => ({ group: { ...teamAdmin, admins: [me.id, ben.id] } }),
        'DELETE /group-chat/remove-members/g1/u3': () => {
          throw apiFailure('Member not found', 404);
        },
      }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await t.user.click(screen.getByRole('button', { name: 'Group info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team' });
    const name = within(dialog).getByRole('textbox', { name: 'Group name' });
    await t.user.clear(name);
    await t.user.type(name, 'Te');
    await t.user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Group name must be at least 3 characters')).toBeTruthy();
    await t.user.type(name, 'am Two');
    await t.user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Team Two', level: 2 })).toBeTruthy());
    expect(t.toasts()).toContainEqual({ type: 'success', description: 'Group renamed to Team Two' });

    await t.user.click(within(dialog).getByRole('button', { name: 'Make admin: ben' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Make admin: ben' })).toBeNull());

    await t.user.click(within(dialog).getByRole('button', { name: 'Remove cleo' }));
    await t.user.click(within(await screen.findByRole('alertdialog', { name: 'Remove cleo?' })).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Member not found')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete group' })).toBeTruthy();
  });
});

describe('private thread header', () => {
  it('says whether the other member is online, watching them on the socket, and follows changes live', async () => {
    const t = renderChat(
      `/chat/messages?username=ben&id=${ben.id}&isGroup=false`,
      baseRoutes({ [`GET /chat/message/user/${ben.id}?isGroupChat=false`]: () => ({ messages: [], lastSeq: 0, hasMore: false }) }),
    );
    t.emit.mockImplementation((async (event: string) =>
      event === 'watch presence' ? { ok: true, online: [ben.id] } : { ok: true }) as never);
    const header = await screen.findByRole('region', { name: 'Conversation with ben' });
    // The socket connects (or reconnects): the header watches Ben again and hears he is online.
    act(() => t.bus.publish({ event: 'reconnected' }));
    await waitFor(() => expect(within(header).getByText('Online')).toBeTruthy());
    expect(t.emit).toHaveBeenCalledWith('watch presence', { userIds: [ben.id] });
    act(() => t.bus.publish({ event: 'user online', payload: { type: 'change', userId: ben.id, online: false } }));
    expect(within(header).getByText('Offline')).toBeTruthy();
    // Someone else going online says nothing about Ben.
    act(() => t.bus.publish({ event: 'user online', payload: { type: 'change', userId: cleo.id, online: true } }));
    expect(within(header).getByText('Offline')).toBeTruthy();
  });
});

describe('a conversation on a phone', () => {
  it('is the page: Back (to the conversations when opened from outside) and the conversation as h1', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    renderChat(
      `/chat/messages?username=ben&id=${ben.id}&isGroup=false`,
      baseRoutes({ [`GET /chat/message/user/${ben.id}?isGroupChat=false`]: () => ({ messages: [], lastSeq: 0, hasMore: false }) }),
    );
    const header = (await screen.findByRole('heading', { level: 1, name: 'ben' })).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/app/social/chat/messages');
  });

  it('beside the list (from 768 px) the list keeps the h1 and the conversation is an h2, with Back', async () => {
    renderChat(
      `/chat/messages?username=ben&id=${ben.id}&isGroup=false`,
      baseRoutes({ [`GET /chat/message/user/${ben.id}?isGroupChat=false`]: () => ({ messages: [], lastSeq: 0, hasMore: false }) }),
    );
    const header = (await screen.findByRole('heading', { level: 2, name: 'ben' })).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chats');
  });
});

describe('new group chat dialog', () => {
  it('checks the name, invites members found by search, shows a refusal, then creates and opens the group', async () => {
    let refuse = true;
    const created = mine(
      team({
        _id: 'g7',
        name: 'Book club',
        members: [member({ id: 'me', username: 'ada' }, { role: 'admin' }), member(cleo, { state: 'pending' })],
      }),
    );
    const t = renderChat(
      '/chat/messages',
      baseRoutes({
        'POST /group-chat/create': () => {
          if (refuse) throw apiFailure('You cannot invite this member', 403);
          return { message: 'Group created', group: created };
        },
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    await t.user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group chat' });
    const name = within(dialog).getByRole('textbox', { name: 'Group name' });
    await t.user.click(within(dialog).getByRole('button', { name: 'Create group chat' }));
    expect(await within(dialog).findByText('Group name is required')).toBeTruthy();
    await t.user.type(name, 'Bo');
    expect(within(dialog).getByText('Group name must be at least 3 characters')).toBeTruthy();
    await t.user.type(name, 'ok club!');
    expect(within(dialog).getByText('Group name must contain only letters, numbers, and spaces')).toBeTruthy();
    await t.user.type(name, '{Backspace}');
    expect(within(dialog).queryByText(/Group name must/)).toBeNull();

    await t.user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'c');
    const select = await within(dialog).findByRole('button', { name: 'Select cleo' }, { timeout: 2000 });
    // The searcher is never offered.
    expect(within(dialog).queryByRole('button', { name: `Select ${me.username}` })).toBeNull();
    await t.user.click(select);
    expect(within(within(dialog).getByRole('list', { name: 'Invited members' })).getByText('cleo')).toBeTruthy();

    await t.user.click(within(dialog).getByRole('button', { name: 'Create group chat' }));
    expect(await within(dialog).findByText('You cannot invite this member')).toBeTruthy();
    refuse = false;
    await t.user.click(within(dialog).getByRole('button', { name: 'Create group chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New group chat' })).toBeNull());
    expect(t.server.calls.filter((c) => c.key === 'POST /group-chat/create').map((c) => c.body)).toEqual([
      { name: 'Book club', members: ['u3'] },
      { name: 'Book club', members: ['u3'] },
    ]);
    expect(t.emit).toHaveBeenCalledWith(
      'group action',
      expect.objectContaining({ type: 'CREATE_GROUP', groupId: 'g7', groupName: 'Book club' }),
    );
    expect(t.navigate).toHaveBeenCalledWith('/app/social/chat/messages?username=Book+club&id=g7&isGroup=true', expect.anything());
    expect(rows().some((r) => r.startsWith('Book club'))).toBe(true);
  });
});

describe('new message', () => {
  it('finds a member with the invite panels’ search and opens the one-to-one conversation, by keyboard alone', async () => {
    const t = renderChat(
      '/chat/messages',
      baseRoutes({ [`GET /chat/message/user/${ben.id}`]: () => ({ messages: [], lastSeq: 0, hasMore: false }) }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    const open = screen.getByRole('button', { name: 'New message' });
    open.focus();
    await t.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const field = within(dialog).getByRole('searchbox', { name: 'Search members' });
    // The search is where typing goes at once.
    expect(document.activeElement).toBe(field);
    await t.user.keyboard(ben.username.slice(0, 1));
    const link = await within(dialog).findByRole('link', { name: `Message ${ben.username}` }, { timeout: 2000 });
    // The member is never offered to themselves.
    expect(within(dialog).queryByRole('link', { name: `Message ${me.username}` })).toBeNull();
    expect(t.server.search).toHaveBeenCalledWith(ben.username.slice(0, 1));
    await t.user.tab();
    expect(document.activeElement).toBe(link);
    await t.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New message' })).toBeNull());
    expect(t.location.history.at(-1)).toBe(`/app/social/chat/messages?username=${ben.username}&id=${ben.id}&isGroup=false`);
  });

  it('the empty list points to New message and New group', async () => {
    renderChat(
      '/chat/messages',
      baseRoutes({
        'GET /chat/message/conversation-list': () => ({ list: [] }),
        [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [] }),
      }),
    );
    expect(await screen.findByText('Choose New message to write to a member, or New group to start a group chat.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New message' })).toBeTruthy();
  });
});

describe('group chat invitations', () => {
  const invite = (id: string, name: string) =>
    mine(
      team({
        _id: id,
        name,
        createdBy: ben.id,
        admins: [ben.id],
        members: [member(ben, { role: 'admin' }), member({ id: 'me', username: 'ada' }, { state: 'pending', invitedBy: ben.id })],
      }),
    );
  const books = invite('g5', 'Books');
  const chess = invite('g6', 'Chess');

  it('accepts one (it joins the list and opens) and declines one that arrived live', async () => {
    const t = renderChat(
      '/chat/messages',
      baseRoutes({
        'GET /group-chat/invitations': () => ({ pendingGroups: [books] }),
        'PUT /group-chat/invitation/accept/g5': () => ({
          message: 'Invitation accepted',
          group: { ...books, members: books.members.map((m) => ({ ...m, state: 'accepted' })) },
        }),
        'PUT /group-chat/invitation/decline/g6': () => ({ message: 'Invitation declined', groupId: 'g6' }),
      }),
    );
    const list = await screen.findByRole('list', { name: 'Group chat invitations' });
    expect(within(list).getByRole('listitem', { name: 'Books' }).textContent).toMatch(/ben invited you · 1 member/);
    act(() => t.bus.publish({ event: 'group chat list', payload: chess }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Books', 'Chess']);

    await t.user.click(within(list).getByRole('button', { name: 'Accept Books' }));
    await waitFor(() => expect(rows().some((r) => r.startsWith('Books'))).toBe(true));
    expect(t.navigate).toHaveBeenCalledWith('/app/social/chat/messages?username=Books&id=g5&isGroup=true', expect.anything());
    expect(t.toasts()).toContainEqual({ type: 'success', description: 'You joined Books' });

    await t.user.click(screen.getByRole('button', { name: 'Decline Chess' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Group chat invitations' })).toBeNull());
    expect(rows().some((r) => r.startsWith('Chess'))).toBe(false);
    expect(t.toasts()).toContainEqual({ type: 'info', description: 'Invitation declined' });
  });

  it('shows the server’s message when an answer is refused', async () => {
    const t = renderChat('/chat/messages', baseRoutes({ 'GET /group-chat/invitations': () => ({ pendingGroups: [books] }) }));
    await t.user.click(await screen.findByRole('button', { name: 'Accept Books' }));
    await waitFor(() => expect(t.toasts()).toContainEqual({ type: 'error', description: 'No route PUT /group-chat/invitation/accept/g5' }));
    expect(screen.getByRole('button', { name: 'Accept Books' })).toBeTruthy();
  });
});
