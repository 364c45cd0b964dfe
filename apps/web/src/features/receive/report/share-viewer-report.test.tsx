import { messages, type ShareView, type TextShareView } from '@codedrop/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareViewer } from '../share-viewer';

// The Report link belongs to the viewer itself, not to what a share's type shows.

const view = (overrides: Partial<TextShareView> = {}): ShareView => ({
  code: '4821',
  type: 'clipboard',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2999-01-16T10:00:00.000Z',
  isEncrypted: false,
  burnAfterReading: false,
  content: 'hello',
  ...overrides,
});

const locked: ShareView = {
  code: '4821',
  type: 'file',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2999-01-16T10:00:00.000Z',
  isEncrypted: true,
  burnAfterReading: false,
  kdf: { name: 'PBKDF2-SHA-256', iter: 100_000, salt: 'A'.repeat(43) + '=' },
  attemptsLeft: 10,
  files: [{ size: 1044 }],
  downloadCount: 0,
  maxDownloads: 3,
};

beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => vi.unstubAllGlobals());

describe('ShareViewer Report link', () => {
  it.each([
    ['a plain text share', view()],
    ['a plain note', view({ type: 'notepad', content: '<p>hello</p>' })],
    ['an encrypted share before unlocking', locked],
  ])('is offered on %s', (_, share) => {
    render(<ShareViewer share={share} onExit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Report' })).toBeVisible();
  });

  it('reports an encrypted share without unlocking it', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ message: messages.reportThanks }, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(<ShareViewer share={locked} onExit={vi.fn()} />);
    expect(screen.getByLabelText('Password')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Copyright' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(messages.reportThanks)).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/shares/4821/reports');
    expect(screen.getByLabelText('Password')).toBeVisible();
  });
});
