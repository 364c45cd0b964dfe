import { foldingAssembler, type BlobAssembler } from '@codedrop/crypto';
import { workerAssembler } from './blob-assembly';

// A worker that has not said `ready` by then is given up on, and the page folds by itself.
const startTimeoutMs = 5_000;
let started: Promise<Worker | null> | undefined;

/**
 * The Blob worker, started on first use and kept for the page's life: starting one costs
 * a few milliseconds, an idle one next to nothing. null where none can run (no Worker, a script
 * the page may not load): the work is then done on the page's thread, as before.
 */
function blobWorker(): Promise<Worker | null> {
  started ??= new Promise<Worker | null>((resolve) => {
    if (typeof Worker !== 'function') return resolve(null);
    let worker: Worker;
    try {
      // Written out in full so that Vite bundles the worker and serves it from this origin
      // (the Content-Security-Policy allows workers from 'self' only).
      worker = new Worker(new URL('./blob-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve(null);
    }
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      if (!ready) worker.terminate();
      resolve(ready ? worker : null);
    };
    const onMessage = (event: MessageEvent) => settle(event.data === 'ready');
    const onError = () => settle(false);
    const timer = setTimeout(onError, startTimeoutMs);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  }).then((worker) => {
    // A worker that fails later is replaced on the next use (its assemblies have failed).
    worker?.addEventListener('error', () => {
      worker.terminate();
      started = undefined;
    });
    return worker;
  });
  return started;
}

/** Where an upload's sealed segments are gathered: the Blob worker, or this thread. */
export async function openAssembler(): Promise<BlobAssembler> {
  const worker = await blobWorker();
  return worker ? workerAssembler(worker) : foldingAssembler();
}
