import { ChatScreen } from './ChatScreen';
import { PageSpinner } from '../ui/PageSpinner';
import { useSessionProfile } from '../layouts/useShell';

/** /app/social/chat/messages?username=&id=&isGroup= (spec section 2, Chat screens; src/views/chat). */
export default function ChatPage() {
  const profile = useSessionProfile();
  if (!profile) return <PageSpinner label="Loading chats" />;
  return <ChatScreen me={{ id: profile._id, username: profile.username }} />;
}
