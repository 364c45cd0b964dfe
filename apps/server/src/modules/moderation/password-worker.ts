import { parentPort, workerData } from 'node:worker_threads';
import { verifyPasswordSync, type PasswordHash } from './admin-password.js';

export interface PasswordJob {
  id: number;
  password: string;
}

export type PasswordResult = { id: number; matches: boolean } | { id: number; failed: string };

// Runs in a worker thread of its own, given the console's hash as workerData: each check's
// scrypt runs on this thread, never on libuv's threadpool.
const stored = workerData as PasswordHash | undefined;
parentPort?.on('message', ({ id, password }: PasswordJob) => {
  let result: PasswordResult;
  try {
    const hash = { ...stored!, salt: Buffer.from(stored!.salt), hash: Buffer.from(stored!.hash) };
    result = { id, matches: verifyPasswordSync(password, hash) };
  } catch (error) {
    result = { id, failed: String(error) };
  }
  parentPort!.postMessage(result);
});
