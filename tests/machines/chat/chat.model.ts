import type { ChatListItem, ChatMessage } from '../../../src/api/chat';
import type { ChatLists } from '../../../src/machines/chat/chat.types';
import { chatMachine, type ChatContext } from '../../../src/machines/chat/chat.machine';
import { clientIdOf } from '../../../src/machines/shared/clientIds';
import { CLIENT_SEED, noAnswer, refused } from '../../fixtures/streams';
import { ben as gBen, GIF, groupMessage, me as gMe, PNG, team, UPLOADED } from './groupChat/groupChatFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

/** The client id of the first message sent (src/machines/shared/clientIds.ts). */
export const C1 = clientIdOf(CLIENT_SEED, 1);

export const me = { id: 'me', username: 'ada' };
/** When the chat list's kept copy was saved. */
export const KEPT_AT = Date.parse('2025-01-01T10:42:00.000Z');
export const ben = { id: 'u2', username: 'ben', isGroup: false };
const carl = { id: 'u3', username: 'carl', isGroup: false };
const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

export function msg(seq: number, from: 'me' | 'ben' | 'carl', overrides: Partial<ChatMessage> = {}): ChatMessage {
  const sender = from === 'me' ? me : from === 'ben' ? ben : carl;
  const receiver = from === 'me' ? ben : me;
  return {
    _id: `m${seq}${from === 'carl' ? 'c' : ''}`,
    seq,
    conversationId: from === 'carl' ? 'conv-carl' : 'conv-ben',
    senderId: sender.id,
    senderUsername: sender.username,
    senderAvatarColor: '#000',
    senderProfilePicture: '',
    receiverId: receiver.id,
    receiverUsername: receiver.username,
    receiverAvatarColor: '#000',
    receiverProfilePicture: '',
    body: `message ${seq}`,
    isRead: from === 'me',
    gifUrl: '',
    selectedImage: '',
    isGroupChat: false,
    groupId: '',
    groupName: '',
    reaction: [],
    deleteForEveryone: false,
    clientId: null,
    createdAt: at(seq),
    ...overrides,
  };
}
export const item = (m: ChatMessage, unreadCount: number): ChatListItem => ({ ...m, unreadCount, lastSeq: m.seq });

export const itemBen = item(msg(3, 'me'), 1);
const itemCarl = item(msg(9, 'carl'), 2);
const m1 = msg(1, 'ben');
export const m2 = msg(2, 'ben');
export const m3 = msg(3, 'me');
const sentAnswer = msg(4, 'me', { _id: 'm4', body: 'hi', clientId: C1 });
export const m5 = msg(5, 'ben');
const m4b = msg(4, 'ben', { _id: 'm4b' });

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ChatContext;
  return JSON.stringify({
    value: snapshot.value,
    list: c.list.map((i) => `${i.conversationId}:${i.unreadCount}:${i.isRead}:${i.deleteForEveryone}:${i.reaction.length}`),
    listError: c.listError,
    kept: c.listKeptAt !== null,
    peer: c.peer?.id ?? null,
    messages: c.messages.map((m) => `${m._id}:${m.status}:${m.isRead ? 'r' : 'u'}:${m.reaction.length}:${m.deleteForEveryone ? 'x' : ''}`),
    synced: c.syncedSeq,
    older: c.hasOlder,
    error: c.threadError,
    edit: c.edit?.kind ?? null,
    sent: c.sent,
  });
};

const IN_PLACE = new Set(['chat.read', 'chat.reaction', 'chat.deleted', 'chat.listItem']);

