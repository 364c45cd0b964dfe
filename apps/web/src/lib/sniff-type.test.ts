// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPreviewableText, isSvg, maxTextPreviewBytes, sniffMedia } from './sniff-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part,
    ),
  );
const utf8 = (text: string) => new TextEncoder().encode(text);
const size4 = [0, 0, 0, 0x20];

describe('sniffMedia', () => {
  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image', 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image', 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image', 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0]), 'image', 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp'],
    ['AVIF', bytes(size4, 'ftypavif', [0, 0, 0, 0]), 'image', 'image/avif'],
    ['AVIF sequence', bytes(size4, 'ftypavis'), 'image', 'image/avif'],
    ['PDF', bytes('%PDF-1.7\n'), 'pdf', 'application/pdf'],
    ['MP4', bytes(size4, 'ftypisom', [0, 0, 2, 0]), 'video', 'video/mp4'],
    ['MP4 (mp42)', bytes(size4, 'ftypmp42'), 'video', 'video/mp4'],
    ['QuickTime', bytes(size4, 'ftypqt  '), 'video', 'video/quicktime'],
    ['3GP', bytes(size4, 'ftyp3gp5'), 'video', 'video/3gpp'],
    ['M4A', bytes(size4, 'ftypM4A '), 'audio', 'audio/mp4'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86]), 'video', 'video/webm'],
    ['Ogg Vorbis', bytes('OggS', [0, 2], '\u0001vorbis'), 'audio', 'audio/ogg'],
    ['Ogg Theora', bytes('OggS', [0, 2, 0, 0, 0, 0], '\u0080theora'), 'video', 'video/ogg'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio', 'audio/wav'],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0]), 'audio', 'audio/mpeg'],
    ['MP3 frame (MPEG-1 layer III)', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio', 'audio/mpeg'],
    ['MP3 frame (MPEG-2.5)', bytes([0xff, 0xe3, 0x18, 0xc4]), 'audio', 'audio/mpeg'],
    ['AAC (ADTS)', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio', 'audio/aac'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 0x22]), 'audio', 'audio/flac'],
  ])('knows %s', (_name, head, kind, mime) => {
    expect(sniffMedia(head)).toEqual({ kind, mime });
  });

  it.each([
    ['plain text', utf8('hello, world')],
    ['HTML', utf8('<!doctype html><html><body>hi</body></html>')],
    ['an empty file', new Uint8Array(0)],
    ['a ZIP archive', bytes('PK', [3, 4, 20, 0])],
    ['an AVI video (RIFF, not WebP or WAV)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['a HEIC photo', bytes(size4, 'ftypheic')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e])],
    ['a truncated ftyp box', bytes(size4, 'ftyp')],
    ['an MPEG frame with a reserved bitrate', bytes([0xff, 0xfb, 0xf0, 0x00])],
    ['an MPEG frame with a reserved sample rate', bytes([0xff, 0xfb, 0x9c, 0x00])],
    ['random bytes', bytes([0x13, 0x37, 0x00, 0xfe, 0x01])],
  ])('does not take %s for media', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });

  it('decides by the bytes, whatever a name or type would claim', () => {
    // An HTML page uploaded as "photo.png" is no image; a PNG called "notes.txt" is one.
    expect(sniffMedia(utf8('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffMedia(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe('image/png');
  });

  it('treats an SVG document as an image of type image/svg+xml', () => {
    expect(sniffMedia(utf8('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      kind: 'image',
      mime: 'image/svg+xml',
    });
  });
});

describe('isSvg', () => {
  it.each([
    ['a bare root', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['a root closed at once', '<svg/>'],
    ['a root on its own line', '<svg\n  width="10">'],
    ['a byte-order mark and whitespace', '\ufeff \n\t<svg>'],
    ['an XML declaration', '<?xml version="1.0" encoding="UTF-8"?>\n<svg>'],
    ['a stylesheet instruction', '<?xml version="1.0"?><?xml-stylesheet href="a.css"?><svg>'],
    ['comments', '<!-- made by hand --> <!-- twice --><svg>'],
    [
      'a doctype',
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg>',
    ],
    ['a doctype with an internal subset', '<!DOCTYPE svg [ <!ENTITY a "<b>"> ]><svg>'],
  ])('finds the root after %s', (_name, text) => {
    expect(isSvg(utf8(text))).toBe(true);
  });

  it.each([
    ['HTML with an inline SVG', '<html><body><svg></svg></body></html>'],
    ['text mentioning <svg> later', 'Use the <svg> element.'],
    ['an element whose name only starts with svg', '<svgfoo>'],
    ['an unclosed comment', '<!-- <svg>'],
    ['an unclosed declaration', '<?xml version="1.0"'],
    ['an unclosed doctype', '<!DOCTYPE svg'],
    ['XML with another root', '<?xml version="1.0"?><note><svg/></note>'],
    ['empty input', ''],
  ])('refuses %s', (_name, text) => {
    expect(isSvg(utf8(text))).toBe(false);
  });

  it('looks only at the head of the file', () => {
    const longComment = `<!--${'x'.repeat(9000)}--><svg>`;
    expect(isSvg(utf8(longComment))).toBe(false);
  });
});

describe('isPreviewableText', () => {
  it('accepts UTF-8 text in any script, with a byte-order mark or not', () => {
    expect(isPreviewableText(utf8('plain ASCII\nlines\n'))).toBe(true);
    expect(isPreviewableText(utf8('Grüße, 你好, 👋'))).toBe(true);
    expect(isPreviewableText(utf8('\ufeffwith a BOM'))).toBe(true);
    expect(isPreviewableText(utf8('<p>HTML is shown as its source</p>'))).toBe(true);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(isPreviewableText(bytes([0x63, 0x61, 0x66, 0xe9]))).toBe(false); // Latin-1 "café"
    expect(isPreviewableText(bytes([0xe2, 0x82]))).toBe(false); // a cut sequence
    expect(isPreviewableText(bytes([0xff, 0xfe, 0x68, 0x00]))).toBe(false); // UTF-16
  });

  it('refuses NUL bytes, though UTF-8 allows them', () => {
    expect(isPreviewableText(bytes('abc', [0], 'def'))).toBe(false);
  });

  it('refuses empty files and anything over 1 MiB', () => {
    expect(isPreviewableText(new Uint8Array(0))).toBe(false);
    expect(isPreviewableText(new Uint8Array(maxTextPreviewBytes).fill(0x61))).toBe(true);
    expect(isPreviewableText(new Uint8Array(maxTextPreviewBytes + 1).fill(0x61))).toBe(false);
  });
});
