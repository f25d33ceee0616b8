import { fromCallback } from 'xstate';
import { serverEvents } from '../../api/socket';
import { CHAT_HREF, INBOX_ROUTE } from '../../machines/shell/routes';
import { streamsBus, type Bus } from './socket';

/** The conversation on screen, read from the chat route's query (username, id, isGroup). */
export function openConversation(location: { pathname: string; search: string }): { id: string; isGroup: boolean } | null {
  if (location.pathname !== CHAT_HREF) return null;
  const query = new URLSearchParams(location.search);
  const id = query.get('id');
  return id ? { id, isGroup: query.get('isGroup') === 'true' } : null;
}

/**
 * The app's notices actor: `notification` events from the socket become toasts (which the toast
 * queue also records in the notice list). `where` is the browser location, a fake in tests. What a
 * notice says (./noticeOf.ts, with the inbox's words) is fetched with the first notification, not
 * with every page; notices are told in the order they arrived, each about where the member was
 * then. A failed fetch loses that notice (the inbox and its badge still count it) and the next
 * notification tries again.
 */
export function noticesLogic(bus: Bus = streamsBus, where: () => { pathname: string; search: string } = () => window.location) {
  return fromCallback(({ system }) => {
    let words: Promise<typeof import('./noticeOf')> | undefined;
    let told = Promise.resolve();
    let live = true;
    const unsubscribe = bus.subscribe((message) => {
      if (message.event !== serverEvents.notification) return;
      const location = where();
      const open = openConversation(location);
      const onInbox = location.pathname === INBOX_ROUTE;
      const loading = (words ??= import('./noticeOf'));
      told = told
        .then(async () => {
          const toast = (await loading).noticeOf(message.payload, open, onInbox);
          if (live && toast) system.get('toasts')?.send({ type: 'toasts.show', toast });
        })
        .catch(() => {
          if (words === loading) words = undefined;
        });
    });
    return () => {
      live = false;
      unsubscribe();
    };
  });
}
