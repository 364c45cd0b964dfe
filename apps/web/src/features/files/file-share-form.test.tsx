import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LoadOnUse from '../../lib/api/load-on-use';
import { ConfigProvider, defaultConfig } from '../../lib/config-context';
import { handOverFiles } from '../../lib/pending-files';
import { FileShareForm } from './file-share-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const api = vi.hoisted(() => ({ uploadFileShare: vi.fn() }));
vi.mock('../../lib/api/files-api', () => api);
const resumable = vi.hoisted(() => ({ beginResumableShare: vi.fn() }));
vi.mock('./resumable-share', () => resumable);
// The real loader, spied on, so one test can make a module's load fail as a cut connection does.
const loading = vi.hoisted(() => ({ actual: undefined as typeof LoadOnUse | undefined }));
vi.mock('../../lib/api/load-on-use', async (importOriginal) => {
  loading.actual = await importOriginal<typeof LoadOnUse>();
  return { loadOnUse: vi.fn(loading.actual.loadOnUse) };
});

// Radix's switch measures a hidden input inside a form; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const file = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1 });

function setup() {
  const onCreated = vi.fn();
  render(<FileShareForm onCreated={onCreated} />);
  return { onCreated, user: userEvent.setup({ applyAccept: false }) };
}

const input = () => document.getElementById('file-input') as HTMLInputElement;
const total = () => within(screen.getByTestId('file-list-area')).getByRole('status');
const fileList = () => screen.getAllByRole('list').find((list) => list.closest('form'))!;
const names = () =>
  within(fileList())
    .getAllByRole('listitem')
    .map((row) => row.querySelector('p')!.textContent);

/** A paste on the page, as a browser sends it (jsdom has no ClipboardEvent). */
function paste(target: Element, files: File[], text = '') {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      items: files.map((pasted) => ({ kind: 'file', getAsFile: () => pasted })),
      files,
      getData: (type: string) => (type === 'text/plain' ? text : ''),
    },
  });
  act(() => void target.dispatchEvent(event));
  return event;
}

