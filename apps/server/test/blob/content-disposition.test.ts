import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../src/infra/blob/content-disposition.js';

/**
 * The header's meaning: an attachment, the ASCII `filename` (quoted or a bare token, as the
 * content-disposition package chooses), and the UTF-8 `filename*`, present only when the
 * name is not plain ASCII.
 */
function parse(header: string): { fallback: string; encoded: string | null } {
  const match =
    /^attachment; filename=(?:"([^"\\]*)"|([!#$%&'*+.0-9A-Z^_`a-z|~-]+))(?:; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+))?$/.exec(
      header,
    );
  const fallback = match?.[1] ?? match?.[2];
  if (!fallback) throw new Error(`Malformed header: ${header}`);
  return { fallback, encoded: match?.[3] ?? null };
}

describe('attachmentDisposition', () => {
  it.each([
    ['report.pdf', 'report.pdf', null],
    ['résumé "final".pdf', "resume 'final'.pdf", 'r%C3%A9sum%C3%A9%20%22final%22.pdf'],
    ['日本語.txt', '___.txt', '%E6%97%A5%E6%9C%AC%E8%AA%9E.txt'],
    ['../../etc/passwd', '.._.._etc_passwd', null],
    ['a\\b/c.txt', 'a_b_c.txt', null],
    ['evil\r\nSet-Cookie: x=1.txt', 'evilSet-Cookie: x=1.txt', null],
    ['', 'download', null],
    ['   ', 'download', null],
    ['\u0000\u001f\u007f', 'download', null],
    ["it's (1)*.txt", "it's (1)*.txt", null],
    ['😀.png', '_.png', '%F0%9F%98%80.png'],
    ['photo\u202egnp.exe', 'photognp.exe', null],
    ['50%.txt', '50%.txt', null],
    // Looks percent-encoded, which some clients would decode: the exact name goes in filename*.
    ['a%41.txt', 'a%41.txt', 'a%2541.txt'],
    ['a"b.txt', "a'b.txt", 'a%22b.txt'],
    ['\ud800x.txt', '_x.txt', '%EF%BF%BDx.txt'],
  ])('encodes %j', (name, fallback, encoded) => {
    const header = attachmentDisposition(name);
    expect(parse(header)).toEqual({ fallback, encoded });
    // Header values must be visible ASCII, so Node's setHeader accepts them.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });

  it('round-trips the sanitised name through filename*', () => {
    const { encoded } = parse(attachmentDisposition('Ünïcødé – naïve.tar.gz'));
    expect(decodeURIComponent(encoded!)).toBe('Ünïcødé – naïve.tar.gz');
  });
});
