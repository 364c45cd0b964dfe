import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread of the module `file` (a sibling of this one, named without its
 * extension). From dist the worker is plain JS. From src (tests, tsx) it is TypeScript: a
 * small bootstrap registers tsx's loader in the worker first, as `--import tsx` does for a
 * process.
 */
export function spawnWorker(file: string, options: WorkerOptions = {}): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./${file}.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}
