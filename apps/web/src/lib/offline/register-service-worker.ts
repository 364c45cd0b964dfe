import { localizedPath } from '@codedrop/contract';

/** The tools a visitor may open offline, in their language (src/sw/service-worker.ts). */
const offlinePaths = ['/', '/clipboard', '/notepad', '/file-share'];

/**
 * Registers the service worker (dist/sw.js, built by src/sw/service-worker-plugin.ts) once
 * the page has loaded, and asks it to keep this language's tools for offline use. Only in
 * production builds over a secure origin: the dev server has no sw.js.
 */
export function registerServiceWorker(locale: string): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        registration.active?.postMessage({
          type: 'keep-offline',
          locale,
          paths: offlinePaths.map((path) => localizedPath(locale, path)),
        });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
