import type { RouteObject } from 'react-router';
import { Outlet, useParams } from 'react-router';
import { AdSlot } from '../features/ads/ad-slot';
import { adSlots } from '../features/ads/ad-slots';
import { documentTitle, landingMeta } from '../features/content/catalog';
import { contentRoutes } from '../features/content/content-routes';
import { PageMeta } from '../features/content/page-meta';
import { HomePage } from '../features/receive/home-page';
import { isLookupCode } from '../lib/code-input';
import { useConfig } from '../lib/config-context';
import { toolAt, type Tool } from '../lib/tools';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/** `/{code}` is a deep link only when it is a code; any other single segment is a 404. */
function CodeRoute() {
  const { code = '' } = useParams();
  const { codeMinDigits, codeMaxDigits } = useConfig();
  return isLookupCode(code, codeMinDigits, codeMaxDigits) ? <LandingRoute /> : <NotFoundPage />;
}

/** The landing page with its search metadata (its title is its own) and an ad slot. */
function LandingRoute() {
  return (
    <>
      <PageMeta
        shareTitle={landingMeta.shareTitle}
        description={landingMeta.description}
        path="/"
      />
      <HomePage />
      <AdSlot slot={adSlots.landing} format="auto" />
    </>
  );
}

/** A tool's title and search metadata, around its page (loaded on use). */
function ToolRoute({ path }: { path: Tool['to'] }) {
  const tool = toolAt(path);
  const config = useConfig();
  return (
    <>
      <PageMeta
        title={documentTitle(tool.pageTitle)}
        description={tool.description(config)}
        path={path}
      />
      <Outlet />
    </>
  );
}

/**
 * The site plan of docs/product.md#site-plan. No errorElement: the router's default reads
 * "Unexpected Application Error!".
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      {
        path: 'clipboard',
        element: <ToolRoute path="/clipboard" />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/clipboard/clipboard-page')).ClipboardPage,
            }),
          },
        ],
      },
      {
        path: 'notepad',
        element: <ToolRoute path="/notepad" />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/notepad/notepad-page')).NotepadPage,
            }),
          },
        ],
      },
      {
        path: 'file-share',
        element: <ToolRoute path="/file-share" />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/files/file-share-page')).FileSharePage,
            }),
          },
        ],
      },
      // The operator's console: served only where the server has it switched on.
      {
        path: 'admin',
        lazy: async () => ({
          Component: (await import('../features/admin/admin-home-page')).AdminHomePage,
        }),
      },
      {
        path: 'admin/shares/:code',
        lazy: async () => ({
          Component: (await import('../features/admin/admin-share-page')).AdminSharePage,
        }),
      },
      {
        path: 'admin/audit',
        lazy: async () => ({
          Component: (await import('../features/admin/admin-audit-page')).AdminAuditPage,
        }),
      },
      // Content pages and published articles (prerendered); other /blog/{slug} are 404s.
      ...contentRoutes({ adSlot: <AdSlot slot={adSlots.content} format="auto" /> }),
      { path: 'blog/:slug', element: <NotFoundPage /> },
      { path: ':code', element: <CodeRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
