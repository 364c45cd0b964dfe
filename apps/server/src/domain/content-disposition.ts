const FALLBACK_NAME = 'download';

// C0/C1 controls, DEL, and the bidi overrides that can disguise "txt.exe" as "exe.txt".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * `Content-Disposition: attachment` for a user-supplied file name: a quoted ASCII fallback
 * for old clients plus the exact (sanitised) name as RFC 5987 `filename*`. Path separators
 * never survive, so a name cannot point outside the download folder.
 */
export function attachmentDisposition(fileName: string): string {
  const safe = safeFileName(fileName);
  return `attachment; filename="${asciiFallback(safe)}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

function safeFileName(fileName: string): string {
  const cleaned = fileName
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(UNSAFE_CHARS, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' ? FALLBACK_NAME : cleaned;
}

function asciiFallback(safe: string): string {
  const ascii = Array.from(safe.normalize('NFD').replace(COMBINING_MARKS, ''), (char) =>
    char <= '\u007e' ? char : '_',
  )
    .join('')
    .replace(/"/g, "'");
  return ascii.trim() === '' ? FALLBACK_NAME : ascii;
}

function encodeRfc5987(value: string): string {
  // encodeURIComponent leaves ' ( ) * unescaped, but they are not RFC 5987 attr-chars.
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
