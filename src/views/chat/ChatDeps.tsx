import { createContext, useContext } from 'react';
import type { ChatDeps } from '../../effects/chat/chat';

/** The chat effects' outside world (API client, bus, socket emit, navigation); tests put fakes here. */
const ChatDepsContext = createContext<ChatDeps>({});

export const ChatDepsProvider = ChatDepsContext.Provider;
export const useChatDeps = () => useContext(ChatDepsContext);
