import { describe, expect, it } from 'vitest';
import { formatBytes, formatBytesCompact } from '../src/format-bytes.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [10.256 * 1024 * 1024, '10.26 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [1024 ** 3, '1 GB'],
    [2.5 * 1024 ** 4, '2560 GB'],
  ])('%d bytes reads %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('treats nonsense as nothing', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });

  it('has a compact form for sentences', () => {
    expect(formatBytesCompact(52_428_800)).toBe('50MB');
  });
});
