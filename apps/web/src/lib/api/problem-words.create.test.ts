import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../test-support/english';
import { problemWords } from './problem-words';

// A create page's words: its own failure title, and the file limit on the file page.
const createFailureMessage = (
  problem: ClientProblem,
  failureTitle: string,
  maxFileBytes?: number,
) => problemWords('create', problem, englishI18n, { failureTitle, maxFileBytes });
import type { ClientProblem } from './result';

const problem = (code: ClientProblem['code'], extra: Partial<ClientProblem> = {}) => ({
  code,
  status: 400,
  title: 'server title',
  detail: 'server detail',
  ...extra,
});

const title = 'Failed to create clipboard share';
const max = 50 * 1024 * 1024;

describe('createFailureMessage', () => {
  it('keeps the page failure title with no detail for server errors', () => {
    expect(createFailureMessage(problem('INTERNAL'), title, max)).toEqual({ title });
    expect(createFailureMessage(problem('BAD_RESPONSE'), title, max)).toEqual({ title });
  });

  it('says how long to wait when rate limited', () => {
    expect(
      createFailureMessage(problem('RATE_LIMITED', { retryAfterSeconds: 120 }), title, max),
    ).toEqual({ title, detail: 'Too many attempts. Please wait 120 seconds and try again.' });
  });

  it('names the size limit when the file is too large', () => {
    expect(
      createFailureMessage(problem('PAYLOAD_TOO_LARGE'), 'Failed to upload file', max),
    ).toEqual({ title: 'File too large', detail: 'Please select a file smaller than 50MB' });
  });

  it('says why an upload cannot be resumed any more', () => {
    expect(
      createFailureMessage(
        problem('UPLOAD_NOT_FOUND', { status: 404, detail: 'It was deleted.' }),
        'Failed to upload file',
        max,
      ),
    ).toEqual({ title: 'Failed to upload file', detail: 'It was deleted.' });
  });

  it('says a blocked file cannot be shared, under the page title', () => {
    expect(
      createFailureMessage(
        problem('CONTENT_BLOCKED', { status: 403, detail: 'blocked' }),
        'Failed to upload file',
        max,
      ),
    ).toEqual({ title: 'Failed to upload file', detail: 'This file cannot be shared.' });
  });

  it('says which text limit was passed on the text pages, never the file limit', () => {
    const tooLong = problem('PAYLOAD_TOO_LARGE', {
      status: 413,
      detail: 'The note is too long: at most 500,000 characters',
    });
    expect(createFailureMessage(tooLong, 'Failed to create note share')).toEqual({
      title: 'Failed to create note share',
      detail: 'The note is too long: at most 500,000 characters',
    });
  });

  it('passes the first field message of a validation failure', () => {
    expect(
      createFailureMessage(
        problem('VALIDATION_FAILED', {
          errors: [{ field: 'content', message: 'Please enter some text to share' }],
        }),
        title,
        max,
      ),
    ).toEqual({ title, detail: 'Please enter some text to share' });
    expect(createFailureMessage(problem('VALIDATION_FAILED'), title, max)).toEqual({
      title,
      detail: 'server detail',
    });
  });

  it('explains a network failure', () => {
    expect(createFailureMessage(problem('NETWORK_ERROR'), title, max)).toEqual({
      title,
      detail: 'server detail',
    });
  });
});
