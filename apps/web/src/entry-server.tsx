import { splitLocalePath } from '@codedrop/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/routes';
import { loadLocale } from './lib/i18n/catalogs';
import { ConfigProvider } from './lib/config-context';

export interface RenderedPage {
  /** React's hoisted head tags (title, meta, canonical link) for `<head>`. */
  head: string;
  /** The markup of #root. */
  body: string;
}

/**
 * Renders one page at build time (scripts/prerender.mjs). The tree mirrors main.tsx's so
 * the browser can hydrate it; no hydration data is needed because no route has a loader,
 * and `hydrate={false}` keeps React Router from writing an inline script the CSP forbids.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  await loadLocale(splitLocalePath(path).locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw new Error(`${path} failed to render`, { cause: error });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <ConfigProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ConfigProvider>
    </StrictMode>,
  );
  return splitHoisted(html);
}

const hoisted = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/>|<link\b[^>]*\/>)*/;

/** React writes a page's title, meta and link tags ahead of its markup when there is no <head>. */
function splitHoisted(html: string): RenderedPage {
  const head = hoisted.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

export { sitePlan } from './features/content/site-plan';
export { pageLocales } from './features/content/page-locales';
export { localeEntry, locales, localizedPath } from '@codedrop/contract';
