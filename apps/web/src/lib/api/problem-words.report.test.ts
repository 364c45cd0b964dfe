import { describe, expect, it } from 'vitest';
import type { ClientProblem } from './result';
import { englishI18n } from '../../test-support/english';
import { problemWords } from './problem-words';

// The report form's alert; its field errors are shown next to their fields instead.
const reportProblemMessage = (problem: ClientProblem) =>
  problemWords('report', problem, englishI18n);

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

describe('reportProblemMessage', () => {
  it('asks a rate-limited visitor to wait', () => {
    expect(reportProblemMessage(problem('RATE_LIMITED', { retryAfterSeconds: 600 }))).toEqual({
      title: 'Too many attempts. Please wait 600 seconds and try again.',
    });
  });

  it.each(['VALIDATION_FAILED', 'INTERNAL', 'SERVICE_UNAVAILABLE', 'NETWORK_ERROR'] as const)(
    'says what the server said for %s',
    (code) => {
      expect(reportProblemMessage(problem(code))).toEqual({
        title: 'server title',
        detail: 'server detail',
      });
    },
  );
});