const directModel = {
  serialize,
  // Group chats and attachments are the group model's (below).
  ignore: ['chat.groupUpdated', 'chat.groupRemoved', 'chat.groupRead'],
  events: [
    { type: 'chat.retryList' },
    { type: 'chat.retryThread' },
    { type: 'chat.loadOlder' },
    { type: 'chat.reconnected' },
    { type: 'chat.select', peer: ben },
    { type: 'chat.select', peer: carl },
    { type: 'chat.select', peer: null },
    { type: 'xstate.done.actor.list', output: { list: [itemCarl, itemBen], groups: [] } },
    // The copy kept on this device (the server gave no answer): asked again after a while.
    { type: 'xstate.done.actor.list', output: { list: [itemCarl, itemBen], groups: [], keptAt: KEPT_AT } },
    { type: 'xstate.error.actor.list', error: refused('Session expired, please sign in again', 401) },
    { type: 'xstate.done.actor.thread', output: { messages: [m2, m3], lastSeq: 3, hasMore: true } },
    { type: 'xstate.error.actor.thread', error: refused('User not found', 404) },
    { type: 'chat.send', body: '  hi  ' },
    { type: 'chat.send', body: '   ' },
    { type: 'xstate.done.actor.send', output: sentAnswer },
    { type: 'xstate.error.actor.send', error: refused('You cannot message this member', 403) },
    { type: 'xstate.error.actor.send', error: noAnswer() },
    { type: 'chat.retrySend', clientId: C1 },
    { type: 'xstate.done.actor.markRead', output: { conversationId: 'conv-ben', readerId: 'me', senderId: 'u2', lastSeq: 3 } },
    { type: 'xstate.error.actor.markRead', error: new Error('Network down') },
    { type: 'chat.react', messageId: 'm3', reaction: 'like', change: 'add' },
    { type: 'xstate.done.actor.react', output: { ...m3, reaction: [{ userId: 'me', senderName: 'ada', type: 'like' }] } },
    { type: 'xstate.error.actor.react', error: refused('Message not found', 404) },
    { type: 'chat.delete', messageId: 'm3', mode: 'deleteForEveryone' },
    {
      type: 'xstate.done.actor.delete',
      output: { conversationId: 'conv-ben', messageId: 'm3', seq: 3, type: 'deleteForEveryone', isGroupChat: false, groupId: '' },
    },
    { type: 'xstate.error.actor.delete', error: refused('You can only delete your own messages for everyone', 403) },
    { type: 'xstate.done.actor.older', output: { messages: [m1], lastSeq: 3, hasMore: false } },
    { type: 'xstate.error.actor.older', error: refused('before must be a whole number', 400) },
    { type: 'xstate.done.actor.catchUp', output: { messages: [m4b], lastSeq: 5, hasMore: true } },
    { type: 'xstate.done.actor.catchUp', output: { messages: [m5], lastSeq: 5, hasMore: false } },
    { type: 'xstate.error.actor.catchUp', error: refused('Too many requests', 429) },
    { type: 'chat.received', message: m5 },
    { type: 'chat.received', message: m4b },
    { type: 'chat.received', message: sentAnswer },
    { type: 'chat.received', message: msg(10, 'carl') },
    { type: 'chat.read', read: { conversationId: 'conv-ben', readerId: 'u2', senderId: 'me', lastSeq: 4 } },
    { type: 'chat.reaction', message: { ...m2, reaction: [{ userId: 'u2', senderName: 'ben', type: 'love' }] } },
    {
      type: 'chat.deleted',
      deleted: { conversationId: 'conv-ben', messageId: 'm2', seq: 2, type: 'deleteForMe', isGroupChat: false, groupId: '' },
    },
    { type: 'chat.listItem', item: item(msg(4, 'ben', { _id: 'm4b', createdAt: at(50) }), 2) },
  ] as ModelEvent[],
  // One stimulus at a time: a new one is offered only when the thread is as first loaded and
  // nothing is in flight; then only the answers that settle it (plus the few races that matter:
  // the socket's echo of a message being sent, a message arriving while the thread loads).
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as ChatContext;
    const m = (v: unknown) => snapshot.matches(v);
    const type = event.type;
    // A kept list only waits for its retry: nothing else is explored from it.
    const listAsLoaded =
      c.listKeptAt === null &&
      c.list.map((i) => i._id).join() === 'm9c,m3' &&
      c.list.every((i) => i.reaction.length === 0 && !i.deleteForEveryone);
    const none = m({ conversation: 'none' });
    const fresh =
      c.messages.map((x) => x._id).join() === 'm2,m3' &&
      c.sent === 0 &&
      c.edit === null &&
      c.messages.every((x) => x.reaction.length === 0 && !x.deleteForEveryone);
    const quiet =
      m({ list: 'loaded' }) &&
      m({ conversation: { open: { ready: { outbox: 'idle', edit: 'idle', older: 'idle', sync: 'live' } } } }) &&
      !m({ conversation: { open: { ready: { read: 'marking' } } } });
    const stimulus = quiet && fresh && listAsLoaded && c.peer?.id === 'u2';
    const idle = none && m({ list: 'loaded' }) && listAsLoaded;
    if (c.peer?.id === 'u3') return type === 'chat.select' || type === 'xstate.error.actor.thread';
    // The retry of a kept list is all the delay does; with the server's list it does nothing.
    if (type.startsWith('xstate.after.')) return c.listKeptAt !== null;
    if ((event.output as ChatLists | undefined)?.keptAt !== undefined) return none;
    if (type.startsWith('xstate.done.actor.list') || type.startsWith('xstate.error.actor.list'))
      return none || stimulus || m({ conversation: { open: 'ready' } });
    if (type.startsWith('xstate.')) return true;
    switch (type) {
      case 'chat.retryList':
        return none;
      case 'chat.select':
        if (none) return listAsLoaded && m({ list: 'loaded' });
        return m({ conversation: { open: 'loading' } }) || m({ conversation: { open: 'failed' } }) || stimulus;
      case 'chat.retryThread':
        return true;
      case 'chat.retrySend':
        return c.messages.some((x) => x.status === 'failed') && m({ conversation: { open: { ready: { outbox: 'idle' } } } });
      case 'chat.loadOlder':
        return stimulus || m({ conversation: { open: { ready: { older: 'failed' } } } });
      case 'chat.received': {
        const id = (event.message as ChatMessage)._id;
        if (m({ conversation: { open: 'loading' } })) return id === 'm5';
        if (id === 'm4') return c.messages.some((x) => x.clientId === C1 && x.status === 'pending');
        return stimulus;
      }
      case 'chat.reconnected':
        // Also a second drop while the catch-up runs: it must ask again from what is held.
        return (
          idle ||
          (none && m({ list: 'failed' })) ||
          stimulus ||
          (m({ list: 'loaded' }) && m({ conversation: { open: { ready: { sync: 'catchingUp' } } } }) && fresh)
        );
      default:
        // send, react, delete and the in-place socket events.
        if (IN_PLACE.has(type)) return stimulus || idle;
        return stimulus;
    }
  },
};

