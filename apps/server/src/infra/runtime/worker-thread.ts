import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread of `module`, the URL of its `.js` file as the caller names it
 * (`new URL('./x-worker.js', import.meta.url)`). From dist the worker is plain JS. From src
 * (tests, tsx) it is TypeScript: a small bootstrap registers tsx's loader in the worker
 * first, as `--import tsx` does for a process.
 */
export function spawnWorker(module: URL, options: WorkerOptions = {}): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = fromSource ? new URL(module.href.replace(/\.js$/, '.ts')) : module;
  if (!fromSource) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}
