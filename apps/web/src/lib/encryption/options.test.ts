import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../test-support/english';
import { productMessages } from '../i18n/product-messages';
import {
  encryptionChoice,
  hasErrors,
  initialEncryptionOptions,
  recoveryFields,
  validateEncryptionOptions,
  type EncryptionOptions,
} from './options';

const validate = (options: EncryptionOptions) =>
  validateEncryptionOptions(options, productMessages(englishI18n));

const on = (password: string, recoveryEmail = '') => ({ enabled: true, password, recoveryEmail });

describe('validateEncryptionOptions', () => {
  it('asks nothing while encryption is off', () => {
    expect(validate(initialEncryptionOptions)).toEqual({});
    expect(validate({ enabled: false, password: '', recoveryEmail: 'nope' })).toEqual({});
  });

  it('requires a password that is not blank', () => {
    const message = 'Please enter a password for encryption';
    expect(validate(on(''))).toEqual({ password: message });
    expect(validate(on('   '))).toEqual({ password: message });
    expect(hasErrors(validate(on(' ')))).toBe(true);
    expect(validate(on('s3cret'))).toEqual({});
  });

  it('with a recovery email, asks for a password of one line of at most 256 characters', () => {
    const message =
      'With a recovery email, the password must be one line of at most 256 characters';
    expect(validate(on('x'.repeat(256), 'me@example.org'))).toEqual({});
    expect(validate(on('x'.repeat(257), 'me@example.org'))).toEqual({
      password: message,
    });
    expect(validate(on('a\nb', 'me@example.org'))).toEqual({ password: message });
    // Without an email nothing is mailed, so any password goes.
    expect(validate(on('x'.repeat(2000)))).toEqual({});
  });

  it('accepts no recovery email, or one of the form x@y.z', () => {
    expect(validate(on('pw', ''))).toEqual({});
    expect(validate(on('pw', '  me@example.org '))).toEqual({});
    for (const bad of ['me', 'me@example', '@example.org', 'me @example.org', 'me@ex ample.org']) {
      expect(validate(on('pw', bad)), bad).toEqual({
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
