import { produce, type Draft } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import { CHAT_MESSAGE_MAX, EMPTY_MESSAGE } from '../../api/constants';
import type { ChatListItem, ChatMessage, GroupChat, MessageDeleted, GroupRead, MessageRead, MessagesPage } from '../../api/chat';
import type { ReactionType } from '../../api/constants';
import { gifUrlSchema } from '../../api/posts';
import { clientIdOf } from '../shared/clientIds';
import { failureText } from '../shared/failure';
import { retriesSend, sendRetryDelay } from '../shared/sendRetry';
import type { ToastRequest } from '../shell/toastRequest';
import { CHAT_HREF } from '../shell/routes';

export { CHAT_HREF };

/** A member on either side of a private chat. */
export interface ChatMember {
  id: string;
  username: string;
}

/**
 * The open conversation as the query parameters name it (spec: username, id, isGroup): the other
 * member, or a group chat (`username` is then the group's name, as the spec's URL has it).
 */
export interface ChatPeer extends ChatMember {
  isGroup: boolean;
}

/** A message of the open thread: stored ('sent'), or one of ours not yet acknowledged. */
export type MessageStatus = 'sent' | 'pending' | 'failed';
/** `error`: why a message of ours was not sent (the server's message). */
export type ThreadMessage = ChatMessage & { status: MessageStatus; error?: string };

/** What the composer sends: text, and a gif URL or an image (a data URL, uploaded before sending). */
export interface MessageDraft {
  body: string;
  gifUrl?: string;
  image?: string;
}

export type DeleteType = MessageDeleted['type'];

export type ChatEvent =
  | { type: 'chat.retryList' }
  /** The query parameters (username, id, isGroup) chose a conversation, or none. */
  | { type: 'chat.select'; peer: ChatPeer | null }
  | { type: 'chat.retryThread' }
  | { type: 'chat.loadOlder' }
  | ({ type: 'chat.send' } & MessageDraft)
  | { type: 'chat.retrySend'; clientId: string }
  | { type: 'chat.react'; messageId: string; reaction: ReactionType; change: 'add' | 'remove' }
  | { type: 'chat.delete'; messageId: string; mode: DeleteType }
  // From the socket, through the bus:
  | { type: 'chat.received'; message: ChatMessage }
  | { type: 'chat.read'; read: MessageRead }
  /** The member read a group chat (this tab or another): what is left unread there. */
  | { type: 'chat.groupRead'; read: GroupRead }
  | { type: 'chat.reaction'; message: ChatMessage }
  | { type: 'chat.deleted'; deleted: MessageDeleted }
  | { type: 'chat.listItem'; item: ChatListItem }
  /** A group chat as it now is (created, joined, renamed, members changed): kept if the member is in it. */
  | { type: 'chat.groupUpdated'; group: GroupChat }
  /** A group chat the member is no longer in (deleted, left, removed). */
  | { type: 'chat.groupRemoved'; groupId: string }
  | { type: 'chat.reconnected' };

/** `peerId`: the other member, or the group when `isGroup`. */
export interface FetchMessagesInput {
  peerId: string;
  isGroup: boolean;
  after?: number;
  before?: number;
}
export interface SendMessageInput {
  peerId: string;
  isGroup: boolean;
  body: string;
  gifUrl: string;
  /** An uploaded image's URL, or ''. */
  selectedImage: string;
  clientId: string;
}
export interface ChatLists {
  list: ChatListItem[];
  /** The group chats the member has accepted, each with its newest message and unread count (GET /group-chat/user-groups). */
  groups: (GroupChat & { lastMessage?: ChatMessage | null; unreadCount?: number })[];
}
export interface ReactInput {
  messageId: string;
  reaction: ReactionType;
  change: 'add' | 'remove';
}
/** `receiverId`: the group's id for a group message (the path needs an id there; the server ignores it). */
export interface DeleteInput {
  messageId: string;
  senderId: string;
  receiverId: string;
  mode: DeleteType;
}
export type EditRequest = ({ kind: 'react' } & ReactInput) | ({ kind: 'delete' } & DeleteInput);

export interface ChatInput {
  me: ChatMember;
  /** Makes this screen's client ids (clientIds.ts): a random UUID in the app, fixed in tests. */
  clientSeed: string;
}

