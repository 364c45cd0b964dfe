import { connectionProblem, messages } from '@codedrop/contract';
import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../test-support/english';
import { knownSentences, knownWords, localProblem } from './known-words';
import { problemWords } from './problem-words';

// A German catalog with two of the sentences translated; the rest falls back to English.
const connection = msg`Connection problem`;
const invalidEmail = msg`Please enter a valid email address`;
const german = setupI18n({
  locale: 'de',
  messages: { de: { [connection.id]: 'Verbindungsproblem', [invalidEmail.id]: 'Ungültig' } },
});

describe('localProblem', () => {
  it("translates the client's and the contract's known sentences, and no other", () => {
    const problem = {
      ...connectionProblem,
      errors: [
        { field: 'email', message: messages.invalidEmail },
        { field: 'code', message: 'Bad code' },
      ],
    };
    expect(localProblem(problem, german)).toEqual({
      ...problem,
      title: 'Verbindungsproblem',
      errors: [
        { field: 'email', message: 'Ungültig' },
        { field: 'code', message: 'Bad code' },
      ],
    });
    expect(knownWords('server detail', german)).toBe('server detail');
  });

  it('leaves an English page as it is', () => {
    expect(localProblem(connectionProblem, englishI18n)).toBe(connectionProblem);
  });
});

describe('knownWords', () => {
  it('keys each sentence by the English of its message', () => {
    // With no translation a message reads as its English: every key must be that English.
    const untranslated = setupI18n({ locale: 'fr', messages: { fr: {} } });
    for (const sentence of knownSentences) {
      expect(knownWords(sentence, untranslated)).toBe(sentence);
    }
  });
});

describe('problemWords in another language', () => {
  it("writes the size limit in the locale's numbers", () => {
    const tooLarge = { code: 'PAYLOAD_TOO_LARGE' as const, status: 413, title: '', detail: '' };
    const limit = new Intl.NumberFormat('de', {
      style: 'unit',
      unit: 'megabyte',
      unitDisplay: 'short',
    }).format(50);
    expect(problemWords('viewer', tooLarge, german, { maxFileBytes: 50 * 1024 * 1024 })).toEqual({
      title: messages.fileTooLargeTitle,
      detail: messages.fileTooLargeDetail(limit),
    });
  });

  it("shows the server's title translated where it is a known one", () => {
    const problem = { ...connectionProblem, code: 'INTERNAL' as const, status: 500 };
    expect(problemWords('viewer', problem, german).title).toBe('Verbindungsproblem');
  });
});
