import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appUpdateMachine } from '../../../src/machines/offline/appUpdate.machine';
import { connectivityMachine } from '../../../src/machines/offline/connectivity.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import { signInPageMachine } from '../../../src/machines/shell/signInPage.machine';
import { themeMachine } from '../../../src/machines/shell/theme.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { signInPageModel, user } from './signInPage.model';

const coverage = new TransitionCoverage(signInPageMachine);

describe('the light sign-in page: shown until someone signs in or leaves, then handed over to the app', () => {
  const paths = pathsOf(signInPageModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let reloads = 0;
    let handingOver = false;
    await replay(signInPageMachine, path, {
      input: { storedTheme: null, systemTheme: 'light', online: true },
      coverage,
      provide: {
        // The page's children as they are (their own effects stay quiet); the path sends their snapshots.
        actors: { theme: themeMachine, session: sessionMachine, connectivity: connectivityMachine, appUpdate: appUpdateMachine },
        actions: { reloadPage: () => void (reloads += 1) },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          value: string;
          status: string;
          context: { login: unknown; debug: boolean };
        };
        const event = step.event as { type: string; snapshot?: { value: string } };
        const wasShown = !handingOver;
        if (event.type === 'xstate.snapshot.session' && wasShown) {
          const signedIn = event.snapshot?.value !== 'signedOut';
          // A sign-in here hands over with the session (the app's session learns it, no new check).
          expect(snapshot.value).toBe(signedIn ? 'handingOver' : 'shown');
          if (signedIn) expect(snapshot.context.login).toEqual({ token: 'token-a', user, keepLoggedIn: false });
        }
        if (event.type === 'signInPage.left' && wasShown) {
          // Leaving '/' hands over without a session.
          expect(snapshot.value).toBe('handingOver');
          expect(snapshot.context.login).toBeNull();
        }
        if (event.type === 'signInPage.debug') {
          // The panel opens on the page itself; the app is told at the hand-over.
          if (wasShown) expect(snapshot.value).toBe('shown');
          expect(snapshot.context.debug).toBe(true);
        }
        if (event.type === 'xstate.done.actor.startApp') {
          expect(snapshot.status).toBe('done');
          expect(reloads).toBe(0);
        }
        // The app's code could not be fetched: the page reloads (once).
        if (event.type === 'xstate.error.actor.startApp') expect(reloads).toBe(1);
        handingOver = snapshot.value !== 'shown';
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('signInPage', stateCount(signInPageMachine)));
  expect(coverage.missed).toEqual([]);
});
