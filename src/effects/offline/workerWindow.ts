import { WORKER_MESSAGES } from '../../api/offline/worker';

type WorkerWindowEvent = 'waiting' | 'controlling';
type Listener = (event: { isUpdate?: boolean }) => void;

/**
 * How long a newly installed worker must stay waiting before it counts as waiting (workbox-window's
 * figure: a worker that calls skipWaiting() in its install event passes through `installed`).
 */
export const WAITING_MS = 200;

const pageLoaded = () =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));

/**
 * The part of workbox-window's Workbox the update effect uses (appUpdate.ts), on the browser's own
 * service worker API: registers the worker once the page has loaded; `waiting` when a worker of a
 * new build is installed and waits (found at registration, or by an update check later);
 * `controlling` when a worker takes control of the page, `isUpdate` when one controlled it at
 * registration; `update()` asks the server for a new build; `messageSkipWaiting()` tells the
 * waiting worker to take over (src/worker/sw.ts). Its own code, not workbox-window's 2.4 KB: every
 * page registers the worker, the light sign-in page too.
 */
export class WorkerWindow {
  private readonly listeners = new Map<WorkerWindowEvent, Set<Listener>>();
  private registration: ServiceWorkerRegistration | null = null;

  constructor(
    private readonly url: string,
    private readonly scope: string,
    private readonly container: ServiceWorkerContainer = navigator.serviceWorker,
    /** Resolves once the page has loaded: the registration waits for it, as workbox-window's does. */
    private readonly loaded: () => Promise<unknown> = pageLoaded,
  ) {}

  addEventListener(type: WorkerWindowEvent, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: WorkerWindowEvent, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  private dispatch(type: WorkerWindowEvent, event: { isUpdate?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  async register(): Promise<ServiceWorkerRegistration> {
    await this.loaded();
    const isUpdate = this.container.controller !== null;
    const registration = await this.container.register(this.url, { scope: this.scope });
    this.registration = registration;
    if (registration.waiting) this.dispatch('waiting', { isUpdate });
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      if (!installing) return;
      const changed = () => {
        if (installing.state !== 'installed') return;
        installing.removeEventListener('statechange', changed);
        setTimeout(() => {
          if (registration.waiting === installing) this.dispatch('waiting', { isUpdate });
        }, WAITING_MS);
      };
      installing.addEventListener('statechange', changed);
    });
    this.container.addEventListener('controllerchange', () => this.dispatch('controlling', { isUpdate }));
    return registration;
  }

  async update(): Promise<void> {
    await this.registration?.update();
  }

  messageSkipWaiting() {
    this.registration?.waiting?.postMessage({ type: WORKER_MESSAGES.skipWaiting });
  }
}