export interface ChatContext {
  me: ChatMember;
  clientSeed: string;
  /** Counter of the client ids handed out. */
  sent: number;
  /** Retries made of the message being sent, after it got no answer. */
  retries: number;
  /** Private conversations, newest first by createdAt (each: its newest message, unread count, lastSeq). */
  list: ChatListItem[];
  /** Group chats the member is in, newest first by updatedAt. */
  groups: GroupChat[];
  /** The newest group message known, by group: from the server's list, then as they arrive live. */
  groupLast: Record<string, ChatMessage>;
  /** Unread messages from others, by group: the server's count on each list load, one more per message that arrives. */
  groupUnread: Record<string, number>;
  listError: string | null;
  peer: ChatPeer | null;
  /** The open thread, oldest first; our unacknowledged messages last. */
  messages: ThreadMessage[];
  /** Every message up to this seq is known: a catch-up asks `after` it. */
  syncedSeq: number;
  hasOlder: boolean;
  threadError: string | null;
  edit: EditRequest | null;
}

export const LIST_FAILED = 'Could not load your conversations.';
export const THREAD_FAILED = 'Could not load this conversation.';
export const SEND_FAILED = 'Message not sent.';
export const ACTION_FAILED = 'That did not work. Please try again.';
export const UPLOAD_FAILED = 'Image not uploaded.';
export const GROUP_GONE = 'You are no longer in this group chat.';
export const NOT_AN_IMAGE = 'Choose an image file';
export const MESSAGE_TOO_LONG = `Message must not exceed ${CHAT_MESSAGE_MAX} characters`;

/** Why a draft cannot be sent (the server's own rules), or null. */
export function draftError(draft: MessageDraft): string | null {
  const gif = draft.gifUrl?.trim() ?? '';
  const image = draft.image ?? '';
  if (gif !== '') {
    const parsed = gifUrlSchema.safeParse(gif);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'GIF URL must be an https URL';
  }
  if (image !== '' && !image.startsWith('data:image/')) return NOT_AN_IMAGE;
  const body = draft.body.trim();
  if (body.length > CHAT_MESSAGE_MAX) return MESSAGE_TOO_LONG;
  return body === '' && gif === '' && image === '' ? EMPTY_MESSAGE : null;
}

export const groupPeer = (group: GroupChat): ChatPeer => ({ id: group._id, username: group.name, isGroup: true });

/** Whether the member is an accepted member of a group chat. */
export const isAcceptedIn = (group: GroupChat, userId: string) => group.members.some((m) => m.userId === userId && m.state === 'accepted');

const noThread = { messages: [] as ThreadMessage[], syncedSeq: 0, hasOlder: false, threadError: null, edit: null };

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
/** Newest first by createdAt (spec: the chat list is sorted newest first). */
const sortList = (list: ChatListItem[]) => list.sort((a, b) => newestFirst(a.createdAt, b.createdAt));
/** The newer of what is known live and what the list says, group by group (by seq); groups no longer listed drop out. */
function newestGroupMessages(known: Record<string, ChatMessage>, groups: ChatLists['groups']): Record<string, ChatMessage> {
  const next: Record<string, ChatMessage> = {};
  for (const group of groups) {
    const listed = group.lastMessage ?? null;
    const live = known[group._id];
    const newest = live && (!listed || live.seq >= listed.seq) ? live : listed;
    if (newest) next[group._id] = newest;
  }
  return next;
}
/**
 * The list's unread counts, except where a message newer than the list's own newest came live
 * meanwhile (a list read just before it was stored): that group keeps the count it has now.
 */
function listedUnread(context: Pick<ChatContext, 'groupLast' | 'groupUnread'>, groups: ChatLists['groups']): Record<string, number> {
  return Object.fromEntries(
    groups.map((group) => {
      const listed = group.unreadCount ?? 0;
      const live = context.groupLast[group._id];
      const liveIsNewer = live !== undefined && live.seq > (group.lastMessage?.seq ?? 0);
      return [group._id, liveIsNewer ? Math.max(listed, context.groupUnread[group._id] ?? 0) : listed];
    }),
  );
}
const sortGroups = (groups: GroupChat[]) => groups.sort((a, b) => newestFirst(a.updatedAt, b.updatedAt));

