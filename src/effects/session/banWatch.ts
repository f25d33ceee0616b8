import { fromCallback } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { CHECKPOINT_PAGES } from '../../machines/checkpoint/checkpointPages';
import { streamsBus, type Bus } from '../shell/socket';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The app's ban watch: when the member is banned while a page is open (the socket's `banned`
 * event, or any request refused as banned) the session learns it (it closes the socket) and the
 * page moves to /checkpoint by itself. `where` and `navigate` are the browser's, fakes in tests.
 */
export function banWatchLogic(
  bus: Bus = streamsBus,
  navigate: Navigate = browserNavigate,
  where: () => { pathname: string } = () => window.location,
) {
  return fromCallback(({ system }) =>
    bus.subscribe((message) => {
      if (message.event !== 'account banned') return;
      system.get('session')?.send({ type: 'session.banned' });
      if (!(CHECKPOINT_PAGES as readonly string[]).includes(where().pathname)) navigate('/checkpoint', { replace: true });
    }),
  );
}
