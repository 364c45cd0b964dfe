import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** A 1×1 PNG (70 bytes). */
export const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** The PNG, padded after its end marker to exactly `size` bytes (viewers ignore the rest). */
function png(size: number): Buffer {
  const image = Buffer.from(pngBase64, 'base64');
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}
/** `text`, padded with spaces to exactly `size` bytes. */
function padded(text: string, size: number): Buffer {
  return Buffer.concat([Buffer.from(text), Buffer.alloc(size - text.length, ' ')]);
}

/** A PNG, a PDF and a text file: 1 KB + 2 KB + 1.5 KB = 4.5 KB. */
export const three = [
  { name: 'chart.png', mimeType: 'image/png', buffer: png(1024) },
  { name: 'report.pdf', mimeType: 'application/pdf', buffer: padded('%PDF-1.4\n%%EOF\n', 2048) },
  { name: 'notes.txt', mimeType: 'text/plain', buffer: padded('Meeting notes\n', 1536) },
];

/**
 * The three files on disk, as a visitor picks them: files from buffers get a new
 * modification time on every pick, so only real files can be picked "again".
 */
export async function threeOnDisk(): Promise<{ paths: string[]; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-e2e-multi-'));
  const paths = await Promise.all(
    three.map(async ({ name, buffer }) => {
      await writeFile(join(dir, name), buffer);
      return join(dir, name);
    }),
  );
  return { paths, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Pastes `files` (made in the page from base64) as a browser's paste event would carry them. */
export async function pasteFiles(
  page: Page,
  files: { name: string; type: string; base64: string }[],
) {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const { name, type, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], name, { type }));
    }
    const event = new ClipboardEvent('paste', {
      clipboardData: data,
      bubbles: true,
      cancelable: true,
    });
    (document.activeElement ?? document.body).dispatchEvent(event);
  }, files);
}
