import { maxTextPreviewBytes } from './sniff-type';

/**
 * What a file says it is, from its declared type and name: enough to pick an icon and to
 * decide whether a Preview is worth offering. What is actually shown is decided by the
 * bytes (see sniff-type.ts), never by this.
 */
export type FileKind = 'image' | 'pdf' | 'text' | 'audio' | 'video' | 'archive' | 'other';

/** Largest image, PDF, audio or video file offered for preview (it is held in memory). */
export const maxMediaPreviewBytes = 25 * 1024 * 1024;

const textTypes = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/typescript',
  'application/x-typescript',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/sql',
  'application/x-sh',
  'application/x-httpd-php',
  'application/x-ndjson',
  'application/csv',
]);

const archiveTypes = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
]);

const extensions: Record<Exclude<FileKind, 'other'>, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp', 'avif', 'svg', 'bmp', 'ico', 'heic', 'tif'],
  pdf: ['pdf'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'opus', 'flac', 'm4a', 'aac', 'weba'],
  video: ['mp4', 'm4v', 'webm', 'mov', 'ogv', 'mkv', '3gp'],
  archive: ['zip', '7z', 'rar', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst'],
  text: [
    ...['txt', 'text', 'md', 'markdown', 'csv', 'tsv', 'log', 'json', 'ndjson', 'xml', 'yaml'],
    ...['yml', 'toml', 'ini', 'cfg', 'conf', 'env', 'html', 'htm', 'css', 'scss', 'js', 'mjs'],
    ...['cjs', 'ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cc', 'cpp'],
    ...['hpp', 'cs', 'php', 'sh', 'bash', 'zsh', 'ps1', 'sql', 'srt', 'vtt', 'tex', 'diff'],
  ],
};

/** Images the page can show, by declared type: a BMP or HEIC gets an icon, not a preview. */
const previewableImageTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]);
const previewableImageExtensions = new Set([
  'png',
  'jpg',
  'jpeg',
  'jfif',
  'gif',
  'webp',
  'avif',
  'svg',
]);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The bare type ("text/plain; charset=utf-8" → "text/plain"), lower-cased. */
function essence(type: string | undefined): string {
  return (type ?? '').split(';')[0]!.trim().toLowerCase();
}

function kindOfType(type: string): FileKind {
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('text/') || textTypes.has(type)) return 'text';
  if (archiveTypes.has(type)) return 'archive';
  return 'other';
}

/**
 * The declared kind: the type when it says something, else the name's extension (browsers
 * send "application/octet-stream" or nothing for many files).
 */
export function declaredKind(name: string, type?: string): FileKind {
  const byType = kindOfType(essence(type));
  if (byType !== 'other') return byType;
  const extension = extensionOf(name);
  const found = Object.entries(extensions).find(([, list]) => list.includes(extension));
  return found ? (found[0] as FileKind) : 'other';
}

/**
 * Whether to offer a Preview: a kind the page can show, not empty and within its cap. The
 * bytes decide afterwards what is shown, if anything.
 */
export function offersPreview(file: { name: string; type?: string; size: number }): boolean {
  if (file.size <= 0) return false;
  const kind = declaredKind(file.name, file.type);
  switch (kind) {
    case 'text':
      return file.size <= maxTextPreviewBytes;
    case 'image': {
      const type = essence(file.type);
      const shown =
        previewableImageTypes.has(type) || previewableImageExtensions.has(extensionOf(file.name));
      return shown && file.size <= maxMediaPreviewBytes;
    }
    case 'pdf':
    case 'audio':
    case 'video':
      return file.size <= maxMediaPreviewBytes;
    case 'archive':
    case 'other':
      return false;
  }
}
