import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordPrompt, type PasswordPromptProps } from './password-prompt';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function setup(props: Partial<PasswordPromptProps> = {}) {
  const onSubmit = vi.fn<PasswordPromptProps['onSubmit']>(async () => undefined);
  const onCancel = vi.fn();
  render(<PasswordPrompt code="4821" onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return {
    onSubmit: props.onSubmit ?? onSubmit,
    onCancel,
    user: userEvent.setup(),
    input: () => screen.getByLabelText('Password'),
    decrypt: () => screen.getByRole('button', { name: 'Decrypt & View Content' }),
  };
}

beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('PasswordPrompt', () => {
  it('needs a password that is not blank before it decrypts', async () => {
    const { user, input, decrypt, onSubmit } = setup();
    expect(input()).toHaveFocus();
    expect(decrypt()).toBeDisabled();
    await user.type(input(), '   ');
    expect(decrypt()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(input(), 'x ');
    expect(decrypt()).toBeEnabled();
  });

  it('submits the password exactly as typed, on Enter or the button', async () => {
    const { user, input, decrypt, onSubmit } = setup();
    await user.type(input(), ' my pass {Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith(' my pass ');
    await user.click(decrypt());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows or hides the password', async () => {
    const { user, input } = setup();
    expect(input()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input()).toHaveAttribute('type', 'password');
  });

  it('is busy while the password is tried, then ready to retype', async () => {
    let finish = () => undefined as void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, input, decrypt } = setup({ onSubmit });
    await user.type(input(), 'guess{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Checking the password and decrypting');
    expect(decrypt()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await vi.waitFor(() => expect(decrypt()).toBeEnabled());
    expect(screen.queryByRole('status')).toBeNull();
    expect(input()).toHaveFocus();
    expect(input()).toHaveValue('guess');
  });

  it('keeps the form and shows why the last try failed', () => {
    setup({
      error: {
        title: 'Failed to decrypt content. Please check your password.',
        detail: '9 attempts left.',
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to decrypt content. Please check your password.');
    expect(alert).toHaveTextContent('9 attempts left.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Decrypt & View Content' })).toBeVisible();
  });

  it('cancels', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a notice above the form', () => {
    setup({ notice: <p>Deleted once opened</p> });
    expect(screen.getByText('Deleted once opened')).toBeVisible();
  });

  it('says decryption needs HTTPS instead of a form that cannot work', () => {
    vi.stubGlobal('isSecureContext', false);
    setup();
    expect(screen.getByText('Encryption needs a secure connection (HTTPS).')).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('PasswordPrompt recovery', () => {
  const problem = (code: string, status: number, detail: string) =>
    new Response(JSON.stringify({ type: 'about:blank', title: 't', status, detail, code }), {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    });

  async function openRecovery(response?: () => Response) {
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) =>
      response ? response() : new Response('{}'),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const context = setup();
    await context.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    return { ...context, fetchSpy, email: () => screen.getByLabelText('Recovery email') };
  }

  it('switches to the recovery form and back', async () => {
    const { user, email } = await openRecovery();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(email()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send Recovery' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Password')).toBeVisible();
    expect(screen.queryByLabelText('Recovery email')).toBeNull();
  });

  it('asks for an email, then a valid one, without calling the server', async () => {
    const { user, email, fetchSpy } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'Send Recovery' }));
    expect(screen.getByText('Please enter your recovery email address')).toBeVisible();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await user.type(email(), 'not-an-email{Enter}');
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the request, confirms with a toast and closes the form', async () => {
    const { user, email, fetchSpy } = await openRecovery(
      () => new Response(JSON.stringify({ success: true, message: 'ok' })),
    );
    await user.type(email(), '  me@example.org {Enter}');
    await vi.waitFor(() => expect(screen.getByLabelText('Password')).toBeVisible());
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body))).toEqual({
      email: 'me@example.org',
      shareCode: '4821',
    });
    expect(toast.success).toHaveBeenCalledWith('Recovery Email Sent', {
      description: 'Check your inbox for recovery information.',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Recovery Email SentCheck your inbox for recovery information.',
    );
  });

  it('says "Recovery Failed" when no share matches, and stays open', async () => {
    const detail = "We couldn't find any content linked to this email.";
    const { user, email } = await openRecovery(() => problem('RECOVERY_NOT_FOUND', 404, detail));
    await user.type(email(), 'me@example.org{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Recovery Failed${detail}`);
    expect(toast.error).toHaveBeenCalledWith('Recovery Failed', { description: detail });
    expect(email()).toBeVisible();
  });

  it('says "Unable to Send Email" when the mail cannot go out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, email } = await openRecovery(() =>
      problem('SERVICE_UNAVAILABLE', 503, 'smtp down'),
    );
    await user.type(email(), 'me@example.org{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Unable to Send EmailPlease try again later or contact support if the problem persists.',
    );
    expect(toast.error).toHaveBeenCalledWith('Unable to Send Email', {
      description: 'Please try again later or contact support if the problem persists.',
    });
  });
});
