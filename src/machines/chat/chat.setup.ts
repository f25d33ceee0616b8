import { assertEvent, assign, setup, type EventObject } from 'xstate';
import type { ChatListItem, ChatMessage, GroupChat, GroupRead, MessageDeleted, MessageRead } from '../../api/chat';
import { clientIdOf } from '../shared/clientIds';
import { requiredCallback, requiredPromise } from '../shared/required';
import { goesToOutbox } from '../offline/outbox.handoff';
import { KEPT_LIST_RETRY_MS } from '../../api/constants';
import type { OutboxHandOff } from '../offline/outbox.types';
import type { ToastRequest } from '../shell/toastRequest';
import {
  agreeing,
  applyDeleted,
  applyReaction,
  applyRead,
  change,
  draftError,
  firstPending,
  inConversation,
  isAcceptedIn,
  isOpenGroup,
  noThread,
  sortGroups,
  sortList,
  takeMessage,
} from './chat.thread';
import type {
  ChatContext,
  ChatEvent,
  ChatInput,
  ChatLists,
  ChatMember,
  ChatPeer,
  DeleteInput,
  FetchMessagesInput,
  ReactInput,
  SendMessageInput,
  ThreadPage,
} from './chat.types';

/** The chat screen's effects, actions, delays and guards: what its chart (chat.machine.ts) is built from. */
export const chatSetup = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent, input: {} as ChatInput },
  actors: {
    fetchList: requiredPromise<ChatLists, { userId: string }>('fetchList'),
    /** Effect: POST /images/chat {image} -> {url}. */
    uploadImage: requiredPromise<{ url: string }, { image: string }>('uploadImage'),
    fetchMessages: requiredPromise<ThreadPage, FetchMessagesInput>('fetchMessages'),
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
    /** Effect: the message goes to the member's outbox (app child 'outbox'), which sends it when it can. */
    toOutbox: (_, _handOff: OutboxHandOff) => {},
    /** The first pending message left for the outbox: the thread shows the outbox's copy until it is stored. */
    dropFirstPending: assign(
      change((draft) => {
        const index = draft.messages.findIndex((m) => m.status === 'pending');
        if (index !== -1) draft.messages.splice(index, 1);
      }),
    ),
    takeListItem: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.listItem');
        if (event.item.isGroupChat) return;
        draft.list = draft.list.filter((i) => i.conversationId !== event.item.conversationId);
        draft.list.push(agreeing(event.item, draft.me.id));
        sortList(draft.list as ChatListItem[]);
      }),
    ),
    takeReceived: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.received');
        takeMessage(draft, event.message);
      }),
    ),
    takeGroupLast: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.received');
        if (!event.message.isGroupChat) return;
        const { groupId, seq } = event.message;
        if (!draft.groups.some((g) => g._id === groupId)) return;
        if ((draft.groupLast[groupId]?.seq ?? 0) <= seq) draft.groupLast[groupId] = event.message;
        // Even in the open group: the read region then tells the server it was read.
        // The member's own message: writing is reading (the server moves their read mark to it).
        if (event.message.senderId !== draft.me.id) draft.groupUnread[groupId] = (draft.groupUnread[groupId] ?? 0) + 1;
        else draft.groupUnread[groupId] = 0;
      }),
    ),
    takeGroup: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.groupUpdated');
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
        assertEvent(event, 'chat.groupRemoved');
        draft.groups = draft.groups.filter((g) => g._id !== event.groupId);
        delete draft.groupLast[event.groupId];
      }),
    ),
    applyRead: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.read');
        applyRead(draft, event.read);
      }),
    ),
    applyReaction: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.reaction');
        applyReaction(draft, event.message);
      }),
    ),
    applyDeleted: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.deleted');
        applyDeleted(draft, event.deleted);
      }),
    ),
    queue: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.send');
        if (!draft.peer) return;
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
    openPeer: assign(({ event }) => {
      assertEvent(event, 'chat.select');
      return { ...noThread, peer: event.peer };
    }),
    retrySend: assign(
      change((draft, event) => {
        assertEvent(event, 'chat.retrySend');
        for (const m of draft.messages) {
          if (m.clientId !== event.clientId || m.status !== 'failed') continue;
          m.status = 'pending';
          delete m.error;
        }
      }),
    ),
  },
  guards: {
    /**
     * No answer, a 5xx, or an earlier send waiting in the outbox: this one waits there too (unless
     * its socket echo already proved it stored: nothing is pending then).
     */
    goesToOutbox: ({ context, event }) => firstPending(context) !== undefined && goesToOutbox((event as { error?: unknown }).error),
    hasPeer: ({ event }) => {
      assertEvent(event, 'chat.select');
      return event.peer !== null;
    },
    samePeer: ({ context, event }) => {
      assertEvent(event, 'chat.select');
      return event.peer?.id === context.peer?.id && event.peer?.isGroup === context.peer?.isGroup;
    },
    /** The open group chat changed so that the member is no longer in it, or is gone. */
    lostOpenGroup: ({ context, event }) => {
      assertEvent(event, ['chat.groupUpdated', 'chat.groupRemoved']);
      return event.type === 'chat.groupUpdated'
        ? isOpenGroup(context, event.group._id) && !isAcceptedIn(event.group, context.me.id)
        : isOpenGroup(context, event.groupId);
    },
    inThread: ({ context, event }) => {
      assertEvent(event, 'chat.received');
      return inConversation(context.me, context.peer, event.message);
    },
    isGap: ({ context, event }) => {
      assertEvent(event, 'chat.received');
      return inConversation(context.me, context.peer, event.message) && event.message.seq > context.syncedSeq + 1;
    },
    canSend: ({ event }) => {
      assertEvent(event, 'chat.send');
      return draftError(event) === null;
    },
    canRetry: ({ context, event }) => {
      assertEvent(event, 'chat.retrySend');
      return context.messages.some((m) => m.clientId === event.clientId && m.status === 'failed');
    },
    hasPending: ({ context }) => firstPending(context) !== undefined,
    needsUpload: ({ context }) => firstPending(context)?.selectedImage.startsWith('data:') === true,
    /** Read marks and older pages wait while the thread is its kept copy (the server is not reached). */
    hasUnread: ({ context }) =>
      context.threadKeptAt === null &&
      context.peer?.isGroup === false &&
      context.messages.some((m) => m.status === 'sent' && m.senderId === context.peer?.id && !m.isRead),
    hasGroupUnread: ({ context }) =>
      context.threadKeptAt === null && context.peer?.isGroup === true && (context.groupUnread[context.peer.id] ?? 0) > 0,
    hasOlder: ({ context }) => context.hasOlder && context.threadKeptAt === null,
    isKnown: ({ context, event }) => {
      assertEvent(event, ['chat.react', 'chat.delete']);
      return context.messages.some((m) => m._id === event.messageId && m.status === 'sent' && !m.deleteForEveryone);
    },
    /** The list shown is the copy kept on this device (the server gave no answer, or a 5xx). */
    listIsKept: ({ context }) => context.listKeptAt !== null,
  },
  delays: { KEPT_LIST_RETRY_MS },
});
