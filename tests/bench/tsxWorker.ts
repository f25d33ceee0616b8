import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the TypeScript module at `moduleUrl` (its `import.meta.url`): tsx's
 * loader does not reach a worker by itself, so the worker registers it, then loads the module,
 * which tells by `workerData` that it runs as the worker.
 */
export function startTsxWorker(moduleUrl: string, workerData: unknown): Worker {
  const module = JSON.stringify(moduleUrl);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${module}); })`, { eval: true, workerData });
}
