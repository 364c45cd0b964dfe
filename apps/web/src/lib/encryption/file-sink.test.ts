import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blobSink, openFileSink } from './file-sink';

const meta = { name: 'report.pdf', type: 'application/pdf', size: 3 };
const chunk = (...values: number[]) => new Uint8Array(values);

let clicked: { name: string; href: string }[];
let created: Blob[];
beforeEach(() => {
  clicked = [];
  created = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ name: this.download, href: this.href });
  });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:http://localhost/1';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Node 20 has no ArrayBuffer.prototype.transfer; browsers do. This one detaches like theirs. */
function installTransfer() {
  Object.defineProperty(ArrayBuffer.prototype, 'transfer', {
    configurable: true,
    value(this: ArrayBuffer, length?: number) {
      const moved = structuredClone(this, { transfer: [this] });
      return length === 0 ? new ArrayBuffer(0) : moved;
    },
  });
  return () => delete (ArrayBuffer.prototype as { transfer?: unknown }).transfer;
}

/** A stand-in for Chromium's save picker and its writable file stream (which copies). */
function fakePicker(options: { fail?: DOMException | TypeError } = {}) {
  const log: string[] = [];
  const writes: Uint8Array[] = [];
  const picker = vi.fn(async (opts: { suggestedName?: string }) => {
    log.push(`picked ${opts.suggestedName}`);
    if (options.fail) throw options.fail;
    return {
      createWritable: async () => ({
        write: async (data: Uint8Array) => void writes.push(data.slice()),
        close: async () => void log.push('close'),
        abort: async () => void log.push('abort'),
      }),
      remove: async () => void log.push('remove'),
    };
  });
  vi.stubGlobal('showSaveFilePicker', picker);
  return { picker, log, writes };
}

describe('openFileSink without a save picker', () => {
  it('collects a Blob and saves it under the real name only on commit', async () => {
    const sink = await openFileSink(meta);
    expect(sink).not.toBeNull();
    await sink!.write(chunk(1, 2));
    await sink!.write(chunk(3));
    expect(clicked).toHaveLength(0);
    await sink!.commit();
    expect(clicked).toEqual([{ name: 'report.pdf', href: 'blob:http://localhost/1' }]);
    expect(created[0]!.size).toBe(3);
    expect(created[0]!.type).toBe('application/octet-stream');
  });

  it('saves nothing once discarded', async () => {
    const sink = blobSink(meta);
    await sink.write(chunk(1));
    await sink.discard();
    expect(clicked).toHaveLength(0);
    expect(created).toHaveLength(0);
  });

  it('keeps every byte when it folds many parts into Blobs', async () => {
    const sink = blobSink(meta);
    for (let i = 0; i < 40; i++) await sink.write(chunk(i));
    await sink.commit();
    expect(created[0]!.size).toBe(40);
  });

  it('frees folded parts at once and still saves every byte', async () => {
    const removeTransfer = installTransfer();
    try {
      const sink = blobSink(meta);
      const chunks = Array.from({ length: 40 }, (_, i) => chunk(i, i));
      for (const part of chunks) await sink.write(part);
      expect(chunks[0]!.length).toBe(0); // folded, freed
      expect(chunks[39]!.length).toBe(2); // not yet folded
      await sink.commit();
      expect(chunks[39]!.length).toBe(0);
      // jsdom's Blob has no arrayBuffer(); its FileReader reads it.
      const reader = new FileReader();
      const read = new Promise((resolve) => (reader.onload = resolve));
      reader.readAsArrayBuffer(created[0]!);
      await read;
      const saved = new Uint8Array(reader.result as ArrayBuffer);
      expect([...saved]).toEqual(Array.from({ length: 40 }, (_, i) => [i, i]).flat());
    } finally {
      removeTransfer();
    }
  });
});

describe('openFileSink with a save picker', () => {
  it('suggests the real name and writes straight to the file', async () => {
    const { log, writes } = fakePicker();
    const sink = await openFileSink(meta);
    await sink!.write(chunk(1, 2, 3));
    await sink!.commit();
    expect(log).toEqual(['picked report.pdf', 'close']);
    expect(writes).toEqual([chunk(1, 2, 3)]);
    expect(clicked).toHaveLength(0);
  });

  it('frees each chunk once the file has it', async () => {
    const removeTransfer = installTransfer();
    try {
      const { writes } = fakePicker();
      const sink = await openFileSink(meta);
      const written = chunk(4, 5, 6);
      await sink!.write(written);
      expect(written.length).toBe(0);
      expect(writes).toEqual([chunk(4, 5, 6)]);
    } finally {
      removeTransfer();
    }
  });

  it('aborts the write and removes the file on discard', async () => {
    const { log } = fakePicker();
    const sink = await openFileSink(meta);
    await sink!.write(chunk(1));
    await sink!.discard();
    expect(log).toEqual(['picked report.pdf', 'abort', 'remove']);
  });

  it('is null when the visitor cancels the picker', async () => {
    fakePicker({ fail: new DOMException('The user aborted a request.', 'AbortError') });
    expect(await openFileSink(meta)).toBeNull();
  });

  it('falls back to a Blob when the picker refuses for another reason', async () => {
    fakePicker({ fail: new DOMException('Must be handling a user gesture', 'SecurityError') });
    const sink = await openFileSink(meta);
    await sink!.write(chunk(9));
    await sink!.commit();
    expect(clicked).toEqual([{ name: 'report.pdf', href: 'blob:http://localhost/1' }]);
  });
});