export const input = { me, clientSeed: CLIENT_SEED };

/* ----- Group chats, and messages with a gif or an image ----- */

export const teamPeer = { id: 'g1', username: 'Team', isGroup: true };
export const gm1 = groupMessage(1, gBen);
export const gm2 = groupMessage(2, gMe);
export const gm3 = groupMessage(3, gBen);
export const gm4 = groupMessage(4, gBen);
export const gm5 = groupMessage(5, gBen);
const elsewhere = groupMessage(7, gBen, { _id: 'gx7', groupId: 'g9', conversationId: 'g9', groupName: 'Elsewhere' });
const imageAnswer = groupMessage(3, gMe, { _id: 'gm3-mine', body: '', selectedImage: UPLOADED, clientId: C1 });
const gifAnswer = groupMessage(3, gMe, { _id: 'gm3-mine', body: '', gifUrl: GIF, clientId: C1 });
export const renamed = team({ name: 'Team Two', updatedAt: '2025-01-01T12:00:00.000Z' });
export const withoutMe = team({ members: team().members.filter((x) => x.userId !== 'me'), admins: ['u2'] });
export const other = team({ _id: 'g2', name: 'Readers', updatedAt: '2025-01-01T11:30:00.000Z' });

export const groupSerialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ChatContext;
  return JSON.stringify({
    value: snapshot.value,
    groups: c.groups.map((g) => `${g._id}:${g.name}`),
    last: Object.values(c.groupLast).map((x) => `${x.groupId}:${x._id}`),
    peer: c.peer?.id ?? null,
    messages: c.messages.map(
      (x) =>
        `${x._id}:${x.status}:${x.selectedImage.slice(0, 6)}:${x.gifUrl ? 'gif' : ''}:${x.reaction.length}:${x.deleteForEveryone ? 'x' : ''}`,
    ),
    synced: c.syncedSeq,
    error: c.threadError,
    edit: c.edit?.kind ?? null,
    sent: c.sent,
  });
};

