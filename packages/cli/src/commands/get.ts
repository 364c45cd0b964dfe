import {
  assertNever,
  lookupRequestEndpoint,
  lookupShareEndpoint,
  type ShareView,
} from '@codedrop/contract';
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/problem.js';
import { UsageError } from '../cli-errors.js';
import { apiClientFor, commonOptions, parseCode, parseCommandArgs } from '../options.js';
import { getUsage } from '../usage.js';
import { getFiles } from './get-files.js';
import { getRequest } from './get-request.js';
import type { GetOptions } from './get-options.js';
import { getText } from './get-text.js';
import { unlockShare } from './unlock.js';

const getOptions = {
  ...commonOptions,
  output: { type: 'string', short: 'o' },
  password: { type: 'string' },
  force: { type: 'boolean', short: 'f' },
} as const;

/**
 * The share under the code, or else the request: shares and requests share one code space,
 * and a request is not a share to the share lookup (404). When neither is there, the share
 * lookup's words are the ones shown.
 */
async function lookUp(api: ApiClient, code: string) {
  let share: ShareView;
  try {
    share = await api.call(lookupShareEndpoint, { params: { code } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    try {
      const request = await api.call(lookupRequestEndpoint, { params: { code } });
      return { kind: 'request' as const, request };
    } catch (requestError) {
      // An expired or deleted request says so in its own words; nothing at all, the share's.
      if (requestError instanceof ApiError && requestError.status !== 404) throw requestError;
      throw error;
    }
  }
  return { kind: 'share' as const, share };
}

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
  const found = await lookUp(api, code);
  if (found.kind === 'request') {
    const force = values.force ?? false;
    const json = values.json ?? false;
    const options = { output: values.output, force, json, password: values.password };
    return getRequest(api, found.request, options);
  }
  const view = found.share;
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
