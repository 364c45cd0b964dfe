// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readPreview } from './file-preview';

/** A stream that delivers `bytes` in chunks of `size`, as a network body would. */
function streamOf(bytes: Uint8Array, size = 3): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readPreview', () => {
  it('types the Blob of an image by its bytes, across chunk boundaries', async () => {
    const preview = await readPreview(streamOf(png));
    expect(preview).toMatchObject({ kind: 'image', mime: 'image/png' });
    if (preview?.kind !== 'image') return;
    expect(preview.blob.type).toBe('image/png');
    expect(new Uint8Array(await preview.blob.arrayBuffer())).toEqual(png);
  });

  it('shows a PDF as a PDF', async () => {
    const preview = await readPreview(streamOf(utf8('%PDF-1.4\n%âãÏÓ\n1 0 obj')));
    expect(preview).toMatchObject({ kind: 'pdf', mime: 'application/pdf' });
  });

  it('gives UTF-8 text back as a string, HTML included (it is shown as text)', async () => {
    const text = '<b>not bold</b>\nGrüße 👋\n';
    expect(await readPreview(streamOf(utf8(text), 5))).toEqual({ kind: 'text', text });
  });

  it('shows an SVG only as an image', async () => {
    const svg = utf8(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>',
    );
    expect(await readPreview(streamOf(svg))).toMatchObject({
      kind: 'image',
      mime: 'image/svg+xml',
    });
  });

  it('shows nothing for bytes that are neither media nor text', async () => {
    expect(await readPreview(streamOf(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0])))).toBeNull();
    expect(await readPreview(streamOf(Uint8Array.from([0x61, 0, 0x62])))).toBeNull();
    expect(await readPreview(streamOf(new Uint8Array(0)))).toBeNull();
  });

  it('does not decode text over 1 MiB', async () => {
    const big = new Uint8Array(1024 * 1024 + 1).fill(0x61);
    expect(await readPreview(streamOf(big, 65_536))).toBeNull();
  });

  it('rejects when the stream fails, so nothing partial is shown', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(png);
        controller.error(new Error('cut off'));
      },
    });
    await expect(readPreview(failing)).rejects.toThrow('cut off');
  });
});
