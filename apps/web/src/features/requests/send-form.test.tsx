import type { RequestView } from '@codedrop/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendForm } from './send-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const sending = vi.hoisted(() => ({ sendSubmission: vi.fn() }));
vi.mock('./send-submission', () => sending);
beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const request = (accepts: RequestView['accepts']): RequestView => ({
  code: '4821',
  message: 'Send me the photos',
  publicKey: { curve: 'X25519', key: 'A'.repeat(43) + '=' },
  accepts,
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-02T10:00:00.000Z',
  open: true,
  kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: 'A'.repeat(43) + '=' },
  attemptsLeft: 10,
});

function setup(accepts: RequestView['accepts']) {
  const onSent = vi.fn();
  const onClosed = vi.fn();
  render(<SendForm request={request(accepts)} onSent={onSent} onClosed={onClosed} />);
  return { onSent, onClosed, user: userEvent.setup({ applyAccept: false }) };
}

const picked = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('SendForm', () => {
  it('offers only what the request takes', () => {
    setup({ files: false, text: true });
    expect(screen.getByLabelText('Text')).toBeInTheDocument();
    expect(document.getElementById('file-input')).toBeNull();
  });

  it('sends the files and the text together', async () => {
    sending.sendSubmission.mockResolvedValue({ ok: true, data: null });
    const { onSent, user } = setup({ files: true, text: true });
    const photo = picked('photo.jpg', 20);
    await user.upload(document.getElementById('file-input') as HTMLInputElement, photo);
    await user.type(screen.getByLabelText('Text'), 'Here you go');
    await user.click(screen.getByRole('button', { name: 'Encrypt & Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [sentTo, content] = sending.sendSubmission.mock.calls[0]!;
    expect(sentTo).toMatchObject({ code: '4821' });
    expect(content).toEqual({ files: [photo], text: 'Here you go' });
  });

  it('asks for something to send before sending nothing', async () => {
    const { user } = setup({ files: true, text: true });
    await user.click(screen.getByRole('button', { name: 'Encrypt & Send' }));
    expect(screen.getByText('Add a file or write a text')).toBeInTheDocument();
    expect(sending.sendSubmission).not.toHaveBeenCalled();
  });

  it('says so when the request has just filled up', async () => {
    sending.sendSubmission.mockResolvedValue({
      ok: false,
      problem: { code: 'REQUEST_FULL', status: 409, title: 'Full', detail: '' },
    });
    const { onClosed, onSent, user } = setup({ files: false, text: true });
    await user.type(screen.getByLabelText('Text'), 'Late answer');
    await user.click(screen.getByRole('button', { name: 'Encrypt & Send' }));
    await waitFor(() =>
      expect(onClosed).toHaveBeenCalledWith({
        title: 'This request is not taking any more submissions.',
      }),
    );
    expect(onSent).not.toHaveBeenCalled();
  });
});
