import type { AdminQueueEntry, AdminShare } from '@codedrop/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminHomePage } from './admin-home-page';
import { AdminSharePage, sealedNotice } from './admin-share-page';
import { requestSealedNotice } from './request-content';

// The console against a scripted API: each test says what every path answers, and the
// requests made are kept to check their methods and the CSRF header.

type Answer = Response | (() => Response);
let answers: Record<string, Answer>;
let requests: Array<{ method: string; path: string; headers: Headers }>;

// Problems as the server writes them (problem+json with its code).
const problem = (status: 401 | 404, detail: string) =>
  Response.json(
    {
      type: 'about:blank',
      title: status === 401 ? 'Unauthorized' : 'Not Found',
      status,
      detail,
      code: status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND',
    },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const session = { csrfToken: 'csrf-123', expiresAt: '2999-01-01T00:00:00.000Z' };
const overview = {
  liveShares: { clipboard: 4, notepad: 2, file: 1 },
  liveRequests: 5,
  storageBytes: 2048,
  createdLast24h: 7,
  reportsLast24h: 3,
  quarantined: 1,
  blockedHashes: 0,
};
const entry: AdminQueueEntry = {
  code: '4821',
  type: 'file',
  encrypted: false,
  status: 'quarantined',
  reports: 3,
  reporters: 2,
  reasons: [
    { reason: 'illegal', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  latestReportAt: '2026-11-24T10:00:00.000Z',
  quarantinedAt: '2026-11-24T10:00:00.000Z',
};
const share = (overrides: Partial<AdminShare> = {}): AdminShare => ({
  code: '4821',
  type: 'clipboard',
  encrypted: false,
  status: 'quarantined',
  createdAt: '2026-11-24T09:00:00.000Z',
  expiresAt: '2026-11-25T09:00:00.000Z',
  quarantinedAt: '2026-11-24T10:00:00.000Z',
  size: 5,
  downloadCount: 0,
  maxDownloads: null,
  text: 'hello',
  noteHtml: null,
  files: [],
  request: null,
  reports: [
    {
      reason: 'spam',
      message: 'Buy now',
      email: null,
      reporter: 'a1b2c3',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
  ...overrides,
});

beforeEach(() => {
  requests = [];
  answers = {
    'GET /api/admin/session': () => Response.json(session),
    'GET /api/admin/overview': () => Response.json(overview),
    'GET /api/admin/reports': () => Response.json({ entries: [] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ method, path: input, headers: new Headers(init.headers) });
      const answer = answers[`${method} ${input}`];
      if (answer === undefined) return problem(404, 'No such path');
      return typeof answer === 'function' ? answer() : answer;
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderConsole(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<AdminHomePage />} />
        <Route path="/admin/shares/:code" element={<AdminSharePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the admin console', () => {
  it('asks for the password without a session, says when it is wrong, and signs in', async () => {
    answers['GET /api/admin/session'] = () => problem(401, 'Sign in first');
    let tries = 0;
    answers['POST /api/admin/session'] = () =>
      ++tries === 1 ? problem(401, 'Wrong password') : Response.json(session);
    const user = userEvent.setup();
    renderConsole('/admin');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter the password')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), 'not the one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong password')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Figures at a glance' })).toBeVisible();
    expect(screen.getByText('No reports. Nothing to review.')).toBeVisible();
    expect(screen.getByText('Live requests').nextSibling).toHaveTextContent('5');
    expect(screen.getByText('Live clipboard shares').nextSibling).toHaveTextContent('4');
  });

  it('lists each reported share with its counts and reasons, linked to its page', async () => {
    answers['GET /api/admin/reports'] = () => Response.json({ entries: [entry] });
    renderConsole('/admin');
    const link = await screen.findByRole('link', { name: '4821' });
    expect(link).toHaveAttribute('href', '/admin/shares/4821');
    const row = link.closest('tr')!;
    expect(within(row).getByText('3 reports from 2 visitors')).toBeVisible();
    expect(within(row).getByText('Illegal content (2), Spam (1)')).toBeVisible();
    expect(within(row).getByText('Held for review')).toBeVisible();
  });

  it('says an encrypted share cannot be read, and offers no preview of its files', async () => {
    answers['GET /api/admin/shares/4821'] = () =>
      Response.json(
        share({
          type: 'file',
          encrypted: true,
          text: null,
          files: [{ index: 0, name: null, size: 1044, type: null, sha256: 'ab'.repeat(32) }],
        }),
      );
    renderConsole('/admin/shares/4821');
    expect(await screen.findByText(sealedNotice)).toBeVisible();
    expect(screen.getByText('Encrypted file 1')).toBeVisible();
    expect(screen.getByText(`SHA-256 ${'ab'.repeat(32)}`)).toBeVisible();
    expect(screen.queryByRole('button', { name: /preview/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Block file' })).toBeVisible();
    expect(requests.some((request) => request.path.includes('/files/'))).toBe(false);
  });

  it('shows a reported request: its message and slots, sealed submissions, no block', async () => {
    answers['GET /api/admin/shares/4821'] = () =>
      Response.json(
        share({
          type: 'request',
          encrypted: true,
          text: null,
          size: 0,
          request: {
            message: 'Send me your bank password',
            accepts: { files: true, text: true },
            submissions: 2,
            maxSubmissions: 10,
          },
        }),
      );
    renderConsole('/admin/shares/4821');
    expect(await screen.findByText('Send me your bank password')).toBeVisible();
    expect(screen.getByText(requestSealedNotice)).toBeVisible();
    expect(screen.queryByText(sealedNotice)).toBeNull();
    expect(screen.getByText('Request')).toBeVisible();
    expect(screen.getByText('2 of 10')).toBeVisible();
    expect(screen.getByText('Accepts files and text.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Block file' })).toBeNull();
  });

  it('shows a plain text and restores the share with the session CSRF token', async () => {
    let restored = false;
    answers['GET /api/admin/shares/4821'] = () =>
      Response.json(share(restored ? { status: 'live', quarantinedAt: null } : {}));
    answers['POST /api/admin/shares/4821/restore'] = () => {
      restored = true;
      return new Response(null, { status: 204 });
    };
    const user = userEvent.setup();
    renderConsole('/admin/shares/4821');
    expect(await screen.findByText('hello')).toBeVisible();
    expect(screen.getByText('Buy now')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Block file' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Live')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    const restore = requests.find((request) => request.path.endsWith('/restore'))!;
    expect(restore.method).toBe('POST');
    expect(restore.headers.get('CodeDrop-CSRF')).toBe('csrf-123');
  });

  it('deletes only when confirmed, then says so on the queue', async () => {
    answers['GET /api/admin/shares/4821'] = () => Response.json(share());
    answers['DELETE /api/admin/shares/4821'] = () => new Response(null, { status: 204 });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    renderConsole('/admin/shares/4821');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Share 4821 was deleted.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Report queue' })).toBeVisible();
    const deletion = requests.find((request) => request.method === 'DELETE')!;
    expect(deletion.headers.get('CodeDrop-CSRF')).toBe('csrf-123');
  });

  it('signs out everywhere with the session CSRF token, then asks for the password', async () => {
    answers['DELETE /api/admin/sessions'] = () => new Response(null, { status: 204 });
    const user = userEvent.setup();
    renderConsole('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    const ended = requests.find((request) => request.path === '/api/admin/sessions')!;
    expect(ended.method).toBe('DELETE');
    expect(ended.headers.get('CodeDrop-CSRF')).toBe('csrf-123');
  });

  it('says why signing out everywhere failed, and stays signed in', async () => {
    answers['DELETE /api/admin/sessions'] = () =>
      Response.json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'This change needs the console page: sign in and try again.',
          code: 'FORBIDDEN',
        },
        { status: 403, headers: { 'content-type': 'application/problem+json' } },
      );
    const user = userEvent.setup();
    renderConsole('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(
      await screen.findByText('This change needs the console page: sign in and try again.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Figures at a glance' })).toBeVisible();
  });

  it('goes back to the sign-in form when the session has ended', async () => {
    answers['GET /api/admin/shares/4821'] = () => Response.json(share());
    answers['POST /api/admin/shares/4821/dismiss'] = () => problem(401, 'Sign in first');
    const user = userEvent.setup();
    renderConsole('/admin/shares/4821');
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });
});
