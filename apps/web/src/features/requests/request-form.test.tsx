import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestForm } from './request-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const creation = vi.hoisted(() => ({ createRequestWith: vi.fn() }));
vi.mock('./create-request', () => creation);
beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const created = {
  code: '48213',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-02T10:00:00.000Z',
  deleteToken: 'delete-token',
};

function setup() {
  const onCreated = vi.fn();
  render(<RequestForm onCreated={onCreated} />);
  return { onCreated, user: userEvent.setup() };
}

describe('RequestForm', () => {
  it('creates a request with what was chosen, the password as typed', async () => {
    creation.createRequestWith.mockResolvedValue({ ok: true, data: created });
    const { onCreated, user } = setup();
    await user.type(screen.getByLabelText('Message for senders (optional)'), '  Your scans  ');
    await user.click(screen.getByLabelText('Text'));
    const count = screen.getByLabelText('Submissions to accept');
    await user.clear(count);
    await user.type(count, '3');
    await user.type(screen.getByLabelText('Password'), ' pass word ');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(creation.createRequestWith).toHaveBeenCalledWith({
      message: 'Your scans',
      accepts: { files: true, text: false },
      expiresInSeconds: 86_400,
      maxSubmissions: 3,
      password: ' pass word ',
    });
    expect(onCreated).toHaveBeenCalledWith({
      request: created,
      expiresInSeconds: 86_400,
      maxSubmissions: 3,
    });
  });

  it('counts the message against its limit', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Message for senders (optional)'), 'Hello');
    expect(screen.getByText('5 / 500')).toBeInTheDocument();
  });

  it('refuses to create without a password or anything to accept', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Files'));
    await user.click(screen.getByLabelText('Text'));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    expect(screen.getByText('Choose files, text or both')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password, or generate one')).toBeInTheDocument();
    expect(creation.createRequestWith).not.toHaveBeenCalled();
  });

  it('generates a password, shown so that it can be copied', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Generate random password' }));
    const field = screen.getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('text');
    expect(field.value.length).toBeGreaterThan(10);
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the form", async () => {
    creation.createRequestWith.mockResolvedValue({
      ok: false,
      problem: {
        code: 'RATE_LIMITED',
        status: 429,
        title: 'Too many',
        detail: '',
        retryAfterSeconds: 30,
      },
    });
    const { onCreated, user } = setup();
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    expect(
      await screen.findByText('Too many attempts. Please wait 30 seconds and try again.'),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
