import type { Submission } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { mergeSubmissions, newSubmissions } from './submission-merge';

const listed = (id: string): Submission => ({
  id,
  createdAt: '2026-01-01T10:00:00.000Z',
  header: {
    v: 1,
    alg: 'AES-256-GCM',
    kex: { name: 'X25519', epk: 'AAAA' },
    iv: 'AAAAAAAAAAAAAAAA',
    ciphertext: 'AAAAAAAAAAAAAAAAAAAAAA==',
  },
  storedBytes: 0,
  hasFile: false,
});

describe('a poll of the submissions', () => {
  it('opens only those not yet on the page', () => {
    const current = [{ id: 'a' }, { id: 'b' }];
    expect(newSubmissions(current, [listed('a'), listed('b'), listed('c')])).toEqual([listed('c')]);
  });

  it("keeps the opened ones, adds the new, in the server's order", () => {
    const a = { id: 'a', opened: 1 };
    const b = { id: 'b', opened: 2 };
    const c = { id: 'c', opened: 3 };
    expect(mergeSubmissions([a, b], [listed('a'), listed('b'), listed('c')], [c])).toEqual([
      a,
      b,
      c,
    ]);
  });

  it('drops a submission the server no longer lists (deleted elsewhere)', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect(mergeSubmissions([a, b], [listed('b')], [])).toEqual([b]);
  });
});
