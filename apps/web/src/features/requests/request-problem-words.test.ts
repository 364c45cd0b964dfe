import { describe, expect, it } from 'vitest';
import type { ClientProblem } from '../../lib/api/result';
import { englishI18n } from '../../test-support/english';
import { requestProblemWords } from './request-problem-words';

const problem = (code: string, status: number, detail = ''): ClientProblem =>
  ({ code, status, title: 'Server title', detail }) as ClientProblem;
const say = (received: ClientProblem) =>
  requestProblemWords(received, englishI18n, { failureTitle: 'Could not send' });

describe('requestProblemWords', () => {
  it('says that a full request takes no more', () => {
    expect(say(problem('REQUEST_FULL', 409))).toEqual({
      title: 'This request is not taking any more submissions.',
    });
  });

  it("keeps the server's sentence of what the request does not take", () => {
    const detail = 'This request takes text only, not files.';
    expect(say(problem('REQUEST_NOT_ACCEPTING', 409, detail)).detail).toBe(detail);
  });

  it('speaks of a request, not a share, when it is gone', () => {
    expect(say(problem('SHARE_NOT_FOUND', 404)).title).toBe(
      'This request has ended: it no longer exists.',
    );
    expect(say(problem('SHARE_EXPIRED', 410)).title).toBe('This request has expired.');
    expect(say(problem('SHARE_DESTROYED', 410)).title).toBe(
      'This request was destroyed after too many wrong passwords.',
    );
  });

  it('says anything else as a create page does, under its own title', () => {
    expect(say(problem('INSUFFICIENT_STORAGE', 507))).toEqual({
      title: 'Could not send',
      detail: 'CodeDrop is full right now. Please try again later.',
    });
  });
});
