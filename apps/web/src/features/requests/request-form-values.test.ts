import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../test-support/english';
import {
  initialRequestFormValues,
  messageToSend,
  parseSubmissionCount,
  validateRequestForm,
} from './request-form-values';

const valid = { ...initialRequestFormValues, password: 'correct horse' };

describe('the request form', () => {
  it('takes files and text, ten submissions, and no message by default', () => {
    expect(initialRequestFormValues).toMatchObject({ files: true, text: true, message: '' });
    expect(parseSubmissionCount(initialRequestFormValues.maxSubmissions)).toBe(10);
    expect(validateRequestForm(valid, englishI18n)).toEqual({});
  });

  it('needs a password and something to accept', () => {
    expect(
      validateRequestForm({ ...valid, password: '  ', files: false, text: false }, englishI18n),
    ).toEqual({
      accepts: 'Choose files, text or both',
      password: 'Please enter a password, or generate one',
    });
  });

  it('counts the message in characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(500);
    expect(validateRequestForm({ ...valid, message: emoji }, englishI18n)).toEqual({});
    expect(validateRequestForm({ ...valid, message: `${emoji}!` }, englishI18n)).toEqual({
      message: 'The message is at most 500 characters',
    });
  });

  it('brings the count of submissions within 1 to 100', () => {
    expect(parseSubmissionCount('0')).toBe(1);
    expect(parseSubmissionCount('250')).toBe(100);
    expect(parseSubmissionCount('7.9')).toBe(7);
    expect(parseSubmissionCount('')).toBe(10);
  });

  it('sends the message as plain text, or none', () => {
    expect(messageToSend('   \n ')).toBeUndefined();
    expect(messageToSend(' Line one\r\nline\u0007 two ')).toBe('Line one\nline two');
  });
});
