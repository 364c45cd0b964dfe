import type { ShareView } from '@codedrop/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareViewer } from './share-viewer';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const text = Uint8Array.from(new TextEncoder().encode('<b>plain words</b>'));
const bodies = [png, Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]), text];

const view = (files: { name: string; size: number; type?: string }[]): ShareView => ({
  code: '4821',
  type: 'file',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2999-01-16T10:00:00.000Z',
  isEncrypted: false,
  burnAfterReading: false,
  files,
  downloadCount: 0,
  maxDownloads: 4,
});

const three = view([
  { name: 'photo.png', size: png.length, type: 'image/png' },
  { name: 'report.pdf', size: 6, type: 'application/pdf' },
  { name: 'notes.txt', size: text.length, type: 'text/plain' },
]);

/** One grant of URLs /api/blobs/f{i}, each serving bodies[i]. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/downloads')) {
        const downloadUrls = bodies.map((_, i) => ({ name: `f${i}`, url: `/api/blobs/f${i}` }));
        return new Response(
          JSON.stringify({
            downloadUrls,
            downloadCount: 1,
            maxDownloads: 4,
            expiresInSeconds: 300,
          }),
        );
      }
      return new Response(bodies[Number(url.slice(-1))]!.slice());
    }),
  );
  return calls;
}

const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob.type);
    return `blob:http://localhost/${created.length}`;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ShareViewer of a file share', () => {
  it('shows a single file exactly as before: a card, Download File, no list and no ZIP', () => {
    render(
      <ShareViewer
        share={view([{ name: 'big.bin', size: 2048, type: 'application/octet-stream' }])}
        onExit={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Shared File' })).toBeVisible();
    expect(screen.getByText('big.bin')).toBeVisible();
    expect(screen.getByText('0 of 4')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download File' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Preview|Download all/ })).toBeNull();
    expect(
      screen.getByText(/The file is deleted after 4 downloads or when the share expires/),
    ).toBeVisible();
  });

  it('offers a Preview beside a single file the page can show', () => {
    render(
      <ShareViewer
        share={view([{ name: 'cat.png', size: 12, type: 'image/png' }])}
        onExit={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Preview cat.png' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download File' })).toBeVisible();
  });

  it('lists several files with their icons, sizes, Download and Preview, and a ZIP of all', () => {
    render(<ShareViewer share={three} onExit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Shared Files' })).toBeVisible();
    // The size sits in a <bdi> of its own (right-to-left pages), so the paragraph is matched.
    const summary = (_: string, node: Element | null) =>
      node?.tagName === 'P' && node.textContent === '3 files, 36 Bytes in total';
    expect(screen.getByText(summary)).toBeVisible();
    const rows = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('photo.png')).toBeVisible();
    expect(within(rows[0]!).getByText('12 Bytes')).toBeVisible();
    for (const name of ['photo.png', 'report.pdf', 'notes.txt']) {
      expect(screen.getByRole('button', { name: `Download ${name}` })).toBeEnabled();
      expect(screen.getByRole('button', { name: `Preview ${name}` })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    expect(screen.getByRole('button', { name: 'Download all (.zip)' })).toBeEnabled();
    expect(screen.getByText('0 of 4')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download File' })).toBeNull();
  });

  it('previews an image from a blob: URL of the sniffed type, and frees it on close', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<ShareViewer share={three} onExit={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Preview photo.png' });
    await user.click(trigger);
    const panel = screen.getByRole('region', { name: 'Preview of photo.png' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    const close = within(panel).getByRole('button', { name: 'Close preview' });
    expect(close).toHaveFocus();
    const image = await within(panel).findByRole('img', { name: 'Preview of photo.png' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(created).toEqual(['image/png']);
    await user.click(close);
    expect(screen.queryByRole('region', { name: 'Preview of photo.png' })).toBeNull();
    expect(revoked).toEqual([image.getAttribute('src')]);
    expect(trigger).toHaveFocus();
    expect(await screen.findByText('1 of 4')).toBeVisible();
    expect(calls).toEqual(['/api/shares/4821/downloads', '/api/blobs/f0']);
  });

  it('shows text as text, a PDF without a frame, and closes a preview with Escape', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<ShareViewer share={three} onExit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Preview notes.txt' }));
    const pre = await screen.findByLabelText('Text of notes.txt');
    expect(pre.tagName).toBe('PRE');
    expect(pre).toHaveTextContent('<b>plain words</b>');
    expect(pre.querySelector('b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview report.pdf' }));
    const panel = screen.getByRole('region', { name: 'Preview of report.pdf' });
    // Painted by pdf.js into a canvas (e2e/preview-isolation.spec.ts), never the browser's
    // own viewer in a frame, and from no address of the file; jsdom cannot run pdf.js.
    await within(panel).findByText(
      'This file cannot be shown in this browser. Download it to open it.',
    );
    expect(panel.querySelector('iframe, object, embed')).toBeNull();
    expect(created).not.toContain('application/pdf');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Preview of report.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview report.pdf' })).toHaveFocus();
    // Both previews came from the one grant.
    expect(calls.filter((url) => url.endsWith('/downloads'))).toHaveLength(1);
  });
});