describe('FileShareForm, choosing files', () => {
  it('lists several files with their sizes, a named Remove each and the total', async () => {
    const { user } = setup();
    expect(input()).toHaveAttribute('multiple');
    await user.upload(input(), [
      file('report.pdf', 1024 * 1024, 'application/pdf'),
      file('chart.png', 200 * 1024, 'image/png'),
      file('notes.txt', 5, 'text/plain'),
    ]);
    expect(names()).toEqual(['report.pdf', 'chart.png', 'notes.txt']);
    expect(within(fileList()).getByText('200 KB')).toBeVisible();
    expect(total()).toHaveTextContent('3 files · 1.2 MB total');
    const removes = screen.getAllByRole('button', { name: /^Remove / });
    expect(removes.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove report.pdf',
      'Remove chart.png',
      'Remove notes.txt',
    ]);
    expect(removes.every((button) => button.textContent === 'Remove')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove chart.png' }));
    expect(names()).toEqual(['report.pdf', 'notes.txt']);
    expect(total()).toHaveTextContent('2 files · 1 MB total');
    // Focus goes to the row that took the removed one's place.
    expect(screen.getByRole('button', { name: 'Remove notes.txt' })).toHaveFocus();

    // More can still be added, through the same input.
    await user.upload(input(), [file('more.csv', 10)]);
    expect(names()).toEqual(['report.pdf', 'notes.txt', 'more.csv']);
  });

  it('shows one file as before: its name, size and Remove, no total', async () => {
    const { user } = setup();
    await user.upload(input(), file('quarterly report.pdf', 300 * 1024));
    expect(screen.getByText('quarterly report.pdf')).toBeVisible();
    expect(screen.getByText('300 KB')).toBeVisible();
    expect(total()).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.queryByText('quarterly report.pdf')).toBeNull();
    expect(input()).toHaveFocus();
  });

  it('does not add the very same file twice', async () => {
    const { user } = setup();
    await user.upload(input(), [file('a.txt', 3), file('b.txt', 4)]);
    await user.upload(input(), [file('a.txt', 3), file('c.txt', 5)]);
    expect(names()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('refuses more files than a share may carry, saying so next to the picker', async () => {
    const { user } = setup();
    await user.upload(input(), [file('first.txt', 1)]);
    const many = Array.from({ length: 20 }, (_, i) => file(`f${i}.txt`, 1));
    await user.upload(input(), many);
    expect(document.getElementById('file-error')).toHaveTextContent(
      'You can share up to 20 files at once',
    );
    expect(input()).toHaveAttribute('aria-describedby', 'file-error');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(names()).toEqual(['first.txt']);
  });

  it('refuses files too large in total, in words for one file and for several', async () => {
    const { user } = setup();
    const huge = file('huge.bin', 1);
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(input(), [huge]);
    expect(document.getElementById('file-error')).toHaveTextContent(
      'Please select a file smaller than 50MB',
    );
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();

    const half = file('half.bin', 1);
    Object.defineProperty(half, 'size', { value: 30 * 1024 * 1024 });
    const other = file('other.bin', 1);
    Object.defineProperty(other, 'size', { value: 30 * 1024 * 1024 });
    await user.upload(input(), [half]);
    expect(document.getElementById('file-error')).toBeNull();
    await user.upload(input(), [other]);
    expect(document.getElementById('file-error')).toHaveTextContent(
      'Please select files smaller than 50MB in total',
    );
    expect(names()).toEqual(['half.bin']);
  });

  it('adds files pasted anywhere on the page, with a dated name for a screenshot', () => {
    setup();
    const event = paste(document.body, [file('image.png', 8, 'image/png')]);
    expect(event.defaultPrevented).toBe(true);
    expect(names()).toEqual([expect.stringMatching(/^pasted-\d{4}-\d\d-\d\d-\d{4}\.png$/)]);
    paste(document.body, [file('report.pdf', 9)]);
    expect(names()).toHaveLength(2);
  });

  it('leaves text pasted into a field alone', () => {
    setup();
    const limit = screen.getByLabelText('Download limit');
    const event = paste(limit, [file('copied.pdf', 9)], 'copied.pdf');
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('starts with the files another page handed over', () => {
    const pasted = file('pasted-2026-11-22-1530.png', 12, 'image/png');
    handOverFiles([pasted]);
    setup();
    expect(screen.getByText('pasted-2026-11-22-1530.png')).toBeVisible();
  });
});

describe('FileShareForm, uploading', () => {
  it('says a file is needed before anything is sent', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }));
    expect(document.getElementById('file-error')).toHaveTextContent(
      'Please select a file to share',
    );
    expect(input()).toHaveFocus();
    expect(api.uploadFileShare).not.toHaveBeenCalled();
  });

  it('uploads every file in order and reports what the sender picked', async () => {
    const answer = { code: '4821', maxDownloads: 10, files: [] };
    api.uploadFileShare.mockResolvedValue({ ok: true, data: answer });
    const { user, onCreated } = setup();
    const files = [file('b.png', 2, 'image/png'), file('a.pdf', 3, 'application/pdf')];
    await user.upload(input(), files);
    await user.click(screen.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }));
    expect(api.uploadFileShare).toHaveBeenCalledTimes(1);
    const [sent, fields] = api.uploadFileShare.mock.calls[0]!;
    expect((sent as File[]).map((f) => f.name)).toEqual(['b.png', 'a.pdf']);
    expect(fields).toEqual({ maxDownloads: 10, expiresInSeconds: 86_400 });
    expect(onCreated).toHaveBeenCalledWith(
      expect.objectContaining({
        share: answer,
        picked: [
          { name: 'b.png', size: 2 },
          { name: 'a.pdf', size: 3 },
        ],
        encryption: null,
      }),
    );
  });

  it('says the connection failed when the upload code cannot be loaded, and can send again', async () => {
    const { loadOnUse } = await import('../../lib/api/load-on-use');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(loadOnUse).mockImplementationOnce(() =>
      loading.actual!.loadOnUse(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      ),
    );
    const { user } = setup();
    await user.upload(input(), [file('b.png', 2, 'image/png'), file('a.pdf', 3)]);
    const send = screen.getByRole('button', { name: 'Upload & Generate 4-Digit Code' });
    await user.click(send);
    expect(await screen.findByText(/Could not reach CodeDrop/)).toBeVisible();
    expect(api.uploadFileShare).not.toHaveBeenCalled();
    expect(send).toBeEnabled();
    quiet.mockRestore();

    api.uploadFileShare.mockResolvedValue({ ok: true, data: { code: '4821', files: [] } });
    await user.click(send);
    await waitFor(() => expect(api.uploadFileShare).toHaveBeenCalledTimes(1));
  });

  it('sends one file resumably, with the chunk size the server allows', async () => {
    const created = { share: { code: '4821' }, picked: [], encryption: null };
    resumable.beginResumableShare.mockResolvedValue({ ok: true, created });
    const { user, onCreated } = setup();
    await user.upload(input(), [file('movie.mp4', 5, 'video/mp4')]);
    await user.click(screen.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }));
    expect(api.uploadFileShare).not.toHaveBeenCalled();
    expect(resumable.beginResumableShare).toHaveBeenCalledWith(
      expect.objectContaining({
        maxDownloads: 10,
        expiresInSeconds: 86_400,
        chunkSize: 8_388_608,
        choice: null,
        record: undefined,
      }),
    );
    expect(onCreated).toHaveBeenCalledWith(created);
  });

  it('offers Resume upload for a file whose upload stopped before a reload', async () => {
    const picked = file('movie.mp4', 5, 'video/mp4');
    const record = {
      uploadUrl: 'http://localhost/api/uploads/1-0123456789abcdef.mp4',
      uploadSecret: 'upload-secret',
      share: { code: '4821', expiresAt: new Date(Date.now() + 60_000).toISOString() },
      expiresInSeconds: 600,
      file: { name: 'movie.mp4', size: 5 },
      encryption: null,
    };
    localStorage.setItem(
      `codedrop:resume:movie.mp4\u00005\u0000video/mp4\u00001`,
      JSON.stringify(record),
    );
    resumable.beginResumableShare.mockResolvedValue({ ok: false, problem: { status: 404 } });
    const { user } = setup();
    await user.upload(input(), [picked]);
    expect(screen.getByText(/upload stopped before it finished \(code 4821\)/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume upload' }));
    expect(resumable.beginResumableShare).toHaveBeenCalledWith(
      expect.objectContaining({ record: expect.objectContaining({ uploadUrl: record.uploadUrl }) }),
    );
    localStorage.clear();
  });

  it('can leave an unfinished upload behind: its share is deleted, the next upload is new', async () => {
    const record = {
      uploadUrl: 'http://localhost/api/uploads/1-0123456789abcdef.mp4',
      uploadSecret: 'upload-secret',
      share: {
        code: '4821',
        deleteToken: 'the-token',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
      expiresInSeconds: 600,
      file: { name: 'movie.mp4', size: 5 },
      encryption: null,
    };
    localStorage.setItem(
      `codedrop:resume:movie.mp4\u00005\u0000video/mp4\u00001`,
      JSON.stringify(record),
    );
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const { user } = setup();
    await user.upload(input(), [file('movie.mp4', 5, 'video/mp4')]);
    await user.click(screen.getByRole('button', { name: 'Start a new upload instead' }));
    // The API client loads on this first use, so the request follows a moment later.
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/shares/4821',
        expect.objectContaining({
          method: 'DELETE',
          headers: expect.objectContaining({ Authorization: 'Bearer the-token' }),
        }),
      ),
    );
    expect(screen.queryByText(/upload stopped before it finished/)).toBeNull();
    expect(localStorage.length).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }));
    expect(resumable.beginResumableShare).toHaveBeenCalledWith(
      expect.objectContaining({ record: undefined }),
    );
  });
});

describe('FileShareForm before the server has said its limits', () => {
  it('holds a file picked meanwhile to the limits the server answers, not the defaults', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <ConfigProvider>
        <FileShareForm onCreated={vi.fn()} />
      </ConfigProvider>,
    );
    const user = userEvent.setup({ applyAccept: false });
    // Over the default 50 MB, within this server's 100 MB.
    await user.upload(input(), file('large.bin', defaultConfig.maxFileBytes + 1));
    expect(screen.queryByText(/smaller than/)).toBeNull();
    const config = { ...defaultConfig, maxFileBytes: 100 * 1024 * 1024 };
    await act(async () => answer(Response.json(config)));
    expect(await screen.findByText('large.bin')).toBeVisible();
    expect(screen.queryByText(/smaller than/)).toBeNull();
  });
});
