import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EncryptionOptionsCard } from '../../components/encryption/encryption-options-card';
import { useEncryptionOptions, type EncryptionCheck } from './use-encryption-options';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Inside a form, Radix's switch measures a hidden input; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => vi.unstubAllGlobals());

/** A form with the card, as a create page uses it. */
function Page({ onCheck }: { onCheck: (check: EncryptionCheck) => void }) {
  const encryption = useEncryptionOptions();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCheck(encryption.check());
      }}
    >
      <EncryptionOptionsCard {...encryption.cardProps} />
      <button type="submit">Create</button>
      <button type="button" onClick={encryption.reset}>
        Reset
      </button>
    </form>
  );
}

describe('useEncryptionOptions', () => {
  it('checks out with no choice while encryption is off', () => {
    const { result } = renderHook(() => useEncryptionOptions());
    let check: EncryptionCheck | undefined;
    act(() => void (check = result.current.check()));
    expect(check).toEqual({ ok: true, choice: null });
  });

  it('refuses a missing password, shows why and focuses the field', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<Page onCheck={onCheck} />);
    await user.click(screen.getByRole('switch', { name: /encryption/i }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCheck).toHaveBeenLastCalledWith({
      ok: false,
      message: 'Please enter a password for encryption',
    });
    expect(screen.getByText('Please enter a password for encryption')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await user.type(screen.getByLabelText('Password'), 'pw');
    expect(screen.queryByText('Please enter a password for encryption')).toBeNull();
  });

  it('refuses a malformed recovery email and focuses it', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<Page onCheck={onCheck} />);
    await user.click(screen.getByRole('switch', { name: /encryption/i }));
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(screen.getByLabelText('Recovery email (optional)'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCheck).toHaveBeenLastCalledWith({
      ok: false,
      message: 'Please enter a valid email address',
    });
    expect(screen.getByLabelText('Recovery email (optional)')).toHaveFocus();
  });

  it('hands over the password and trimmed email, and resets', async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<Page onCheck={onCheck} />);
    await user.click(screen.getByRole('switch', { name: /encryption/i }));
    await user.type(screen.getByLabelText('Password'), 'pw ');
    await user.type(screen.getByLabelText('Recovery email (optional)'), ' me@example.org ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCheck).toHaveBeenLastCalledWith({
      ok: true,
      choice: { password: 'pw ', recoveryEmail: 'me@example.org' },
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('switch', { name: /encryption/i })).not.toBeChecked();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
