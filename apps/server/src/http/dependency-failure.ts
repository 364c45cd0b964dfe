import { BlobUnavailableError } from '../infra/blob/port.js';
import { DatabaseUnavailableError } from '../infra/db/port.js';

export type Dependency = 'database' | 'storage' | 'disk';

export interface DependencyFailure {
  dependency: Dependency;
  /** A short, stable description for the log ("connection refused", "SQLITE_FULL"). */
  reason: string;
}

// PostgreSQL SQLSTATEs that say the server cannot serve right now, not that the query is
// wrong: connection exceptions (08…), shutdowns and restarts (57P01–57P03), too many
// connections, out of disk or memory, and a statement cut off by statement_timeout.
const postgresUnavailable = /^(08...|57P0[1-3]|53[0-3]00|57014)$/;
// SQLite result codes of a database that cannot be written or read right now.
const sqliteUnavailable = /^SQLITE_(FULL|IOERR.*|BUSY.*|LOCKED.*|CANTOPEN.*|READONLY.*|NOMEM)$/;
// System errors of a network peer that is not there, and of a disk that is full or broken.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const diskCodes = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);
// pg's own errors carry no code; these are its messages for a connection that failed.
const pgConnectionMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  'Query read timeout',
];

/**
 * Whether `error` (or an error it wraps) is a dependency that is down, full or gone —
 * something a retry later can fix — rather than a bug. Those are answered 503 with
 * Retry-After instead of 500.
 */
export function dependencyFailure(error: unknown): DependencyFailure | null {
  for (let current = error, depth = 0; current != null && depth < 5; depth++) {
    const found = classify(current);
    if (found !== null) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function classify(error: unknown): DependencyFailure | null {
  if (error instanceof BlobUnavailableError)
    return { dependency: 'storage', reason: error.message };
  // Classified by what failed (getting a connection, an answer), whatever the server said.
  if (error instanceof DatabaseUnavailableError) {
    return { dependency: 'database', reason: reasonOf(error) };
  }
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (postgresUnavailable.test(code))
      return { dependency: 'database', reason: `SQLSTATE ${code}` };
    if (sqliteUnavailable.test(code)) return { dependency: 'database', reason: code };
    if (networkCodes.has(code)) return { dependency: 'database', reason: code };
    if (diskCodes.has(code)) return { dependency: 'disk', reason: code };
  }
  if (typeof message === 'string' && pgConnectionMessages.some((m) => message.includes(m))) {
    return { dependency: 'database', reason: message };
  }
  return null;
}

/** "no connection to PostgreSQL (SQLSTATE 55000)": which refusal, for the log. */
function reasonOf(error: DatabaseUnavailableError): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}