/** Whether a message belongs to the open conversation: the private one with `peer`, or the group `peer`. */
export const inConversation = (me: ChatMember, peer: ChatPeer | null, m: ChatMessage) =>
  peer !== null &&
  (peer.isGroup
    ? m.isGroupChat && m.groupId === peer.id
    : !m.isGroupChat && ((m.senderId === peer.id && m.receiverId === me.id) || (m.senderId === me.id && m.receiverId === peer.id)));

/** The other member of a private message. */
export const otherOf = (me: ChatMember, m: ChatMessage): ChatMember =>
  m.senderId === me.id ? { id: m.receiverId, username: m.receiverUsername } : { id: m.senderId, username: m.senderUsername };

const order = (m: ThreadMessage) => (m.status === 'sent' ? m.seq : Number.MAX_SAFE_INTEGER);

/**
 * A stored message into the thread: it replaces the entry with its _id or its clientId (our
 * pending copy, or the socket's echo of it), else it goes in by seq. Never twice.
 */
export function takeMessage(draft: Draft<ChatContext>, message: ChatMessage) {
  const stored: ThreadMessage = { ...message, status: 'sent' };
  const same = draft.messages.filter((m) => m._id === message._id || (message.clientId !== null && m.clientId === message.clientId));
  if (same.length) {
    const index = draft.messages.indexOf(same[0]);
    draft.messages[index] = stored;
    for (const extra of same.slice(1)) draft.messages.splice(draft.messages.indexOf(extra), 1);
  } else {
    const at = draft.messages.findIndex((m) => order(m as ThreadMessage) > stored.seq);
    if (at === -1) draft.messages.push(stored);
    else draft.messages.splice(at, 0, stored);
  }
  draft.messages.sort((a, b) => order(a as ThreadMessage) - order(b as ThreadMessage));
  while (draft.messages.some((m) => m.status === 'sent' && m.seq === draft.syncedSeq + 1)) draft.syncedSeq += 1;
}

function applyDeleted(draft: Draft<ChatContext>, deleted: MessageDeleted) {
  if (deleted.type === 'deleteForMe') {
    draft.messages = draft.messages.filter((m) => m._id !== deleted.messageId);
    if (draft.groupLast[deleted.groupId]?._id === deleted.messageId) delete draft.groupLast[deleted.groupId];
    return;
  }
  const withdraw = (m: Draft<ChatMessage>) => {
    m.deleteForEveryone = true;
    m.body = '';
    m.gifUrl = '';
    m.selectedImage = '';
    m.reaction = [];
  };
  for (const m of draft.messages) if (m._id === deleted.messageId) withdraw(m);
  for (const item of draft.list) if (item._id === deleted.messageId) withdraw(item);
  const last = draft.groupLast[deleted.groupId];
  if (last?._id === deleted.messageId) withdraw(last);
}

function applyRead(draft: Draft<ChatContext>, read: MessageRead) {
  for (const m of draft.messages) if (m.senderId === read.senderId && m.status === 'sent' && m.seq <= read.lastSeq) m.isRead = true;
  for (const item of draft.list) {
    if (item.conversationId !== read.conversationId) continue;
    if (read.readerId === draft.me.id) item.unreadCount = 0;
    if (item.senderId === read.senderId && item.seq <= read.lastSeq) item.isRead = true;
  }
}

function applyReaction(draft: Draft<ChatContext>, message: ChatMessage) {
  for (const m of draft.messages) if (m._id === message._id) m.reaction = message.reaction;
  for (const item of draft.list) if (item._id === message._id) item.reaction = message.reaction;
}

function takePage(draft: Draft<ChatContext>, page: MessagesPage) {
  for (const m of page.messages) takeMessage(draft, m);
  draft.syncedSeq = Math.max(draft.syncedSeq, page.lastSeq);
}

const change =
  (recipe: (draft: Draft<ChatContext>, event: ChatEvent) => void) =>
  ({ context, event }: { context: ChatContext; event: ChatEvent }) =>
    produce(context, (draft) => recipe(draft, event));

const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });

const firstPending = (context: ChatContext) => context.messages.find((m) => m.status === 'pending');

/** Our first pending message did not go out: it waits, marked failed with the reason, for a retry. */
const failFirstPending = (context: ChatContext, error: unknown, fallback: string) =>
  produce(context, (draft) => {
    const m = draft.messages.find((x) => x.status === 'pending');
    if (!m) return;
    m.status = 'failed';
    m.error = failureText(error, fallback);
  });

