import { useSelector } from '@xstate/react';
import { shownUnreadCount } from '../../machines/shell/unreadBadge.connect';
import { useApp } from '../AppContext';

/** How many conversations have something unread, from the app's chat badge actor (0 while it does not run). */
export function useChatUnreadCount(): number {
  const app = useApp();
  const badge = useSelector(app, (s) => s.children.chatBadge);
  return useSelector(badge, shownUnreadCount);
}
