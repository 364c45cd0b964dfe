// @vitest-environment node
import { DecryptionError } from '@codedrop/crypto';
import { describe, expect, it, vi } from 'vitest';
import { readZip } from '../../e2e/support/read-zip';
import type { ApiResult } from './api/result';
import type { FileSink } from './encryption/file-sink';
import { writeZip, type ZipEntrySource } from './zip-writer';

function recordingSink() {
  const chunks: Uint8Array[] = [];
  const log: string[] = [];
  const sink: FileSink = {
    write: async (chunk) => void chunks.push(chunk.slice()),
    commit: async () => void log.push('commit'),
    discard: async () => void log.push('discard'),
  };
  return { sink, log, zip: () => Buffer.concat(chunks) };
}

function streamOf(bytes: Uint8Array, fail?: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, 4));
      controller.enqueue(bytes.slice(4));
      if (fail) controller.error(fail);
      else controller.close();
    },
  });
}

const text = (value: string) => new TextEncoder().encode(value);

function entry(
  name: string,
  bytes: Uint8Array,
  fail?: Error,
): ZipEntrySource & { opened: () => number } {
  let opened = 0;
  return {
    name,
    size: bytes.length,
    open: async (): Promise<ApiResult<ReadableStream<Uint8Array>>> => {
      opened++;
      return { ok: true, data: streamOf(bytes, fail) };
    },
    opened: () => opened,
  };
}

describe('writeZip', () => {
  it('streams every file into one ZIP, in order, under deduplicated names', async () => {
    const { sink, log, zip } = recordingSink();
    const progress = vi.fn();
    const files = [
      entry('a.txt', text('first file')),
      entry('photo.png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
      entry('a.txt', text('second a')),
    ];
    expect(await writeZip(files, sink, progress)).toEqual({ ok: true });
    expect(log).toEqual(['commit']);
    const entries = readZip(zip());
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'photo.png', 'a (2).txt']);
    expect(entries.map((e) => Array.from(e.bytes))).toEqual(
      [text('first file'), [0x89, 0x50, 0x4e, 0x47, 1, 2, 3], text('second a')].map((b) =>
        Array.from(b),
      ),
    );
    const total = 10 + 7 + 8;
    expect(progress).toHaveBeenNthCalledWith(1, 0, total);
    expect(progress).toHaveBeenLastCalledWith(total, total);
  });

  it('opens each file only when the archive reaches it', async () => {
    const { sink } = recordingSink();
    const first = entry('1.txt', text('one'));
    const second = entry('2.txt', text('two'));
    const openSecond = second.open;
    second.open = async () => {
      // The first file has been read whole before the second is asked for.
      expect(first.opened()).toBe(1);
      return openSecond();
    };
    await writeZip([first, second], sink);
    expect(second.opened()).toBe(1);
  });

  it('discards everything and says why when a file cannot be fetched', async () => {
    const { sink, log } = recordingSink();
    const refused: ZipEntrySource = {
      name: 'b.txt',
      size: 3,
      open: async () => ({
        ok: false,
        problem: { code: 'DOWNLOAD_LIMIT_REACHED', status: 410, title: 't', detail: 'd' },
      }),
    };
    const result = await writeZip([entry('a.txt', text('aaa')), refused], sink);
    expect(result).toMatchObject({ ok: false, reason: 'problem', problem: { status: 410 } });
    expect(log).toEqual(['discard']);
  });

  it('keeps nothing when an encrypted file does not authenticate', async () => {
    const { sink, log } = recordingSink();
    const broken = entry(
      'b.bin',
      text('segment'),
      new DecryptionError('authentication', 'bad tag'),
    );
    expect(await writeZip([broken], sink)).toEqual({ ok: false, reason: 'corrupt' });
    expect(log).toEqual(['discard']);
  });

  it('turns a broken connection into a problem', async () => {
    const { sink, log } = recordingSink();
    const cut = entry('b.bin', text('partial'), new TypeError('network error'));
    expect(await writeZip([cut], sink)).toMatchObject({
      ok: false,
      reason: 'problem',
      problem: { code: 'NETWORK_ERROR' },
    });
    expect(log).toEqual(['discard']);
  });
});
