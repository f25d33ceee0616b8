import { produce } from 'immer';
import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { defined } from '../shared/defined';
import { failureText } from '../shared/failure';
import { ACTION_FAILED, LIST_FAILED, SEND_FAILED, THREAD_FAILED, UPLOAD_FAILED } from './chat.copy';
import { CHAT_HREF } from '../shell/routes';
import { chatSetup } from './chat.setup';
import {
  agreeing,
  applyDeleted,
  applyReaction,
  applyRead,
  failFirstPending,
  goneThread,
  handOffOf,
  listedUnread,
  newestGroupMessages,
  noThread,
  peerOf,
  sendingOf,
  sortGroups,
  sortList,
  takeMessage,
  takePage,
  threadOf,
  toast,
} from './chat.thread';
import type { EditRequest } from './chat.types';

export { CHAT_HREF };
export * from './chat.types';
export * from './chat.copy';
export * from './chat.thread';
export * from './chat.selectors';

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
export const chatMachine = chatSetup.createMachine({
  id: 'chat',
  context: ({ input }) => ({
    me: input.me,
    clientSeed: input.clientSeed,
    sent: 0,
    list: [],
    groups: [],
    groupLast: {},
    groupUnread: {},
    listError: null,
    listKeptAt: null,
    peer: null,
    ...noThread,
  }),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ me: context.me }) },
  type: 'parallel',
  on: {
    'chat.read': { actions: 'applyRead' },
    'chat.groupRead': {
      actions: assign({ groupUnread: ({ context, event }) => ({ ...context.groupUnread, [event.read.groupId]: event.read.unreadCount }) }),
    },
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
                list: ({ context, event }) => sortList(event.output.list.map((item) => agreeing(item, context.me.id))),
                groups: ({ event }) =>
                  sortGroups(event.output.groups.map(({ lastMessage: _last, unreadCount: _unread, ...group }) => group)),
                groupLast: ({ context, event }) => newestGroupMessages(context.groupLast, event.output.groups),
                groupUnread: ({ context, event }) => listedUnread(context, event.output.groups),
                listError: null,
                listKeptAt: ({ event }) => event.output.keptAt ?? null,
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
        loaded: {
          on: { 'chat.reconnected': 'loading' },
          // A kept copy asks the server again: after a 5xx the socket may have stayed up, so no
          // `chat.reconnected` would ever come (offline, the effect answers with the copy at once).
          after: { KEPT_LIST_RETRY_MS: { guard: 'listIsKept', target: 'loading' } },
        },
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
                      draft.threadKeptAt = event.output.keptAt ?? null;
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
                        input: ({ context }) => ({ image: sendingOf(context).selectedImage }),
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) =>
                            produce(context, (draft) => {
                              const m = draft.messages.find((x) => x.status === 'pending');
                              if (m) m.selectedImage = event.output.url;
                            }),
                          ),
                        },
                        onError: [
                          {
                            guard: 'goesToOutbox',
                            target: 'idle',
                            actions: [{ type: 'toOutbox', params: ({ context }) => handOffOf(context) }, 'dropFirstPending'],
                          },
                          {
                            target: 'idle',
                            actions: assign(({ context, event }) => failFirstPending(context, event.error, UPLOAD_FAILED)),
                          },
                        ],
                      },
                    },
                    sending: {
                      invoke: {
                        id: 'send',
                        src: 'sendMessage',
                        input: ({ context }) => {
                          const m = sendingOf(context);
                          return {
                            ...threadOf(context),
                            body: m.body,
                            gifUrl: m.gifUrl,
                            selectedImage: m.selectedImage,
                            clientId: defined(m.clientId, 'the client id of a queued message'),
                          };
                        },
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) => produce(context, (draft) => takeMessage(draft, event.output))),
                        },
                        onError: [
                          // No answer (or a 5xx, or earlier sends waiting): the outbox keeps it, in order, and sends it when it can.
                          {
                            guard: 'goesToOutbox',
                            target: 'idle',
                            actions: [{ type: 'toOutbox', params: ({ context }) => handOffOf(context) }, 'dropFirstPending'],
                          },
                          { target: 'idle', actions: assign(({ context, event }) => failFirstPending(context, event.error, SEND_FAILED)) },
                        ],
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
                      entry: assign({ groupUnread: ({ context }) => ({ ...context.groupUnread, [peerOf(context).id]: 0 }) }),
                      invoke: {
                        id: 'markGroupRead',
                        src: 'markGroupRead',
                        input: ({ context }) => ({ groupId: peerOf(context).id, seq: context.syncedSeq }),
                        onDone: { target: 'idle' },
                        onError: {
                          target: 'failed',
                          actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) },
                        },
                      },
                    },
                    marking: {
                      invoke: {
                        id: 'markRead',
                        src: 'markRead',
                        input: ({ context }) => ({ senderId: peerOf(context).id, receiverId: context.me.id }),
                        onDone: {
                          target: 'idle',
                          actions: assign(({ context, event }) => produce(context, (draft) => applyRead(draft, event.output))),
                        },
                        onError: {
                          target: 'failed',
                          actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) },
                        },
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
                            edit: ({ event }) => ({
                              kind: 'react' as const,
                              messageId: event.messageId,
                              reaction: event.reaction,
                              change: event.change,
                            }),
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
                          actions: [
                            assign({ edit: null }),
                            { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) },
                          ],
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
                          actions: [
                            assign({ edit: null }),
                            { type: 'showToast', params: ({ event }) => toast(event.error, ACTION_FAILED) },
                          ],
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
                        onError: {
                          target: 'failed',
                          actions: { type: 'showToast', params: ({ event }) => toast(event.error, THREAD_FAILED) },
                        },
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
                              produce(context, (draft) => {
                                takePage(draft, { ...event.output, lastSeq: event.output.messages.at(-1)?.seq ?? 0 });
                                draft.threadKeptAt = null;
                              }),
                            ),
                          },
                          {
                            target: 'live',
                            // The server answered: the thread is its own again, not the kept copy.
                            actions: assign(({ context, event }) =>
                              produce(context, (draft) => {
                                takePage(draft, event.output);
                                draft.threadKeptAt = null;
                              }),
                            ),
                          },
                        ],
                        onError: {
                          target: 'live',
                          actions: { type: 'showToast', params: ({ event }) => toast(event.error, THREAD_FAILED) },
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
  },
});

export type ChatActorRef = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;
