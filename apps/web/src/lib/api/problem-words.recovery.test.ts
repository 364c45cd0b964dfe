import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientProblem } from './result';
import { englishI18n } from '../../test-support/english';
import { problemWords } from './problem-words';

// The recovery form's words.
const recoveryProblemMessage = (problem: ClientProblem) =>
  problemWords('recovery', problem, englishI18n);

const problem = (
  code: ClientProblem['code'],
  extra: Partial<ClientProblem> = {},
): ClientProblem => ({
  code,
  status: 400,
  title: 'server title',
  detail: 'server detail',
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('recoveryProblemMessage', () => {
  it('says "Recovery Failed" with the server sentence when nothing matches', () => {
    const detail = "We couldn't find any content linked to this email.";
    expect(recoveryProblemMessage(problem('RECOVERY_NOT_FOUND', { detail }))).toEqual({
      title: 'Recovery Failed',
      detail,
    });
    expect(recoveryProblemMessage(problem('RECOVERY_NOT_FOUND', { detail: '' }))).toEqual({
      title: 'Recovery Failed',
      detail,
    });
  });

  it('names the field the server refused', () => {
    const refused = problem('VALIDATION_FAILED', {
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    expect(recoveryProblemMessage(refused)).toEqual({
      title: 'Recovery Failed',
      detail: 'Please enter a valid email address',
    });
  });

  it('asks a rate-limited visitor to wait', () => {
    expect(recoveryProblemMessage(problem('RATE_LIMITED', { retryAfterSeconds: 90 }))).toEqual({
      title: 'Too many attempts. Please wait 90 seconds and try again.',
    });
  });

  it.each(['SERVICE_UNAVAILABLE', 'INTERNAL', 'NETWORK_ERROR', 'BAD_RESPONSE'] as const)(
    'says "Unable to Send Email" for %s and logs the reason',
    (code) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(recoveryProblemMessage(problem(code, { detail: 'smtp down' }))).toEqual({
        title: 'Unable to Send Email',
        detail: 'Please try again later or contact support if the problem persists.',
      });
      expect(log).toHaveBeenCalledWith('Failed to send recovery email: smtp down');
    },
  );
});
