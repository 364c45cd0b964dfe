import { locales, splitLocalePath } from '@codedrop/contract';
import { shareTargetPath } from '../lib/offline/share-target';

/**
 * How the service worker answers a request:
 * - `share-target`: the share sheet's POST, received in the worker (lib/offline/share-target.ts);
 * - `asset`: a fingerprinted file under /assets/, from the cache, else fetched and kept;
 * - `page`: a tool or landing page, from the network, kept for offline use, from the cache
 *   when there is no network;
 * - `static`: the icons, favicon and manifest, from the network and kept, else from the cache;
 * - `network`: everything else, untouched: the API (answers and shares' content are never
 *   cached), downloads, the admin console, other origins.
 */
export type Strategy = 'share-target' | 'asset' | 'page' | 'static' | 'network';

/** Pages kept for offline use, in every language: the landing page and the tools. */
export const offlinePagePaths: ReadonlySet<string> = new Set([
  '/',
  '/clipboard',
  '/notepad',
  '/file-share',
  '/request',
]);

const staticFile = /^\/(favicon\.svg|manifest\.webmanifest|icons\/[\w.-]+\.png)$/;

export function strategyFor(
  request: { method: string; url: string; mode: string },
  origin: string,
): Strategy {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname === shareTargetPath) {
    return request.method === 'POST' ? 'share-target' : 'network';
  }
  if (request.method !== 'GET') return 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate') {
    const page = splitLocalePath(url.pathname.replace(/(.)\/+$/, '$1'), locales).path;
    return offlinePagePaths.has(page) ? 'page' : 'network';
  }
  return staticFile.test(url.pathname) ? 'static' : 'network';
}
