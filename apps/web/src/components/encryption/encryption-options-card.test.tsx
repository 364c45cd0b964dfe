import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  initialEncryptionOptions,
  type EncryptionOptions,
  type EncryptionOptionsErrors,
} from '../../lib/encryption/options';
import { EncryptionOptionsCard } from './encryption-options-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const disclosure =
  'With a recovery email, we can send you the password if you forget it. Only add one if you are comfortable with that.';

function Harness({
  initial = initialEncryptionOptions,
  errors,
  disabled,
  onChange,
}: {
  initial?: EncryptionOptions;
  errors?: EncryptionOptionsErrors;
  disabled?: boolean;
  onChange?: (value: EncryptionOptions) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <EncryptionOptionsCard
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      errors={errors}
      disabled={disabled}
    />
  );
}

const enabled = { enabled: true, password: '', recoveryEmail: '' };

beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => vi.unstubAllGlobals());

describe('EncryptionOptionsCard', () => {
  it('starts with a switch named for encryption, off, and no fields', () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: /encryption/i });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByText(disclosure)).toBeNull();
  });

  it('shows the password and recovery email fields once switched on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: /encryption/i }));
    expect(onChange).toHaveBeenLastCalledWith({ ...initialEncryptionOptions, enabled: true });
    expect(screen.getByRole('switch', { name: /encryption/i })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Recovery email (optional)')).toHaveAttribute('type', 'email');
    expect(screen.getByText(disclosure)).toBeVisible();
  });

  it('types the password and shows or hides it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={enabled} onChange={onChange} />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'pa ss');
    expect(onChange).toHaveBeenLastCalledWith({ ...enabled, password: 'pa ss' });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('generates a random password and reveals it so it can be copied', async () => {
    const user = userEvent.setup();
    render(<Harness initial={enabled} />);
    expect(screen.queryByRole('button', { name: 'Copy password' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate random password' }));
    const input = screen.getByLabelText('Password');
    const first = (input as HTMLInputElement).value;
    expect(first).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Generate random password' }));
    expect((input as HTMLInputElement).value).not.toBe(first);
  });

  it('keeps the recovery email as typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={enabled} onChange={onChange} />);
    await user.type(screen.getByLabelText('Recovery email (optional)'), 'me@x.io');
    expect(onChange).toHaveBeenLastCalledWith({ ...enabled, recoveryEmail: 'me@x.io' });
  });

  it('shows each error next to its field and marks the field invalid', () => {
    render(
      <Harness
        initial={enabled}
        errors={{
          password: 'Please enter a password for encryption',
          recoveryEmail: 'Please enter a valid email address',
        }}
      />,
    );
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Please enter a password for encryption/);
    const email = screen.getByLabelText('Recovery email (optional)');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/^Please enter a valid email address/);
    expect(email).toHaveAccessibleDescription(new RegExp(disclosure.slice(0, 30)));
  });

  it('locks every control while the share is being created', () => {
    render(<Harness initial={{ ...enabled, password: 'x' }} disabled />);
    expect(screen.getByRole('switch', { name: /encryption/i })).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate random password' })).toBeDisabled();
    expect(screen.getByLabelText('Recovery email (optional)')).toBeDisabled();
  });

  it('is switched off with the reason when the page has no WebCrypto', () => {
    vi.stubGlobal('isSecureContext', false);
    render(<Harness initial={{ ...enabled, password: 'x' }} />);
    const toggle = screen.getByRole('switch', { name: /encryption/i });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Encryption needs a secure connection (HTTPS).')).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