const groupModel = {
  serialize: groupSerialize,
  ignore: ['chat.read', 'chat.reaction', 'chat.deleted', 'chat.listItem', 'chat.loadOlder', 'chat.retryList'],
  events: [
    { type: 'chat.select', peer: teamPeer },
    { type: 'chat.select', peer: null },
    { type: 'xstate.done.actor.list', output: { list: [], groups: [team()] } },
    { type: 'xstate.done.actor.list', output: { list: [], groups: [{ ...team(), unreadCount: 2 }] } },
    { type: 'xstate.done.actor.thread', output: { messages: [gm1, gm2], lastSeq: 2, hasMore: false } },
    { type: 'xstate.done.actor.markGroupRead', output: { groupId: 'g1', unreadCount: 0 } },
    // Read in another tab.
    { type: 'chat.groupRead', read: { groupId: 'g1', unreadCount: 0 } },
    { type: 'xstate.error.actor.markGroupRead', error: new Error('Network down') },
    { type: 'xstate.error.actor.thread', error: refused('Accept the invitation to this group first', 403) },
    { type: 'chat.retryThread' },
    { type: 'chat.send', body: '', image: PNG },
    { type: 'chat.send', body: '', gifUrl: ` ${GIF} ` },
    { type: 'chat.send', body: 'look', gifUrl: 'http://media.example.org/party.gif' },
    { type: 'chat.send', body: 'look', image: 'data:text/plain;base64,AAAA' },
    { type: 'xstate.done.actor.upload', output: { url: UPLOADED } },
    { type: 'xstate.error.actor.upload', error: refused('Image is too large: the limit is 10 MB', 413) },
    { type: 'xstate.error.actor.upload', error: noAnswer() },
    { type: 'xstate.done.actor.send', output: imageAnswer },
    { type: 'xstate.done.actor.send', output: gifAnswer },
    { type: 'xstate.error.actor.send', error: refused('Accept the invitation to this group first', 403) },
    { type: 'chat.retrySend', clientId: C1 },
    { type: 'chat.received', message: gm3 },
    { type: 'chat.received', message: gm5 },
    { type: 'chat.received', message: elsewhere },
    { type: 'xstate.done.actor.catchUp', output: { messages: [gm3, gm4, gm5], lastSeq: 5, hasMore: false } },
    { type: 'chat.reconnected' },
    { type: 'chat.react', messageId: 'gm1', reaction: 'like', change: 'add' },
    { type: 'xstate.done.actor.react', output: { ...gm1, reaction: [{ userId: 'me', senderName: 'ada', type: 'like' }] } },
    { type: 'chat.delete', messageId: 'gm2', mode: 'deleteForEveryone' },
    {
      type: 'xstate.done.actor.delete',
      output: { conversationId: 'g1', messageId: 'gm2', seq: 2, type: 'deleteForEveryone', isGroupChat: true, groupId: 'g1' },
    },
    { type: 'chat.groupUpdated', group: renamed },
    { type: 'chat.groupUpdated', group: withoutMe },
    { type: 'chat.groupUpdated', group: other },
    { type: 'chat.groupRemoved', groupId: 'g1' },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as ChatContext;
    const m = (v: unknown) => snapshot.matches(v);
    const type = event.type;
    const listAsLoaded = c.groups.map((g) => `${g._id}:${g.name}`).join() === 'g1:Team' && Object.keys(c.groupLast).length === 0;
    const none = m({ conversation: 'none' });
    const fresh =
      c.messages.map((x) => x._id).join() === 'gm1,gm2' &&
      c.sent === 0 &&
      c.edit === null &&
      c.messages.every((x) => x.reaction.length === 0 && !x.deleteForEveryone);
    const quiet = m({ list: 'loaded' }) && m({ conversation: { open: { ready: { outbox: 'idle', edit: 'idle', sync: 'live' } } } });
    const stimulus = quiet && fresh && listAsLoaded;
    const idle = none && m({ list: 'loaded' }) && listAsLoaded;
    if (type === 'xstate.done.actor.list') return none;
    // The kept list's retry is the direct model's; here the list is always the server's.
    if (type.startsWith('xstate.after.')) return false;
    if (type.startsWith('xstate.')) return true;
    switch (type) {
      case 'chat.select':
        if (none) return idle && (event.peer as unknown) !== null;
        return (
          (m({ conversation: { open: 'loading' } }) || m({ conversation: { open: 'failed' } }) || stimulus) &&
          (event.peer as unknown) === null
        );
      case 'chat.retryThread':
        return true;
      case 'chat.retrySend':
        return c.messages.some((x) => x.status === 'failed') && m({ conversation: { open: { ready: { outbox: 'idle' } } } });
      case 'chat.received': {
        const id = (event.message as ChatMessage)._id;
        if (id === 'gm3') return stimulus || idle;
        return stimulus;
      }
      case 'chat.groupUpdated':
      case 'chat.groupRemoved':
        return stimulus || idle;
      default:
        return stimulus;
    }
  },
};

// Direct chats and group chats are covered apart: together their product has no useful bound.
export const chatModel: MachineModel = {
  name: 'chat',
  machine: chatMachine,
  covers: [
    { label: 'direct chats', options: { ...directModel, input } as never },
    { label: 'group chats and attachments', options: { ...groupModel, input } as never },
  ],
};
