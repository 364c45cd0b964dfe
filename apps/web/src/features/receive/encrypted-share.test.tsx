import type { FileShareView, ShareView, TextShareView } from '@codedrop/contract';
import {
  createKeys,
  sealFileMeta,
  sealText,
  toBase64,
  type Envelope,
  type WriterKeys,
} from '@codedrop/crypto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EncryptedShare } from './encrypted-share';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

let keys: WriterKeys;
beforeAll(async () => {
  keys = await createKeys('right', { iter: 100_000 });
});
beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const common = () => ({
  code: '4821',
  status: 'ready' as const,
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  isEncrypted: true,
  burnAfterReading: false,
  kdf: keys.kdf,
  attemptsLeft: 10,
});
const view = (overrides: Partial<TextShareView> = {}): ShareView => ({
  ...common(),
  type: 'clipboard',
  ...overrides,
});
/** An encrypted file share: only the stored sizes of its files are in the view. */
const fileView = (
  files: FileShareView['files'],
  counts: Pick<FileShareView, 'downloadCount' | 'maxDownloads'>,
): ShareView => ({ ...common(), type: 'file', files, ...counts });

const problem = (code: string, status: number, extra: object = {}) =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, detail: code, code, ...extra }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** The unlock route: the envelope for the right authKey, else `wrong()`. */
function serveUnlock(envelope: Envelope, wrong: () => Response) {
  const right = toBase64(keys.authKey);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { authKey } = JSON.parse(String(init.body)) as { authKey: string };
      return authKey === right
        ? new Response(JSON.stringify({ encryptedPayload: envelope }))
        : wrong();
    }),
  );
}

async function typePassword(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
  return user;
}

describe('EncryptedShare', () => {
  it('shows the prompt first, then the text once the password is right', async () => {
    serveUnlock(await sealText(keys, 'the secret'), () => problem('WRONG_PASSWORD', 403));
    render(<EncryptedShare share={view()} onExit={vi.fn()} />);
    expect(screen.queryByLabelText('Shared text')).toBeNull();
    await typePassword('right');
    expect(await screen.findByLabelText('Shared text')).toHaveValue('the secret');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('keeps the form on a wrong password, with the attempts left and the toast', async () => {
    serveUnlock(await sealText(keys, 'x'), () =>
      problem('WRONG_PASSWORD', 403, { attemptsLeft: 9 }),
    );
    render(<EncryptedShare share={view()} onExit={vi.fn()} />);
    await typePassword('wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to decrypt content. Please check your password.');
    expect(alert).toHaveTextContent('9 attempts left.');
    expect(toast.error).toHaveBeenCalledWith(
      'Decryption failed: Invalid password or corrupted data.',
    );
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('says the share is gone once the last allowed wrong password is used', async () => {
    serveUnlock(await sealText(keys, 'x'), () => problem('SHARE_DESTROYED', 410));
    render(<EncryptedShare share={view({ attemptsLeft: 1 })} onExit={vi.fn()} />);
    expect(screen.getByText('1 attempts left.')).toBeVisible();
    await typePassword('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. This share has been deleted.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('treats altered data like a wrong password, showing nothing', async () => {
    const envelope = await sealText(keys, 'x');
    serveUnlock({ ...envelope, iv: toBase64(new Uint8Array(12)) }, () => problem('X', 500));
    render(<EncryptedShare share={view()} onExit={vi.fn()} />);
    await typePassword('right');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to decrypt content. Please check your password.',
    );
    expect(screen.queryByLabelText('Shared text')).toBeNull();
  });

  it('warns before a burn-after-reading share is opened and notes it after', async () => {
    serveUnlock(await sealText(keys, '<p>note body</p>'), () => problem('WRONG_PASSWORD', 403));
    render(
      <EncryptedShare share={view({ type: 'notepad', burnAfterReading: true })} onExit={vi.fn()} />,
    );
    expect(screen.getByText('This content can be viewed only once')).toBeVisible();
    await typePassword('right');
    expect(await screen.findByText('note body')).toBeVisible();
    expect(screen.getByText('This content was deleted after this view.')).toBeVisible();
  });

  it('shows the real name and size of an unlocked file', async () => {
    const meta = { name: 'Résumé 2025.pdf', type: 'application/pdf', size: 2048 };
    serveUnlock(await sealFileMeta(keys, [meta]), () => problem('WRONG_PASSWORD', 403));
    const counts = { downloadCount: 1, maxDownloads: 3 };
    render(<EncryptedShare share={fileView([{ size: 2076 }], counts)} onExit={vi.fn()} />);
    await typePassword('right');
    expect(await screen.findByText('Résumé 2025.pdf')).toBeVisible();
    expect(screen.getByText('2 KB')).toBeVisible();
    expect(screen.getByText('1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download File' })).toBeEnabled();
    expect(screen.queryByText('encrypted_file')).toBeNull();
    // One file looks as it always did: no list, no ZIP.
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download all (.zip)' })).toBeNull();
  });

  it('lists every file of an unlocked share by its real name, type and size', async () => {
    const metas = [
      { name: 'holiday.jpg', type: 'image/jpeg', size: 3 * 1024 * 1024 },
      { name: 'plan.pdf', type: 'application/pdf', size: 1024 },
      { name: 'setup.zip', type: 'application/zip', size: 512 },
    ];
    serveUnlock(await sealFileMeta(keys, metas), () => problem('WRONG_PASSWORD', 403));
    const files = [{ size: 3_145_788 }, { size: 1052 }, { size: 540 }];
    const counts = { downloadCount: 0, maxDownloads: 5 };
    render(<EncryptedShare share={fileView(files, counts)} onExit={vi.fn()} />);
    await typePassword('right');
    const list = await screen.findByRole('list', { name: 'Files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('holiday.jpg3 MB'),
      expect.stringContaining('plan.pdf1 KB'),
      expect.stringContaining('setup.zip512 Bytes'),
    ]);
    for (const meta of metas) {
      expect(screen.getByRole('button', { name: `Download ${meta.name}` })).toBeEnabled();
    }
    // Previews for what the page can show; an archive gets none.
    expect(screen.getByRole('button', { name: 'Preview holiday.jpg' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Preview plan.pdf' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Preview setup.zip' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download all (.zip)' })).toBeEnabled();
    expect(screen.getByText('0 of 5')).toBeVisible();
  });

  it('says the share is damaged when the metadata and the stored files disagree', async () => {
    const metas = [
      { name: 'a.txt', type: 'text/plain', size: 1 },
      { name: 'b.txt', type: 'text/plain', size: 1 },
    ];
    serveUnlock(await sealFileMeta(keys, metas), () => problem('WRONG_PASSWORD', 403));
    const counts = { downloadCount: 0, maxDownloads: 5 };
    render(<EncryptedShare share={fileView([{ size: 29 }], counts)} onExit={vi.fn()} />);
    await typePassword('right');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid file share');
  });

  it('goes back home on Cancel', async () => {
    const onExit = vi.fn();
    render(<EncryptedShare share={view()} onExit={onExit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onExit).toHaveBeenCalledOnce();
  });
});
