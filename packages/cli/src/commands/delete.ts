import { deleteShareEndpoint } from '@codedrop/contract';
import { UsageError } from '../cli-errors.js';
import { apiClientFor, commonOptions, parseCode, parseCommandArgs } from '../options.js';
import { deleteUsage } from '../usage.js';

const deleteOptions = {
  ...commonOptions,
  token: { type: 'string', short: 't' },
} as const;

/** DELETE /api/shares/{code} with the delete token `send` printed (docs/api.md#delete-now). */
export async function runDelete(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs('delete', args, deleteOptions);
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
