import type { CreateFileResponse } from '@codedrop/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CreatedFile } from './created-file';
import { FileResult, sharedFiles } from './file-result';

vi.mock('qrcode', () => ({ default: { toDataURL: () => new Promise(() => undefined) } }));

const share: CreateFileResponse = {
  code: '4821',
  type: 'file',
  createdAt: '2026-11-22T15:30:00.000Z',
  expiresAt: '2026-11-23T15:30:00.000Z',
  deleteToken: 'tok',
  maxDownloads: 3,
  files: [
    { name: 'report.pdf', size: 1024, type: 'application/pdf' },
    { name: 'chart.png', size: 2048, type: 'image/png' },
  ],
};
const picked = [
  { name: 'report.pdf', size: 1024 },
  { name: 'chart.png', size: 2048 },
];
const plain: CreatedFile = { share, expiresInSeconds: 86_400, picked, encryption: null };

describe('sharedFiles', () => {
  it("shows a plain share's files as the server stored them", () => {
    const stored = {
      ...share,
      files: [
        { name: 'report.pdf', size: 1024 },
        { name: 'chart (cleaned).png', size: 2048 },
      ],
    };
    expect(sharedFiles({ ...plain, share: stored })).toEqual([
      { name: 'report.pdf', size: 1024 },
      { name: 'chart (cleaned).png', size: 2048 },
    ]);
  });

  it("shows an encrypted share's files as picked: the answer has only ciphertext sizes", () => {
    const sealed = { ...share, files: [{ size: 1068 }, { size: 2092 }] };
    expect(sharedFiles({ ...plain, share: sealed, encryption: {} })).toEqual(picked);
  });

  it("shows one plain file by the server's name and size, not the picked ones", () => {
    const one = {
      ...share,
      files: [{ name: 'report (1).pdf', size: 1000, type: 'application/pdf' }],
    };
    expect(sharedFiles({ ...plain, share: one, picked: [picked[0]!] })).toEqual([
      { name: 'report (1).pdf', size: 1000 },
    ]);
  });
});

describe('FileResult', () => {
  it('lists every file shared, the total and the limits', () => {
    render(<FileResult created={plain} onReset={() => undefined} />);
    const details = screen.getByText('Auto-delete').closest('dl')!;
    const rows = within(details)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['report.pdf1 KB', 'chart.png2 KB']);
    expect(details).toHaveTextContent('2 files · 3 KB');
    expect(details).toHaveTextContent('After 24 hours or after 3 downloads');
    expect(screen.getByRole('button', { name: 'Upload More Files' })).toBeVisible();
  });

  it('shows one file by name and size, as it always did', () => {
    const one = { ...share, files: [share.files[0]!] };
    render(
      <FileResult
        created={{ ...plain, share: one, picked: [picked[0]!] }}
        onReset={() => undefined}
      />,
    );
    const details = screen.getByText('Auto-delete').closest('dl')!;
    expect(within(details).queryByRole('list')).toBeNull();
    expect(details).toHaveTextContent('Namereport.pdfSize1 KB');
    expect(screen.getByRole('button', { name: 'Upload Another File' })).toBeVisible();
  });
});
