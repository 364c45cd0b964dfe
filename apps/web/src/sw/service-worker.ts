// The service worker (built to dist/sw.js by service-worker-plugin.ts). It keeps the app
// shell and the tool pages for offline use, never an API answer or a share's content, and
// receives the share sheet's POSTs (lib/offline/share-target.ts).
import { localizedPath, sourceLocale } from '@codedrop/contract';
import {
  pendingShareUrl,
  shareCacheName,
  sharedFiles,
  sharedText,
  stashedShare,
  toolForShare,
  sharedQuery,
} from '../lib/offline/share-target';
import { offlinePagePaths, strategyFor } from './cache-policy';
import type { OfflineBuild } from './offline-build';

// The worker's own types, declared here: the app is type-checked against the DOM library,
// which cannot be mixed with the WebWorker one in one program.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const __OFFLINE_BUILD__: OfflineBuild;
const build = __OFFLINE_BUILD__;
const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;

/** Both caches are per build: a new build's worker starts them afresh and drops the old. */
const shellCache = `codedrop-shell-${build.version}`;
const pagesCache = `codedrop-pages-${build.version}`;
const ownCache = /^codedrop-(shell|pages)-/;
/** The language of the last page that asked to be kept: where a share sheet's POST lands. */
const localeUrl = '/share-target/locale';

const englishPages = [...offlinePagePaths].filter((path) => path !== '/request');

/** Fetches `urls` into `cacheName`, leaving out any that fails: one missing page never fails the rest. */
async function keep(cacheName: string, urls: readonly string[]): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { credentials: 'omit' }).catch(() => null);
      // A redirected answer cannot stand in for a navigation later.
      if (response?.ok && !response.redirected) await cache.put(url, response);
    }),
  );
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // The shell must be whole, or this worker does not install and the old one stays.
      await (
        await caches.open(shellCache)
      ).addAll([...build.shell, ...(build.catalogs[sourceLocale] ?? [])]);
      await keep(pagesCache, englishPages);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (ownCache.test(name) && name !== shellCache && name !== pagesCache) {
          await caches.delete(name);
        }
      }
      await worker.clients.claim();
    })(),
  );
});

/** A page asks for its language's tools to be kept (lib/offline/register-service-worker.ts). */
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; locale?: unknown; paths?: unknown } | null;
  if (data?.type !== 'keep-offline' || typeof data.locale !== 'string') return;
  const locale = data.locale;
  // Only pages this worker would keep anyway: a page cannot make it fetch anything else.
  const paths = (Array.isArray(data.paths) ? data.paths : []).filter(
    (path): path is string =>
      typeof path === 'string' &&
      path.startsWith('/') &&
      strategyFor({ method: 'GET', url: new URL(path, origin).href, mode: 'navigate' }, origin) ===
        'page',
  );
  event.waitUntil(
    (async () => {
      await caches.open(pagesCache).then((cache) => cache.put(localeUrl, new Response(locale)));
      await keep(shellCache, build.catalogs[locale] ?? []);
      await keep(pagesCache, paths);
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, origin);
  if (strategy === 'network') return;
  event.respondWith(answer(strategy, event.request));
});

async function answer(
  strategy: Exclude<ReturnType<typeof strategyFor>, 'network'>,
  request: Request,
) {
  switch (strategy) {
    case 'share-target':
      return receiveShare(request);
    case 'asset':
      return fromCacheFirst(request);
    case 'page':
      return fromNetworkFirst(request, true);
    case 'static':
      return fromNetworkFirst(request, false);
  }
}

async function fromCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached !== undefined) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(shellCache).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * The network's answer, kept in the cache under its path; without a network, the kept one,
 * and for a page not kept, the landing page in the visitor's language.
 */
async function fromNetworkFirst(request: Request, page: boolean): Promise<Response> {
  const path = new URL(request.url).pathname;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && !response.redirected) {
      const copy = response.clone();
      void caches.open(pagesCache).then((cache) => cache.put(path, copy));
    }
    return response;
  } catch (offline) {
    const cached =
      (await caches.match(path)) ??
      (page ? await caches.match(localizedPath(await lastLocale(), '/')) : undefined);
    if (cached !== undefined) return cached;
    throw offline;
  }
}

async function lastLocale(): Promise<string> {
  const stored = await caches.match(localeUrl);
  return stored === undefined ? sourceLocale : await stored.text();
}

/**
 * The share sheet's POST: what it carried waits in the cache (the newest share only), and
 * the browser goes on to the tool that takes it, in the visitor's language, which picks it
 * up there. Nothing goes over the network.
 */
async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const content = { text: sharedText(form), files: sharedFiles(form) };
  const cache = await caches.open(shareCacheName);
  await cache.put(pendingShareUrl, stashedShare(content));
  const tool = localizedPath(await lastLocale(), toolForShare(content));
  return Response.redirect(new URL(`${tool}?${sharedQuery}=1`, origin).href, 303);
}
