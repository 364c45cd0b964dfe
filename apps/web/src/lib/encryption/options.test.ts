import { describe, expect, it } from 'vitest';
import {
  encryptionChoice,
  hasErrors,
  initialEncryptionOptions,
  recoveryFields,
  validateEncryptionOptions,
} from './options';

const on = (password: string, recoveryEmail = '') => ({ enabled: true, password, recoveryEmail });

describe('validateEncryptionOptions', () => {
  it('asks nothing while encryption is off', () => {
    expect(validateEncryptionOptions(initialEncryptionOptions)).toEqual({});
    expect(
      validateEncryptionOptions({ enabled: false, password: '', recoveryEmail: 'nope' }),
    ).toEqual({});
  });

  it('requires a password that is not blank', () => {
    const message = 'Please enter a password for encryption';
    expect(validateEncryptionOptions(on(''))).toEqual({ password: message });
    expect(validateEncryptionOptions(on('   '))).toEqual({ password: message });
    expect(hasErrors(validateEncryptionOptions(on(' ')))).toBe(true);
    expect(validateEncryptionOptions(on('s3cret'))).toEqual({});
  });

  it('with a recovery email, asks for a password of one line of at most 256 characters', () => {
    const message =
      'With a recovery email, the password must be one line of at most 256 characters';
    expect(validateEncryptionOptions(on('x'.repeat(256), 'me@example.org'))).toEqual({});
    expect(validateEncryptionOptions(on('x'.repeat(257), 'me@example.org'))).toEqual({
      password: message,
    });
    expect(validateEncryptionOptions(on('a\nb', 'me@example.org'))).toEqual({ password: message });
    // Without an email nothing is mailed, so any password goes.
    expect(validateEncryptionOptions(on('x'.repeat(2000)))).toEqual({});
  });

  it('accepts no recovery email, or one of the form x@y.z', () => {
    expect(validateEncryptionOptions(on('pw', ''))).toEqual({});
    expect(validateEncryptionOptions(on('pw', '  me@example.org '))).toEqual({});
    for (const bad of ['me', 'me@example', '@example.org', 'me @example.org', 'me@ex ample.org']) {
      expect(validateEncryptionOptions(on('pw', bad)), bad).toEqual({
        recoveryEmail: 'Please enter a valid email address',
      });
    }
    expect(hasErrors({ recoveryEmail: 'x' })).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});

describe('encryptionChoice', () => {
  it('is null while encryption is off', () => {
    expect(encryptionChoice(initialEncryptionOptions)).toBeNull();
  });

  it('keeps the password exactly as typed and trims the email', () => {
    expect(encryptionChoice(on(' pass word ', ' me@example.org '))).toEqual({
      password: ' pass word ',
      recoveryEmail: 'me@example.org',
    });
    expect(encryptionChoice(on('pw', '   '))).toEqual({ password: 'pw' });
  });
});

describe('recoveryFields', () => {
  it('sends the password for escrow only together with a recovery email', () => {
    expect(recoveryFields({ password: 'pw' })).toEqual({});
    expect(recoveryFields({ password: 'pw', recoveryEmail: 'me@example.org' })).toEqual({
      recoveryEmail: 'me@example.org',
      recoveryPassword: 'pw',
    });
  });
});
