import { assertNever, lookupShareEndpoint } from '@codedrop/contract';
import { UsageError } from '../cli-errors.js';
import { apiClientFor, commonOptions, parseCode, parseCommandArgs } from '../options.js';
import { getUsage } from '../usage.js';
import { getFiles } from './get-files.js';
import type { GetOptions } from './get-options.js';
import { getText } from './get-text.js';
import { unlockShare } from './unlock.js';

const getOptions = {
  ...commonOptions,
  output: { type: 'string', short: 'o' },
  password: { type: 'string' },
  force: { type: 'boolean', short: 'f' },
} as const;

export async function runGet(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs('get', args, getOptions);
  if (values.help) {
    process.stdout.write(getUsage);
    return;
  }
  const code = parseCode('get', positionals);
  if (values.json && values.output === '-') {
    throw new UsageError('--json and -o - would both write to stdout: choose one');
  }
  const api = apiClientFor(values.server);
  const view = await api.call(lookupShareEndpoint, { params: { code } });
  // Unlocking an encrypted burn-after-reading text reads it: each command unlocks only once
  // it knows the result can be kept.
  const unlock = () => (view.isEncrypted ? unlockShare(api, view, values.password) : null);
  const options: GetOptions = {
    output: values.output,
    force: values.force ?? false,
    json: values.json ?? false,
  };
  switch (view.type) {
    case 'file':
      return getFiles(api, view, unlock, options);
    case 'clipboard':
    case 'notepad':
      return getText(api, view, unlock, options);
    default:
      return assertNever(view);
  }
}
