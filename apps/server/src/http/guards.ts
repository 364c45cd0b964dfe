import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { AppError } from './app-error.js';
import { isValidCode } from '../modules/shares/codes/codes.js';

/** Path codes must be CODE_MIN_DIGITS…CODE_MAX_DIGITS digits (docs/api.md). */
export function requireCode(code: string, config: Config): string {
  if (!isValidCode(code, config)) {
    throw AppError.validation(
      'code',
      `A share code is ${config.codeMinDigits} to ${config.codeMaxDigits} digits`,
    );
  }
  return code;
}

/**
 * Runs a lookup-like operation under the anti-enumeration limit. A miss is taken from the
 * client's budget before the lookup runs and given back unless the answer really was a
 * miss (404/410 or a wrong password), so exactly RATE_LIMIT_MISSES misses get through
 * however many lookups arrive at once.
 */
export async function asLookup<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  run: () => Promise<T>,
  missed: (error: AppError) => boolean = isMiss,
): Promise<T> {
  const reservation = await app.limits.reserveMiss(request);
  try {
    const result = await run();
    app.metrics.lookups.inc({ result: 'hit' });
    await reservation.refund();
    return result;
  } catch (error) {
    if (error instanceof AppError && missed(error)) {
      app.metrics.lookups.inc({ result: 'miss' });
    } else {
      await reservation.refund();
    }
    throw error;
  }
}

function isMiss(error: AppError): boolean {
  // A download refused because its limit was reached is a correct guess, not a miss.
  if (error.code === 'DOWNLOAD_LIMIT_REACHED') return false;
  // A request's or a room's code asked for as a share's: a right code, found elsewhere.
  if (error.extras.kind !== undefined) return false;
  return error.status === 404 || error.status === 410 || error.code === 'WRONG_PASSWORD';
}
