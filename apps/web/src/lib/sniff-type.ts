/**
 * What a file's bytes are, for a preview in the page. The uploader's declared type is a claim
 * anyone can make ("image/png" on an HTML page); the bytes are not, so a preview is shown as
 * what the bytes say, or not at all.
 */

export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video' | 'text';

/** A media kind: shown from a blob: URL of the sniffed type (text is shown as a string). */
export type MediaKind = Exclude<PreviewKind, 'text'>;

export interface SniffedMedia {
  kind: MediaKind;
  /** The type the blob: URL is made with: always one the sniffing established. */
  mime: string;
}

/** Bytes of a file's start that {@link sniffMedia} looks at (SVG may open with long comments). */
export const sniffHeadBytes = 8192;

/** Largest text shown in a preview; larger text is not decoded at all. */
export const maxTextPreviewBytes = 1024 * 1024;

const media = (kind: MediaKind, mime: string): SniffedMedia => ({ kind, mime });

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[] | string): boolean {
  const codes =
    typeof expected === 'string' ? Array.from(expected, (c) => c.charCodeAt(0)) : expected;
  if (bytes.length < at + codes.length) return false;
  return codes.every((code, i) => bytes[at + i] === code);
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const matroskaSignature = [0x1a, 0x45, 0xdf, 0xa3];

/** ISO base media ("....ftyp" + brand): AVIF images, MP4 audio, else MP4-family video. */
function isoMedia(bytes: Uint8Array): SniffedMedia | null {
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === 'avif' || brand === 'avis') return media('image', 'image/avif');
  // HEIF stills: Chromium cannot show them, and a <video> of one would only show an error.
  if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return null;
  if (/^M4[ABP] $/.test(brand)) return media('audio', 'audio/mp4');
  if (brand === 'qt  ') return media('video', 'video/quicktime');
  if (brand.startsWith('3g')) return media('video', 'video/3gpp');
  return media('video', 'video/mp4');
}

/**
 * An MPEG audio frame header (FF Ex/Fx): layer 0 is AAC in ADTS framing, the other layers
 * MP3 and its kin, whose bitrate and rate indexes must not be the reserved values.
 */
function mpegAudio(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 3 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return null;
  const layer = (bytes[1]! >> 1) & 0b11;
  if (layer === 0) return media('audio', 'audio/aac');
  const bitrateIndex = bytes[2]! >> 4;
  const rateIndex = (bytes[2]! >> 2) & 0b11;
  return bitrateIndex === 0xf || rateIndex === 0b11 ? null : media('audio', 'audio/mpeg');
}

function binaryMedia(head: Uint8Array): SniffedMedia | null {
  if (startsWith(head, 0, pngSignature)) return media('image', 'image/png');
  if (startsWith(head, 0, [0xff, 0xd8, 0xff])) return media('image', 'image/jpeg');
  if (startsWith(head, 0, 'GIF87a') || startsWith(head, 0, 'GIF89a')) {
    return media('image', 'image/gif');
  }
  if (startsWith(head, 0, 'RIFF')) {
    if (startsWith(head, 8, 'WEBP')) return media('image', 'image/webp');
    if (startsWith(head, 8, 'WAVE')) return media('audio', 'audio/wav');
    return null;
  }
  if (startsWith(head, 4, 'ftyp') && head.length >= 12) return isoMedia(head);
  if (startsWith(head, 0, '%PDF-')) return media('pdf', 'application/pdf');
  if (startsWith(head, 0, matroskaSignature)) return media('video', 'video/webm');
  if (startsWith(head, 0, 'OggS')) {
    // The first page names the codec: Theora is video, everything else (Vorbis, Opus) audio.
    const firstPage = String.fromCharCode(...head.subarray(0, 64));
    return firstPage.includes('theora') ? media('video', 'video/ogg') : media('audio', 'audio/ogg');
  }
  if (startsWith(head, 0, 'fLaC')) return media('audio', 'audio/flac');
  if (startsWith(head, 0, 'ID3')) return media('audio', 'audio/mpeg');
  return mpegAudio(head);
}

/** Index after the first `end` from `from`, or -1 when the head holds none. */
function after(text: string, from: number, end: string): number {
  const at = text.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
}

/**
 * An SVG document: after an optional BOM, whitespace, XML declaration, comments and
 * doctype, the first element is `<svg`. Only ever shown as an <img>, where its scripts
 * never run.
 */
export function isSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(head.subarray(0, sniffHeadBytes));
  let at = text.startsWith('\ufeff') ? 1 : 0;
  while (at >= 0 && at < text.length) {
    while (/\s/.test(text.charAt(at))) at++;
    // The XML declaration and other processing instructions (<?xml-stylesheet …?>).
    if (text.startsWith('<?', at)) at = after(text, at, '?>');
    else if (text.startsWith('<!--', at)) at = after(text, at + 4, '-->');
    else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      const close = text.indexOf('>', at);
      if (close < 0) return false;
      // An internal subset ([ … ]) may hold '>' of its own.
      const subset = text.indexOf('[', at);
      if (subset < 0 || subset > close) at = close + 1;
      else {
        const subsetEnd = text.indexOf(']', subset);
        at = subsetEnd < 0 ? -1 : after(text, subsetEnd, '>');
      }
    } else return /^<svg[\s>/]/.test(text.slice(at, at + 5));
  }
  return false;
}

/**
 * The media kind of a file from its first bytes ({@link sniffHeadBytes} are enough), or null
 * when it is none the page previews (text is decided by {@link isPreviewableText}).
 */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  return binaryMedia(head) ?? (isSvg(head) ? media('image', 'image/svg+xml') : null);
}

/**
 * Text the page may show as text: at most {@link maxTextPreviewBytes}, valid UTF-8 and free
 * of NUL bytes (which valid UTF-8 allows but no text file holds).
 */
export function isPreviewableText(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length > maxTextPreviewBytes || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
