import { deleteShareEndpoint } from '@codedrop/contract';
import { UsageError } from '../cli-errors.js';
import { apiClientFor, commonOptions, parseCode, parseCommandArgs } from '../options.js';
import { deleteUsage } from '../usage.js';

const deleteOptions = {
  ...commonOptions,
  token: { type: 'string', short: 't' },
} as const;

const deleteFlags = new Set(
  Object.entries(deleteOptions).flatMap(([name, option]) =>
    'short' in option ? [`--${name}`, `-${option.short}`] : [`--${name}`],
  ),
);

/**
 * Delete tokens are base64url, so one in four begins with `-`, which `parseArgs` takes for a
 * flag. `--token` always takes a value, so the word after it is the token unless it is one of
 * this command's own flags.
 */
function withTokenAttached(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const next = args[i + 1];
    if ((arg === '--token' || arg === '-t') && next?.startsWith('-') && !deleteFlags.has(next)) {
      out.push(`--token=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** DELETE /api/shares/{code} with the delete token `send` printed (docs/api.md#delete-now). */
export async function runDelete(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    'delete',
    withTokenAttached(args),
    deleteOptions,
  );
  if (values.help) {
    process.stdout.write(deleteUsage);
    return;
  }
  const code = parseCode('delete', positionals);
  const token = values.token?.trim() || process.env.CODEDROP_DELETE_TOKEN?.trim();
  if (!token) {
    throw new UsageError('give the delete token that send printed: --token TOKEN');
  }
  const api = apiClientFor(values.server);
  await api.call(deleteShareEndpoint, {
    params: { code },
    headers: { authorization: `Bearer ${token}` },
  });
  if (values.json) process.stdout.write(`${JSON.stringify({ code, deleted: true })}\n`);
  else process.stdout.write('Deleted.\n');
}
