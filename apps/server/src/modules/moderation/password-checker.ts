import { messages } from '@codedrop/contract';
import { AppError } from '../../http/app-error.js';
import { createSerialWorker } from '../../infra/runtime/serial-worker.js';
import type { PasswordHash } from './admin-password.js';
import type { PasswordJob, PasswordResult } from './password-worker.js';

export interface PasswordChecker {
  /**
   * Whether `password` is the console's. Throws SERVICE_UNAVAILABLE (with Retry-After)
   * when `maxWaiting` checks already wait their turn.
   */
  verify(password: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Checks console passwords one at a time, on a worker thread of its own. Node's own
 * `crypto.scrypt` runs on libuv's threadpool, where file reads and writes wait for a free
 * thread: a burst of sign-ins held up every download. Here at most one scrypt runs, on a
 * thread nothing else needs, and a bounded queue refuses the rest.
 */
export function createPasswordChecker(
  stored: PasswordHash,
  options: { maxWaiting?: number } = {},
): PasswordChecker {
  const worker = createSerialWorker<Omit<PasswordJob, 'id'>, PasswordResult>({
    file: new URL('./password-worker.js', import.meta.url),
    workerData: stored,
    maxWaiting: options.maxWaiting ?? 4,
    busy: (waitMs) =>
      new AppError('SERVICE_UNAVAILABLE', messages.serviceBusy, {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      }),
  });
  return {
    async verify(password) {
      const result = await worker.run({ password });
      if ('matches' in result) return result.matches;
      throw new Error(`password check failed: ${result.failed}`);
    },
    close: () => worker.close(),
  };
}
