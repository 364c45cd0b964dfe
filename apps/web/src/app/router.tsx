import { sourceLocale, splitLocalePath } from '@codedrop/contract';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from '../lib/config-context';
import { siteLocales } from '../lib/i18n/site-locales';
import { markAdopted } from '../lib/interactive';
import { localeRoute, routesIn } from './routes';

/**
 * Lazy routes that match the current URL are loaded before the router starts, so its
 * first render is the page itself and prerendered HTML hydrates as it is. The router knows
 * the page's own locale (and English); it adds another locale's pages when a navigation
 * goes there.
 */
export async function createAppRouter(locale: string): Promise<DataRouter> {
  const routes = routesIn([locale]);
  const known = new Set([sourceLocale, locale]);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, {
    // An address under another locale first matches English's catch-all: the router asks.
    patchRoutesOnNavigation({ path, patch }) {
      const { locale: other } = splitLocalePath(path, siteLocales);
      if (known.has(other)) return;
      known.add(other);
      patch(null, [localeRoute(other)]);
    },
  });
}

export function App({ router }: { router: DataRouter }) {
  // After every component of the first render has run its own effects (children first).
  useEffect(markAdopted, []);
  return (
    <ConfigProvider>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