const isOpenGroup = (context: ChatContext, groupId: string) => context.peer?.isGroup === true && context.peer.id === groupId;
const threadOf = (context: ChatContext) => ({ peerId: context.peer!.id, isGroup: context.peer!.isGroup });
const goneThread = { ...noThread, threadError: GROUP_GONE };

/**
 * Private and group chat (spec section 2, Chat screens): the conversation list (private
 * conversations and the group chats the member is in), and the conversation the query
 * parameters chose, private or group. The thread loads its latest page, older pages on demand (`before`),
 * and keeps up with the socket; after a reconnect (or a gap in the live seqs) it asks for what
 * it missed (`after` the last seq it holds without a gap), page by page, without duplicates.
 * Outgoing messages queue as pending and go out one at a time; the POST answer acknowledges
 * each (the socket echo and the answer are the same message, merged by _id / clientId); a
 * refused one stays as failed until retried. An open thread with unread messages from the other
 * member is marked read (private only: the server keeps no read state for groups). Opening a
 * private conversation says so to the server (add-chat-users) and leaving it, or the screen, says
 * the opposite (the `viewing` effect's cleanup); opening a group asks to join its room. A message
 * with an image uploads the image first. A group the member leaves, or is removed from, closes.
 */
export const chatMachine = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent, input: {} as ChatInput },
  actors: {
    fetchList: requiredPromise<ChatLists, { userId: string }>('fetchList'),
    /** Effect: POST /images/chat {image} -> {url}. */
    uploadImage: requiredPromise<{ url: string }, { image: string }>('uploadImage'),
    fetchMessages: requiredPromise<MessagesPage, FetchMessagesInput>('fetchMessages'),
    sendMessage: requiredPromise<ChatMessage, SendMessageInput>('sendMessage'),
    markRead: requiredPromise<MessageRead, { senderId: string; receiverId: string }>('markRead'),
    /** Effect: PUT /group-chat/read/{groupId} {seq}. */
    markGroupRead: requiredPromise<GroupRead, { groupId: string; seq: number }>('markGroupRead'),
    react: requiredPromise<ChatMessage, ReactInput>('react'),
    deleteMessage: requiredPromise<MessageDeleted, DeleteInput>('deleteMessage'),
    /** Effect: add-chat-users while running, remove-chat-users on cleanup; for a group, join its room. */
    viewing: requiredCallback<EventObject, { me: ChatMember; peer: ChatPeer }>(),
    /** Effect: socket messages as chat events. */
    live: requiredCallback<EventObject, { me: ChatMember }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    takeListItem: assign(
      change((draft, event) => {
        if (event.type !== 'chat.listItem' || event.item.isGroupChat) return;
        draft.list = draft.list.filter((i) => i.conversationId !== event.item.conversationId);
        draft.list.push(event.item);
        sortList(draft.list as ChatListItem[]);
      }),
    ),
    takeReceived: assign(
      change((draft, event) => {
        if (event.type === 'chat.received') takeMessage(draft, event.message);
      }),
    ),
    takeGroupLast: assign(
      change((draft, event) => {
        if (event.type !== 'chat.received' || !event.message.isGroupChat) return;
        const { groupId, seq } = event.message;
        if (!draft.groups.some((g) => g._id === groupId)) return;
        if ((draft.groupLast[groupId]?.seq ?? 0) <= seq) draft.groupLast[groupId] = event.message;
        // Even in the open group: the read region then tells the server it was read.
        if (event.message.senderId !== draft.me.id) draft.groupUnread[groupId] = (draft.groupUnread[groupId] ?? 0) + 1;
      }),
    ),
    takeGroup: assign(
      change((draft, event) => {
        if (event.type !== 'chat.groupUpdated') return;
        const { group } = event;
        draft.groups = draft.groups.filter((g) => g._id !== group._id);
        if (isAcceptedIn(group, draft.me.id)) {
          draft.groups.push(group);
          sortGroups(draft.groups as GroupChat[]);
        } else delete draft.groupLast[group._id];
      }),
    ),
    dropGroup: assign(
      change((draft, event) => {
        if (event.type !== 'chat.groupRemoved') return;
        draft.groups = draft.groups.filter((g) => g._id !== event.groupId);
        delete draft.groupLast[event.groupId];
      }),
    ),
    applyRead: assign(
      change((draft, event) => {
        if (event.type === 'chat.read') applyRead(draft, event.read);
      }),
    ),
    applyReaction: assign(
      change((draft, event) => {
        if (event.type === 'chat.reaction') applyReaction(draft, event.message);
      }),
    ),
    applyDeleted: assign(
      change((draft, event) => {
        if (event.type === 'chat.deleted') applyDeleted(draft, event.deleted);
      }),
    ),
    queue: assign(
      change((draft, event) => {
        if (event.type !== 'chat.send' || !draft.peer) return;
        draft.sent += 1;
        const clientId = clientIdOf(draft.clientSeed, draft.sent);
        const { peer } = draft;
        draft.messages.push({
          _id: clientId,
          seq: 0,
          conversationId: '',
          senderId: draft.me.id,
          senderUsername: draft.me.username,
          senderAvatarColor: '',
          senderProfilePicture: '',
          receiverId: peer.isGroup ? '' : peer.id,
          receiverUsername: peer.isGroup ? '' : peer.username,
          receiverAvatarColor: '',
          receiverProfilePicture: '',
          body: event.body.trim(),
          isRead: false,
          gifUrl: event.gifUrl?.trim() ?? '',
          // The data URL is the preview until the upload answers the image's URL.
          selectedImage: event.image ?? '',
          isGroupChat: peer.isGroup,
          groupId: peer.isGroup ? peer.id : '',
          groupName: peer.isGroup ? peer.username : '',
          reaction: [],
          deleteForEveryone: false,
          clientId,
          createdAt: '',
          status: 'pending',
        });
      }),
    ),
    openPeer: assign(({ event }) => ({ ...noThread, peer: (event as Extract<ChatEvent, { type: 'chat.select' }>).peer })),
    retrySend: assign(
      change((draft, event) => {
        if (event.type !== 'chat.retrySend') return;
        for (const m of draft.messages) {
          if (m.clientId !== event.clientId || m.status !== 'failed') continue;
          m.status = 'pending';
          delete m.error;
        }
      }),
    ),
  },
  delays: {
    SEND_RETRY: ({ context }) => sendRetryDelay(context.retries - 1),
  },
  guards: {
    retriesSend: ({ context, event }) => retriesSend((event as { error?: unknown }).error, context.retries),
    hasPeer: ({ event }) => event.type === 'chat.select' && event.peer !== null,
    samePeer: ({ context, event }) =>
      event.type === 'chat.select' && event.peer?.id === context.peer?.id && event.peer?.isGroup === context.peer?.isGroup,
    /** The open group chat changed so that the member is no longer in it, or is gone. */
    lostOpenGroup: ({ context, event }) =>
      (event.type === 'chat.groupUpdated' && isOpenGroup(context, event.group._id) && !isAcceptedIn(event.group, context.me.id)) ||
      (event.type === 'chat.groupRemoved' && isOpenGroup(context, event.groupId)),
    inThread: ({ context, event }) => event.type === 'chat.received' && inConversation(context.me, context.peer, event.message),
    isGap: ({ context, event }) =>
      event.type === 'chat.received' && inConversation(context.me, context.peer, event.message) && event.message.seq > context.syncedSeq + 1,
    canSend: ({ event }) => event.type === 'chat.send' && draftError(event) === null,
    canRetry: ({ context, event }) =>
      event.type === 'chat.retrySend' && context.messages.some((m) => m.clientId === event.clientId && m.status === 'failed'),
    hasPending: ({ context }) => firstPending(context) !== undefined,
    needsUpload: ({ context }) => firstPending(context)?.selectedImage.startsWith('data:') === true,
    hasUnread: ({ context }) =>
      context.peer?.isGroup === false && context.messages.some((m) => m.status === 'sent' && m.senderId === context.peer?.id && !m.isRead),
    hasGroupUnread: ({ context }) => context.peer?.isGroup === true && (context.groupUnread[context.peer.id] ?? 0) > 0,
    hasOlder: ({ context }) => context.hasOlder,
    isKnown: ({ context, event }) =>
      (event.type === 'chat.react' || event.type === 'chat.delete') &&
      context.messages.some((m) => m._id === event.messageId && m.status === 'sent' && !m.deleteForEveryone),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    me: input.me,
    clientSeed: input.clientSeed,
    sent: 0,
    retries: 0,
    list: [],
    groups: [],
    groupLast: {},
    groupUnread: {},
    listError: null,
    peer: null,
    ...noThread,
  }),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ me: context.me }) },
  type: 'parallel',
  on: {
    'chat.read': { actions: 'applyRead' },
    'chat.groupRead': { actions: assign({ groupUnread: ({ context, event }) => ({ ...context.groupUnread, [event.read.groupId]: event.read.unreadCount }) }) },
    'chat.reaction': { actions: 'applyReaction' },
    'chat.deleted': { actions: 'applyDeleted' },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'chat.listItem': { actions: 'takeListItem' },
        'chat.received': { actions: 'takeGroupLast' },
        'chat.groupUpdated': { actions: 'takeGroup' },
        'chat.groupRemoved': { actions: 'dropGroup' },
      },
      states: {
        loading: {
          invoke: {
            id: 'list',
            src: 'fetchList',
            input: ({ context }) => ({ userId: context.me.id }),
            onDone: {
              target: 'loaded',
              actions: assign({
                list: ({ event }) => sortList([...event.output.list]),
                groups: ({ event }) => sortGroups(event.output.groups.map(({ lastMessage: _last, unreadCount: _unread, ...group }) => group)),
                groupLast: ({ context, event }) => newestGroupMessages(context.groupLast, event.output.groups),
                groupUnread: ({ context, event }) => listedUnread(context, event.output.groups),
                listError: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ listError: ({ event }) => failureText(event.error, LIST_FAILED) }),
                { type: 'showToast', params: ({ event }) => toast(event.error, LIST_FAILED) },
              ],
            },
          },
        },
        loaded: { on: { 'chat.reconnected': 'loading' } },
        failed: { on: { 'chat.retryList': 'loading', 'chat.reconnected': 'loading' } },
      },
    },
    conversation: {
      initial: 'none',
      on: {
        // The thread closes with a word why; the conversation stays chosen (the URL still names it).
        'chat.groupUpdated': { guard: 'lostOpenGroup', target: '.open.failed', actions: assign(goneThread) },
        'chat.groupRemoved': { guard: 'lostOpenGroup', target: '.open.failed', actions: assign(goneThread) },
      },
      states: {
        // Selection is handled by each state, not the region: a re-entering transition from the
        // region would re-enter the whole parallel machine (and reload the list).
        none: { on: { 'chat.select': { guard: 'hasPeer', target: 'open', actions: 'openPeer' } } },
        open: {
          on: {
            'chat.select': [
              { guard: 'samePeer' },
              { guard: 'hasPeer', target: 'open', reenter: true, actions: 'openPeer' },
              { target: 'none', actions: assign({ ...noThread, peer: null }) },
            ],
          },
          invoke: { id: 'viewing', src: 'viewing', input: ({ context }) => ({ me: context.me, peer: context.peer! }) },
          initial: 'loading',
          states: {
            loading: {
              on: { 'chat.received': { guard: 'inThread', actions: 'takeReceived' } },
              invoke: {
                id: 'thread',
                src: 'fetchMessages',
                input: ({ context }) => threadOf(context),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) =>
                    produce(context, (draft) => {
                      takePage(draft, event.output);
                      draft.hasOlder = event.output.hasMore;
                      draft.threadError = null;
                    }),
                  ),
                },
                onError: { target: 'failed', actions: assign({ threadError: ({ event }) => failureText(event.error, THREAD_FAILED) }) },
              },
            },
            failed: { on: { 'chat.retryThread': { target: 'loading', actions: assign({ ...noThread }) } } },
            ready: {
              type: 'parallel',
              on: {
                'chat.received': [
                  { guard: 'isGap', target: '.sync.catchingUp', actions: 'takeReceived' },
                  { guard: 'inThread', actions: 'takeReceived' },
                ],
                'chat.send': { guard: 'canSend', actions: 'queue' },
                'chat.retrySend': { guard: 'canRetry', actions: 'retrySend' },
              },
              states: {
                outbox: {
                  initial: 'idle',
                  states: {
                    idle: {
                      always: [
                        { guard: 'needsUpload', target: 'uploading' },
                        { guard: 'hasPending', target: 'sending' },
                      ],
                    },
                    uploading: {
                      invoke: {
                        id: 'upload',
                        src: 'uploadImage',
                        input: ({ context }) => ({ image: firstPending(context)!.selectedImage }),
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              const m = draft.messages.find((x) => x.status === 'pending');
                              if (m) m.selectedImage = event.output.url;
                            }),
                          ),
                        },
                        onError: { target: 'idle', actions: assign(({ context, event }) => failFirstPending(context, event.error, UPLOAD_FAILED)) },
                      },
                    },
                    sending: {
                      invoke: {
                        id: 'send',
                        src: 'sendMessage',
                        input: ({ context }) => {
                          const m = firstPending(context)!;
                          return { ...threadOf(context), body: m.body, gifUrl: m.gifUrl, selectedImage: m.selectedImage, clientId: m.clientId! };
                        },
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              takeMessage(draft, event.output);
                              draft.retries = 0;
                            }),
                          ),
                        },
                        onError: [
                          // No answer: it may be stored already; the same message (same client id) goes again after a pause.
                          { guard: 'retriesSend', target: 'waitingToRetry', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
                          { target: 'idle', actions: assign(({ context, event }) => ({ ...failFirstPending(context, event.error, SEND_FAILED), retries: 0 })) },
                        ],
                      },
                    },
                    /**
                     * The message stays pending while the pause runs; then the outbox takes its
                     * first pending message again. Its socket echo may have come meanwhile (it
                     * was stored, only the answer was lost): with nothing pending, the count
                     * starts over. (A message queued behind it keeps the count: fewer retries.)
                     */
                    waitingToRetry: {
                      after: {
                        SEND_RETRY: [{ guard: 'hasPending', target: 'idle' }, { target: 'idle', actions: assign({ retries: 0 }) }],
                      },
                    },
                  },
                },
                read: {
                  initial: 'idle',
                  states: {
                    idle: {
                      always: [
                        { guard: 'hasUnread', target: 'marking' },
                        { guard: 'hasGroupUnread', target: 'markingGroup' },
                      ],
                    },
                    /** The open group is read up to what the thread holds: its unread count goes (the server keeps it). */
                    markingGroup: {
                      entry: assign({ groupUnread: ({ context }) => ({ ...context.groupUnread, [context.peer!.id]: 0 }) }),
                      invoke: {
                        id: 'markGroupRead',
                        src: 'markGroupRead',
                        input: ({ context }) => ({ groupId: context.peer!.id, seq: context.syncedSeq }),
                        onDone: { target: 'idle' },
                        onError: { target: 'failed', actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) } },
                      },
                    },
                    marking: {
                      invoke: {
                        id: 'markRead',
                        src: 'markRead',
                        input: ({ context }) => ({ senderId: context.peer!.id, receiverId: context.me.id }),
                        onDone: { target: 'idle', actions: assign(({ context, event }) => produce(context, (draft) => applyRead(draft, event.output))) },
                        onError: { target: 'failed', actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) } },
                      },
                    },
                    /** Not tried again until the conversation is opened again. */
                    failed: {},
                  },
                },
                edit: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'chat.react': {
                          guard: 'isKnown',
                          target: 'reacting',
                          actions: assign({
                            edit: ({ event }) => ({ kind: 'react' as const, messageId: event.messageId, reaction: event.reaction, change: event.change }),
                          }),
                        },
                        'chat.delete': {
                          guard: 'isKnown',
                          target: 'deleting',
                          actions: assign({
                            edit: ({ context, event }) => {
                              const m = context.messages.find((x) => x._id === event.messageId)!;
                              const receiverId = m.isGroupChat ? m.groupId : m.receiverId;
                              return { kind: 'delete' as const, messageId: m._id, senderId: m.senderId, receiverId, mode: event.mode };
                            },
                          }),
                        },
                      },
                    },
                    reacting: {
                      invoke: {
                        id: 'react',
                        src: 'react',
                        input: ({ context }) => {
                          const e = context.edit as Extract<EditRequest, { kind: 'react' }>;
                          return { messageId: e.messageId, reaction: e.reaction, change: e.change };
                        },
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              applyReaction(draft, event.output);
                              draft.edit = null;
                            }),
                          ),
                        },
                        onError: {
                          target: 'idle',
                          actions: [assign({ edit: null }), { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) }],
                        },
                      },
                    },
                    deleting: {
                      invoke: {
                        id: 'delete',
                        src: 'deleteMessage',
                        input: ({ context }) => {
                          const e = context.edit as Extract<EditRequest, { kind: 'delete' }>;
                          return { messageId: e.messageId, senderId: e.senderId, receiverId: e.receiverId, mode: e.mode };
                        },
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              applyDeleted(draft, event.output);
                              draft.edit = null;
                            }),
                          ),
                        },
                        onError: {
                          target: 'idle',
                          actions: [assign({ edit: null }), { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) }],
                        },
                      },
                    },
                  },
                },
                older: {
                  initial: 'idle',
                  states: {
                    idle: { on: { 'chat.loadOlder': { guard: 'hasOlder', target: 'loading' } } },
                    loading: {
                      invoke: {
                        id: 'older',
                        src: 'fetchMessages',
                        input: ({ context }) => ({
                          ...threadOf(context),
                          before: context.messages.find((m) => m.status === 'sent')?.seq ?? context.syncedSeq + 1,
                        }),
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              for (const m of event.output.messages) takeMessage(draft, m);
                              draft.hasOlder = event.output.hasMore;
                            }),
                          ),
                        },
                        onError: { target: 'failed', actions: { type: 'showToast', params: ({ event }) => toast(event.error, THREAD_FAILED) } },
                      },
                    },
                    failed: { on: { 'chat.loadOlder': { guard: 'hasOlder', target: 'loading' } } },
                  },
                },
                sync: {
                  initial: 'live',
                  states: {
                    live: { on: { 'chat.reconnected': 'catchingUp' } },
                    catchingUp: {
                      // A drop and a reconnect while the request runs: what was sent meanwhile may be
                      // after the server's answer and never came live, so ask again from what is held.
                      on: { 'chat.reconnected': { target: 'catchingUp', reenter: true } },
                      invoke: {
                        id: 'catchUp',
                        src: 'fetchMessages',
                        input: ({ context }) => ({ ...threadOf(context), after: context.syncedSeq }),
                        onDone: [
                          {
                            guard: ({ event }) => event.output.hasMore,
                            target: 'catchingUp',
                            reenter: true,
                            // A page is contiguous from `after`: its last seq is known even if some of it was deleted for us.
                            actions: assign(({ context, event }) =>
                              produce(context, (draft) => takePage(draft, { ...event.output, lastSeq: event.output.messages.at(-1)?.seq ?? 0 })),
                            ),
                          },
                          { target: 'live', actions: assign(({ context, event }) => produce(context, (draft) => takePage(draft, event.output))) },
                        ],
                        onError: { target: 'live', actions: { type: 'showToast', params: ({ event }) => toast(event.error, THREAD_FAILED) } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ChatActorRef = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

export const selectListLoading = (s: ChatSnapshot) => s.matches({ list: 'loading' }) && s.context.list.length === 0 && s.context.groups.length === 0;
export const selectListFailed = (s: ChatSnapshot) => s.matches({ list: 'failed' });
export const selectThreadLoading = (s: ChatSnapshot) => s.matches({ conversation: { open: 'loading' } });
export const selectThreadFailed = (s: ChatSnapshot) => s.matches({ conversation: { open: 'failed' } });
export const selectThreadReady = (s: ChatSnapshot) => s.matches({ conversation: { open: 'ready' } });
export const selectLoadingOlder = (s: ChatSnapshot) => s.matches({ conversation: { open: { ready: { older: 'loading' } } } });
export const selectEditing = (s: ChatSnapshot) => s.context.edit !== null;

/** A row of the conversation list: a private conversation or a group chat. */
export type ConversationRow =
  | { kind: 'private'; key: string; at: string; item: ChatListItem }
  | { kind: 'group'; key: string; at: string; group: GroupChat; last: ChatMessage | null };

/** Private conversations and group chats in one list, newest first (a group by its last message, else its last change). */
export function conversationRows(list: ChatListItem[], groups: GroupChat[], groupLast: Record<string, ChatMessage>): ConversationRow[] {
  const rows: ConversationRow[] = [
    ...list.map((item) => ({ kind: 'private' as const, key: item.conversationId, at: item.createdAt, item })),
    ...groups.map((group) => {
      const last = groupLast[group._id] ?? null;
      const at = last && last.createdAt > group.updatedAt ? last.createdAt : group.updatedAt;
      return { kind: 'group' as const, key: group._id, at, group, last };
    }),
  ];
  return rows.sort((a, b) => newestFirst(a.at, b.at));
}
