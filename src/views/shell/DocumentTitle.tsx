import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useUnreadCount } from '../notifications/useUnreadCount';
import { documentTitle } from './pageTitles';

/**
 * Keeps the browser tab's title on the route's page name (the table in pageTitles.ts), with the
 * unread notifications count first. Drawn once, at the top of the routes (AppRoutes).
 */
export function DocumentTitle() {
  const [pathname] = useLocation();
  const search = useSearch();
  const unread = useUnreadCount();
  const title = documentTitle(pathname, search, unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
