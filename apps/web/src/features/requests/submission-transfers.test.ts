// @vitest-environment node
import { encryptBlob, generateRequestKeyPair, sealSubmission } from '@codedrop/crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileSink } from '../../lib/encryption/file-sink';
import type { OpenedSubmission } from './listed-submission';
import { storedRanges } from './submission-files';
import { saveSubmissionFile, saveSubmissionsZip } from './submission-transfers';

// The asker's downloads stream: each file is fetched by its range of the stored blob and
// decrypted segment by segment into a sink, which keeps it only once it authenticated.

/** A sink that records what reached it, and whether it was kept. */
function recordingSink() {
  const chunks: Uint8Array[] = [];
  const state = { committed: false, discarded: false, chunks };
  const sink: FileSink = {
    write: async (chunk) => void chunks.push(chunk.slice()),
    commit: async () => void (state.committed = true),
    discard: async () => void (state.discarded = true),
  };
  return { sink, state, bytes: () => Buffer.concat(chunks) };
}

/** A submission of these files, sealed and encrypted as a sender's browser does. */
async function storedSubmission(contents: Uint8Array<ArrayBuffer>[]) {
  const keys = await generateRequestKeyPair('P-256');
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const publicKey = { curve: 'P-256', key: Buffer.from(raw).toString('base64') };
  const files = contents.map((bytes, i) => ({ name: `f${i}.bin`, type: '', size: bytes.length }));
  const sealed = await sealSubmission(publicKey, { files });
  const streams = await Promise.all(
    contents.map((bytes) => encryptBlob(new Blob([bytes]), sealed.encKey)),
  );
  const stored = new Uint8Array(await new Blob(streams).arrayBuffer());
  const ranges = storedRanges(files);
  const submission: OpenedSubmission = {
    id: 'sub1',
    createdAt: new Date().toISOString(),
    files: files.map((file, i) => ({ ...file, range: ranges[i]! })),
    encKey: sealed.encKey,
  };
  return { submission, stored };
}

/** Serves `stored` as the server does: the asked range with 206. */
function serve(stored: Uint8Array) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range')!;
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(range)!.map(Number);
    return new Response(stored.slice(start, end! + 1), { status: 206 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const source = { code: '4821', key: { privateKey: {} as CryptoKey, pickupToken: 'token' } };

afterEach(() => vi.unstubAllGlobals());

describe('saving a submission file', () => {
  it('fetches only its range and writes its plaintext into the sink, then keeps it', async () => {
    const contents = [new Uint8Array(70_000).fill(1), new Uint8Array(1_300_000).fill(7)];
    const { submission, stored } = await storedSubmission(contents);
    const fetch = serve(stored);
    const { sink, state, bytes } = recordingSink();
    const result = await saveSubmissionFile(source, submission, 1, Promise.resolve(sink));
    expect(result).toEqual({ ok: true });
    expect(state.committed).toBe(true);
    expect(bytes().equals(Buffer.from(contents[1]!))).toBe(true);
    // Segment by segment, not one write of the whole file.
    expect(state.chunks.length).toBeGreaterThan(1);
    const range = new Headers(fetch.mock.calls[0]![1]?.headers).get('range');
    const { start, end } = submission.files[1]!.range;
    expect(range).toBe(`bytes=${start}-${end - 1}`);
  });

  it('discards the sink and says corrupt when the bytes were altered', async () => {
    const { submission, stored } = await storedSubmission([new Uint8Array(5_000).fill(3)]);
    stored[stored.length - 20]! ^= 0xff;
    serve(stored);
    const { sink, state } = recordingSink();
    const result = await saveSubmissionFile(source, submission, 0, Promise.resolve(sink));
    expect(result).toEqual({ ok: false, reason: 'corrupt' });
    expect(state).toMatchObject({ committed: false, discarded: true });
  });

  it('does nothing when the save picker was cancelled', async () => {
    const { submission, stored } = await storedSubmission([new Uint8Array(10)]);
    const fetch = serve(stored);
    const result = await saveSubmissionFile(source, submission, 0, Promise.resolve(null));
    expect(result).toEqual({ ok: false, reason: 'cancelled' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails the whole archive as corrupt when one file does not authenticate', async () => {
    const { submission, stored } = await storedSubmission([
      new Uint8Array(3_000).fill(1),
      new Uint8Array(3_000).fill(2),
    ]);
    stored[submission.files[1]!.range.start + 40]! ^= 0x01;
    serve(stored);
    const { sink, state } = recordingSink();
    const result = await saveSubmissionsZip(source, [submission], sink);
    expect(result).toEqual({ ok: false, reason: 'corrupt' });
    expect(state.committed).toBe(false);
  });
});
