import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { PublicConfig } from '@codedrop/contract';
import { ApiClient, defaultServer } from './api/client.js';
import { UsageError } from './cli-errors.js';

/** Options every command takes. */
export const commonOptions = {
  server: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** `parseArgs` with its errors turned into usage errors that name the command's help. */
export function parseCommandArgs<const O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${message.replace(/\.$/, '')} (see codedrop ${command} --help)`);
  }
}

/** --server, else CODEDROP_URL, else the local default. */
export function apiClientFor(serverOption: string | undefined): ApiClient {
  const fromEnv = process.env.CODEDROP_URL?.trim();
  return new ApiClient(serverOption ?? (fromEnv || defaultServer));
}

/** A share code: digits only, within the lengths any server uses. */
export function parseCode(command: string, positionals: string[]): string {
  if (positionals.length !== 1) {
    throw new UsageError(`give exactly one share code (see codedrop ${command} --help)`);
  }
  const code = positionals[0]!.trim();
  if (!/^\d{1,12}$/.test(code)) throw new UsageError(`"${code}" is not a share code (digits)`);
  return code;
}

const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** "10m", "1h", "6h", "24h" (or "1d", "90s", a bare number of seconds) in seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(text.trim());
  if (match === null) return null;
  return Number(match[1]) * unitSeconds[(match[2] || 's').toLowerCase()]!;
}

/** 600 → "10m", 86400 → "24h": how `--expires` is written. */
export function formatDuration(seconds: number): string {
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** --expires as one of the lifetimes this server offers (GET /api/config). */
export function expiryFor(option: string | undefined, config: PublicConfig): number | undefined {
  if (option === undefined) return undefined;
  const seconds = parseDuration(option);
  if (seconds === null || !config.expiryChoicesSeconds.includes(seconds)) {
    const choices = config.expiryChoicesSeconds.map(formatDuration).join(', ');
    throw new UsageError(`--expires must be one of ${choices}`);
  }
  return seconds;
}

/** --downloads within the server's download limit (1–100 by default). */
export function downloadsFor(option: string | undefined, config: PublicConfig): number {
  const { min, max, default: fallback } = config.downloadLimit;
  if (option === undefined) return fallback;
  const value = /^\d+$/.test(option.trim()) ? Number(option) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--downloads must be a whole number from ${min} to ${max}`);
  }
  return value;
}
