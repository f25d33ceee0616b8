import { useSelector } from '@xstate/react';
import { shownUnreadCount } from '../../machines/shell/unreadBadge.connect';
import { useApp } from '../AppContext';

/** The inbox's unread count from the app's badge actor (0 while it does not run). */
export function useUnreadCount(): number {
  const app = useApp();
  const badge = useSelector(app, (s) => s.children.unreadBadge);
  return useSelector(badge, shownUnreadCount);
}
