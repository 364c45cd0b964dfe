import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../domain/app-error.js';
import { isValidCode } from '../domain/codes.js';

/** Path codes must be CODE_MIN_DIGITS…CODE_MAX_DIGITS digits (DESIGN.md §4). */
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
 * Runs a lookup-like operation under the anti-enumeration limit: refused once the client
 * has missed too often, and every 404/410 (and wrong password) counts as a miss.
 */
export async function asLookup<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  run: () => Promise<T>,
): Promise<T> {
  await app.limits.beforeLookup(request);
  try {
    const result = await run();
    app.metrics.lookups.inc({ result: 'hit' });
    return result;
  } catch (error) {
    if (error instanceof AppError && isMiss(error)) {
      app.metrics.lookups.inc({ result: 'miss' });
      await app.limits.miss(request);
    }
    throw error;
  }
}

function isMiss(error: AppError): boolean {
  // A download refused because its limit was reached is a correct guess, not a miss.
  if (error.code === 'DOWNLOAD_LIMIT_REACHED') return false;
  return error.status === 404 || error.status === 410 || error.code === 'WRONG_PASSWORD';
}
