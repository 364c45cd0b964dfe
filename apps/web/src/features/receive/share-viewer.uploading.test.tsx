import { messages, type FileShareView } from '@codedrop/contract';
import { createKeys, sealFileMeta, toBase64, type WriterKeys } from '@codedrop/crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareViewer } from './share-viewer';

// The recipient of a share whose sender is still uploading (docs/product.md#resumable-uploads).

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const total = 4 * 1024 * 1024;

const view = (received: number | null, overrides: Partial<FileShareView> = {}): FileShareView => ({
  code: '4821',
  type: 'file',
  status: received === null ? 'ready' : 'uploading',
  ...(received === null ? {} : { upload: { receivedBytes: received, totalBytes: total } }),
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2999-01-16T10:00:00.000Z',
  isEncrypted: false,
  burnAfterReading: false,
  files: [{ name: 'movie.mp4', size: total, type: 'video/mp4' }],
  downloadCount: 0,
  maxDownloads: 3,
  ...overrides,
});

/** GET /api/shares/4821 answers these in turn (the last one again after that). */
function serveLookups(answers: (() => Response)[]) {
  const times: number[] = [];
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe('/api/shares/4821');
    times.push(Date.now());
    return answers[Math.min(times.length, answers.length) - 1]!();
  });
  vi.stubGlobal('fetch', fetch);
  return times;
}

const json = (body: unknown) => () => new Response(JSON.stringify(body));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const download = () => screen.getByRole('button', { name: 'Download File' });

beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ShareViewer of a share still uploading', () => {
  it('shows the percentage live, at most one lookup a second, then enables Download', async () => {
    const times = serveLookups([
      json(view(total / 4)),
      json(view((total * 3) / 4)),
      json(view(null)),
    ]);
    render(<ShareViewer share={view(total / 10)} onExit={vi.fn()} />);
    expect(screen.getByText('Uploading… 10%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    expect(download()).toBeDisabled();

    expect(await screen.findByText('Uploading… 25%', {}, { timeout: 3_000 })).toBeVisible();
    expect(download()).toBeDisabled();
    expect(await screen.findByText('Uploading… 75%', {}, { timeout: 3_000 })).toBeVisible();
    await waitFor(() => expect(download()).toBeEnabled(), { timeout: 3_000 });
    expect(screen.queryByText(/^Uploading…/)).toBeNull();
    expect(screen.getByText('Upload complete: the file can be downloaded now.')).toHaveAttribute(
      'role',
      'status',
    );

    // Once a second at most, and no more once it is ready.
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(gaps.every((gap) => gap >= 950)).toBe(true);
    await sleep(1_300);
    expect(times).toHaveLength(3);
  }, 15_000);

  it('stops asking when the page leaves', async () => {
    const times = serveLookups([json(view(total / 4))]);
    const { unmount } = render(<ShareViewer share={view(0)} onExit={vi.fn()} />);
    unmount();
    await sleep(1_300);
    expect(times).toHaveLength(0);
  });

  it('stops asking, and says so, when the share goes while it uploads', async () => {
    const gone = () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Deleted',
          status: 410,
          code: 'SHARE_DELETED',
          detail: 'deleted',
        }),
        { status: 410, headers: { 'Content-Type': 'application/problem+json' } },
      );
    const times = serveLookups([gone]);
    render(<ShareViewer share={view(total / 2)} onExit={vi.fn()} />);
    expect(await screen.findByText(messages.shareDeleted, {}, { timeout: 3_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download File' })).toBeNull();
    await sleep(1_300);
    expect(times).toHaveLength(1);
  });

  it('keeps a blip from ending the wait: the next lookup carries on', async () => {
    const times = serveLookups([
      () => {
        throw new TypeError('Failed to fetch');
      },
      json(view(null)),
    ]);
    render(<ShareViewer share={view(total / 2)} onExit={vi.fn()} />);
    await waitFor(() => expect(download()).toBeEnabled(), { timeout: 4_000 });
    expect(times).toHaveLength(2);
  }, 10_000);
});

describe('ShareViewer of an encrypted share still uploading', () => {
  let keys: WriterKeys;
  beforeAll(async () => {
    keys = await createKeys('right', { iter: 100_000 });
  });

  it('unlocks while the bytes arrive, and offers the download once they have', async () => {
    const envelope = await sealFileMeta(keys, [
      { name: 'holiday.mp4', type: 'video/mp4', size: 1000 },
    ]);
    const encrypted = (received: number | null) =>
      view(received, {
        isEncrypted: true,
        kdf: keys.kdf,
        attemptsLeft: 10,
        files: [{ size: 1044 }],
        ...(received === null ? {} : { upload: { receivedBytes: received, totalBytes: 1044 } }),
      });
    let ready = false;
    const right = toBase64(keys.authKey);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/unlock')) {
          const { authKey } = JSON.parse(String(init?.body)) as { authKey: string };
          expect(authKey).toBe(right);
          return new Response(JSON.stringify({ encryptedPayload: envelope }));
        }
        return new Response(JSON.stringify(encrypted(ready ? null : 522)));
      }),
    );
    render(<ShareViewer share={encrypted(100)} onExit={vi.fn()} />);
    expect(screen.getByText('Uploading… 9%')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Password'), 'right{Enter}');
    expect(await screen.findByText('holiday.mp4', {}, { timeout: 5_000 })).toBeVisible();
    expect(await screen.findByText('Uploading… 50%', {}, { timeout: 3_000 })).toBeVisible();
    expect(download()).toBeDisabled();
    ready = true;
    await waitFor(() => expect(download()).toBeEnabled(), { timeout: 3_000 });
    expect(screen.queryByText(/^Uploading…/)).toBeNull();
  }, 15_000);
});
