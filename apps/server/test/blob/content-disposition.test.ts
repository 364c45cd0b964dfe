import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../src/domain/content-disposition.js';

function parse(header: string): { fallback: string; encoded: string } {
  const match =
    /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
      header,
    );
  if (!match?.[1] || !match[2]) throw new Error(`Malformed header: ${header}`);
  return { fallback: match[1], encoded: match[2] };
}

describe('attachmentDisposition', () => {
  it.each([
    ['report.pdf', 'report.pdf', 'report.pdf'],
    ['résumé "final".pdf', "resume 'final'.pdf", 'r%C3%A9sum%C3%A9%20%22final%22.pdf'],
    ['日本語.txt', '___.txt', '%E6%97%A5%E6%9C%AC%E8%AA%9E.txt'],
    ['../../etc/passwd', '.._.._etc_passwd', '.._.._etc_passwd'],
    ['a\\b/c.txt', 'a_b_c.txt', 'a_b_c.txt'],
    ['evil\r\nSet-Cookie: x=1.txt', 'evilSet-Cookie: x=1.txt', 'evilSet-Cookie%3A%20x%3D1.txt'],
    ['', 'download', 'download'],
    ['   ', 'download', 'download'],
    ['\u0000\u001f\u007f', 'download', 'download'],
    ["it's (1)*.txt", "it's (1)*.txt", 'it%27s%20%281%29%2A.txt'],
    ['😀.png', '_.png', '%F0%9F%98%80.png'],
    ['photo\u202egnp.exe', 'photognp.exe', 'photognp.exe'],
    ['50%.txt', '50%.txt', '50%25.txt'],
    ['\ud800x.txt', '_x.txt', '%EF%BF%BDx.txt'],
  ])('encodes %j', (name, fallback, encoded) => {
    const header = attachmentDisposition(name);
    expect(parse(header)).toEqual({ fallback, encoded });
    // Header values must be visible ASCII, so Node's setHeader accepts them.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });

  it('round-trips the sanitised name through filename*', () => {
    const { encoded } = parse(attachmentDisposition('Ünïcødé – naïve.tar.gz'));
    expect(decodeURIComponent(encoded)).toBe('Ünïcødé – naïve.tar.gz');
  });
});
