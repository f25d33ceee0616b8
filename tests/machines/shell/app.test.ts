import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appMachine, SERVICE_IDS } from '../../../src/machines/shell/app.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { appModel } from './app.model';

const coverage = new TransitionCoverage(appMachine);

/**
 * The app's services region (docs/client-shell.md, "Weight"): the signed-in services load when the
 * session is signed in, start together once their chunk is in, stop when it is not; a chunk that
 * did not arrive is asked again after SERVICES_RETRY.
 */
describe('the app machine: the signed-in services follow the session', () => {
  const paths = pathsOf(appModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(appMachine, path, {
      input: { storedTheme: null },
      coverage,
      afterStep: (_step, actor) => {
        const snapshot = actor.getSnapshot();
        const running = SERVICE_IDS.filter((id) => snapshot.children[id] !== undefined);
        // Every service runs in `on`, none elsewhere.
        expect(running).toEqual(snapshot.matches({ services: 'on' }) ? [...SERVICE_IDS] : []);
        // The loader runs only while loading.
        expect(snapshot.children.loadServices !== undefined).toBe(snapshot.matches({ services: 'loading' }));
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('app', stateCount(appMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
