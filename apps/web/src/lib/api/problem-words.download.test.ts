import { describe, expect, it } from 'vitest';
import type { ClientProblem } from './result';
import { englishI18n } from '../../test-support/english';
import { problemWords } from './problem-words';

// The line under "Download failed".
const downloadErrorMessage = (problem: ClientProblem) =>
  problemWords('download', problem, englishI18n).title;

const problem = (code: ClientProblem['code'], extra: Partial<ClientProblem> = {}) => ({
  code,
  status: 410,
  title: 'title',
  detail: 'detail',
  ...extra,
});

describe('downloadErrorMessage', () => {
  it.each([
    ['DOWNLOAD_LIMIT_REACHED', 'Download limit reached'],
    ['SHARE_EXPIRED', 'Share has expired'],
    ['SHARE_NOT_FOUND', 'Share not found'],
    ['INVALID_FILE_SHARE', 'Invalid file share'],
    [
      'SHARE_UPLOADING',
      'This file is still uploading. The download starts once every byte has arrived.',
    ],
    ['SHARE_QUARANTINED', 'This content is unavailable while it is reviewed.'],
  ] as const)('%s reads %s', (code, message) => {
    expect(downloadErrorMessage(problem(code))).toBe(message);
  });

  it('says how long to wait when rate limited', () => {
    expect(downloadErrorMessage(problem('RATE_LIMITED', { retryAfterSeconds: 9 }))).toBe(
      'Too many attempts. Please wait 9 seconds and try again.',
    );
  });

  it('explains a network failure', () => {
    expect(downloadErrorMessage(problem('NETWORK_ERROR', { detail: 'offline' }))).toBe('offline');
  });

  it('falls back to "Failed to download file"', () => {
    expect(downloadErrorMessage(problem('INTERNAL'))).toBe('Failed to download file');
    expect(downloadErrorMessage(problem('BAD_RESPONSE'))).toBe('Failed to download file');
  });
});
