import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/routes';
import { HeadCollectorProvider, headHtml, type CollectedHead } from './components/document-head';
import { ConfigProvider } from './lib/config-context';
import { renderServedMarkup } from './lib/interactive';

export interface RenderedPage {
  /** The page's head tags (title, meta, canonical link) for `<head>`. */
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw new Error(`${path} failed to render`, { cause: error });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: CollectedHead = { tags: [] };
  const body = renderServedMarkup(() =>
    renderToString(
      <StrictMode>
        <HeadCollectorProvider head={head}>
          <ConfigProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ConfigProvider>
        </HeadCollectorProvider>
      </StrictMode>,
    ),
  );
  return { head: headHtml(head), body };
}

export { sitePlan } from './features/content/site-plan';
