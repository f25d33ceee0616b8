import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useChatUnreadCount } from '../chat/useChatUnreadCount';
import { useUnreadCount } from '../notifications/useUnreadCount';
import { documentTitle } from './pageTitles';

/**
 * Keeps the browser tab's title on the route's page name (the table in pageTitles.ts), with the
 * count of what waits for the member first: unread notifications plus conversations with something
 * unread (both badges of the nav, as X and Bluesky count them in the tab). Drawn once, at the top of
 * the routes (AppRoutes).
 */
export function DocumentTitle() {
  const [pathname] = useLocation();
  const search = useSearch();
  const unread = useUnreadCount() + useChatUnreadCount();
  const title = documentTitle(pathname, search, unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
