import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITING_MS, WorkerWindow } from '../../../src/effects/offline/workerWindow';
import { leftBehind, wipeLeftovers } from '../../../src/effects/offline/leftovers';

/** A worker as the browser reports it: its state and `statechange`. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  updates = 0;
  async update() {
    this.updates += 1;
  }
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registered: [string, unknown][] = [];
  constructor(readonly registration: FakeRegistration) {
    super();
  }
  async register(url: string, options: unknown) {
    this.registered.push([url, options]);
    return this.registration;
  }
}

function setup(controlled: boolean, waiting = false) {
  const registration = new FakeRegistration();
  if (waiting) registration.waiting = new FakeWorker();
  const container = new FakeContainer(registration);
  container.controller = controlled ? {} : null;
  const window = new WorkerWindow('/sw.js', '/', container as unknown as ServiceWorkerContainer, () => Promise.resolve());
  const events: string[] = [];
  window.addEventListener('waiting', (event) => void events.push(`waiting ${event.isUpdate}`));
  window.addEventListener('controlling', (event) => void events.push(`controlling ${event.isUpdate}`));
  return { registration, container, window, events };
}

describe('the worker window (workbox-window’s interface on the browser’s service worker API)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers the worker with its scope; a first install that takes control is no update', async () => {
    const { container, window, events, registration } = setup(false);
    await window.register();
    expect(container.registered).toEqual([['/sw.js', { scope: '/' }]]);
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become('installed');
    // It activates at once (no older worker): not waiting after the 200 ms.
    registration.installing = null;
    worker.become('activated');
    await vi.advanceTimersByTimeAsync(WAITING_MS);
    container.dispatchEvent(new Event('controllerchange'));
    expect(events).toEqual(['controlling false']);
  });

  it('a new build found by an update check waits: `waiting` after 200 ms, then Reload tells it to take over', async () => {
    const { window, events, registration, container } = setup(true);
    await window.register();
    await window.update();
    expect(registration.updates).toBe(1);
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become('installed');
    registration.waiting = worker;
    await vi.advanceTimersByTimeAsync(WAITING_MS - 1);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['waiting true']);
    window.messageSkipWaiting();
    expect(worker.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(events).toEqual(['waiting true', 'controlling true']);
  });

  it('a worker already waiting at registration is reported at once; a removed listener hears nothing', async () => {
    const { window, events } = setup(true, true);
    const removed: string[] = [];
    const listener = () => void removed.push('waiting');
    window.addEventListener('waiting', listener);
    window.removeEventListener('waiting', listener);
    await window.register();
    expect(events).toEqual(['waiting true']);
    expect(removed).toEqual([]);
  });
});

describe('what a crashed tab left on the device (the light sign-in page’s boot)', () => {
  const databases = (...names: string[]) => ({ databases: async () => names.map((name) => ({ name, version: 1 })) });
  const caches = (has: boolean) => ({ has: async () => has });

  it('finds a kept database, an outbox, the images’ expiration database or the images’ cache, and nothing else', async () => {
    expect(await leftBehind(databases('stoa-kept-u1'), caches(false))).toBe(true);
    expect(await leftBehind(databases('stoa-outbox-u1'), caches(false))).toBe(true);
    expect(await leftBehind(databases(), caches(true))).toBe(true);
    expect(await leftBehind(databases('another-app'), caches(false))).toBe(false);
    expect(await leftBehind(undefined, undefined)).toBe(false);
    expect(await leftBehind({ databases: () => Promise.reject(new Error('refused')) }, caches(true))).toBe(false);
  });

  it('fetches no wiping code when nothing was left', async () => {
    let asked = 0;
    await wipeLeftovers(async () => {
      asked += 1;
      return false;
    });
    expect(asked).toBe(1);
  });
});
