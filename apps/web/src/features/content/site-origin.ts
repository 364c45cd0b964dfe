/**
 * The origin written into prerendered pages, sitemap.xml and robots.txt. The build does
 * not know where it will be served, so the server swaps this reserved (.invalid) origin
 * for PUBLIC_URL, or the request's own origin, when it sends those files (docs/content.md).
 */
export const prerenderOrigin = 'https://origin.codedrop.invalid';

let clientOrigin: string | undefined;

/**
 * The site's public origin. In the browser it is taken from the canonical link the server
 * filled in, so hydrated pages keep exactly the URLs they were served with.
 */
export function siteOrigin(): string {
  if (typeof document === 'undefined') return prerenderOrigin;
  clientOrigin ??= readServedOrigin() ?? window.location.origin;
  return clientOrigin;
}

function readServedOrigin(): string | undefined {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!href) return undefined;
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

export function absoluteUrl(path: string): string {
  return `${siteOrigin()}${path}`;
}
