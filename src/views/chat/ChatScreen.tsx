import { useSelector } from '@xstate/react';
import { MessageCircle } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import type { ChatMember, ChatPeer } from '../../machines/chat/chat.machine';
import { selectList, selectThreadWaiting } from '../../machines/chat/chat.connect';
import { useApp } from '../AppContext';
import { PageSpinner } from '../ui/PageSpinner';
import { useMediaQuery } from '../layouts/useShell';
import { useChatLogic } from './ChatLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { ChatList } from './ChatList';
import { ChatThread } from './ChatThread';
import { randomClientSeed } from '../../machines/shared/clientIds';

/** Where the chat shows two panes (spec: below 768 px only the list). */
export const CHAT_TWO_PANES = '(min-width: 768px)';

/** The query parameters' conversation (username, id, isGroup), or none; never a private chat with oneself. */
export function peerOf(search: string, meId: string): ChatPeer | null {
  const params = new URLSearchParams(search);
  const username = params.get('username');
  const id = params.get('id');
  const isGroup = params.get('isGroup') === 'true';
  return username && id && (isGroup || id !== meId) ? { username, id, isGroup } : null;
}

/** The chat section: the conversation list and the open conversation (private or group). */
export function ChatScreen({ me }: { me: ChatMember }) {
  const app = useApp();
  const logic = useChatLogic();
  const chat = useScreenActor(logic.chat, { input: { me, clientSeed: randomClientSeed() } });
  const search = useSearch();
  // A new search string is a new selection (the machine ignores the same conversation again).
  const peer = useMemo(() => peerOf(search, me.id), [search, me.id]);
  useEffect(() => {
    chat.send({ type: 'chat.select', peer });
  }, [chat, peer]);
  // The sidebar's clean-up works on the list shown last (the app's private chat cache).
  const list = useSelector(chat, selectList);
  useEffect(() => {
    app.system.get('privateChatCache')?.send({ type: 'privateChat.listed', list });
  }, [app, list]);
  const twoPanes = useMediaQuery(CHAT_TWO_PANES);
  const threadLoading = useSelector(chat, selectThreadWaiting);

  if (!twoPanes) {
    // A phone shows one thing: the list, or (with ?username) the conversation once it has loaded.
    if (!peer) return <ChatList chat={chat} me={me} selectedId={null} />;
    if (threadLoading) return <PageSpinner label="Loading messages" />;
    return (
      <div className="-mx-4 -mt-6 flex h-[calc(100dvh-3.5rem-4.5rem)] flex-col">
        <ChatThread chat={chat} me={me} peer={peer} alone />
      </div>
    );
  }
  return (
    <div className="flex h-[calc(100dvh-3.5rem-6rem)] min-h-[28rem] overflow-hidden rounded-3xl border border-neutral-200 bg-white shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
      <div className="w-72 shrink-0 overflow-y-auto border-r border-neutral-200 dark:border-neutral-800">
        <ChatList chat={chat} me={me} selectedId={peer?.id ?? null} />
      </div>
      {peer ? (
        <ChatThread key={`${peer.isGroup}-${peer.id}`} chat={chat} me={me} peer={peer} alone={false} />
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-neutral-600 dark:text-neutral-400">
          <MessageCircle aria-hidden="true" size={36} />
          <p>
            Choose a conversation, start a group chat, or message a member from their profile, the People page or the menu of their post.
          </p>
        </div>
      )}
    </div>
  );
}
