import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from '../lib/config-context';
import { markAdopted } from '../lib/interactive';
import { routes } from './routes';

/**
 * Lazy routes that match the current URL are loaded before the router starts, so its
 * first render is the page itself and prerendered HTML hydrates as it is.
 */
export async function createAppRouter(): Promise<DataRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
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
