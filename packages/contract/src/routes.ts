import { splitLocalePath } from './locales.js';

/**
 * Every page of docs/product.md#site-plan, so the server answers them 200 and anything else 404.
 */
export const pagePaths = [
  '/',
  '/home',
  '/clipboard',
  '/notepad',
  '/file-share',
  '/request',
  '/about',
  '/how-it-works',
  '/blog',
  '/faq',
  '/how-to-share-text-anonymously',
  '/pastebin-alternative-no-login',
  '/temporary-file-sharing-tool',
  '/privacy-policy',
  '/terms-of-service',
] as const;

/** Published articles live at /blog/{slug}. */
export const publishedBlogSlugs = ['how-to-share-text-anonymously', 'pastebin-alternatives-2025'];

/**
 * A known page: a listed path, a published article, or a `/{code}` deep link, in English or
 * under a locale's prefix (`/de/faq`, `/ar/1234`).
 */
export function isKnownPagePath(path: string, codeMinDigits: number, codeMaxDigits: number) {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const normalised = splitLocalePath(trimmed).path;
  if ((pagePaths as readonly string[]).includes(normalised)) return true;
  const blog = /^\/blog\/([a-z0-9-]+)$/.exec(normalised);
  if (blog !== null) return publishedBlogSlugs.includes(blog[1]!);
  const code = /^\/(\d+)$/.exec(normalised);
  return code !== null && code[1]!.length >= codeMinDigits && code[1]!.length <= codeMaxDigits;
}
