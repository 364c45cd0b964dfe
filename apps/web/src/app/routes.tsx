import { sourceLocale } from '@codedrop/contract';
import { useLingui } from '@lingui/react';
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
import { loadLocale } from '../lib/i18n/catalogs';
import { siteLocales } from '../lib/i18n/site-locales';
import { visitorLocale } from '../lib/i18n/visitor-locale';
import { useTool, type ToolPath } from '../lib/tools';
import { LocaleScope, VisitorLocaleScope } from './locale-scope';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/** `/{code}` is a deep link only when it is a code; any other single segment is a 404. */
function CodeRoute() {
  const { code = '' } = useParams();
  const { codeMinDigits, codeMaxDigits } = useConfig();
  return isLookupCode(code, codeMinDigits, codeMaxDigits) ? <LandingRoute /> : <NotFoundPage />;
}

/** A request's view, loaded only when a code turns out to be a request's. */
const loadRequestView = async () => (await import('../features/requests/request-view')).RequestView;

/** A live room's view, loaded only when a code turns out to be a room's. */
const loadRoomView = async () => (await import('../features/rooms/room-view')).RoomView;

/** The landing page with its search metadata (its title is its own) and an ad slot. */
function LandingRoute() {
  const meta = landingMeta(useLingui().i18n);
  return (
    <>
      <PageMeta shareTitle={meta.shareTitle} description={meta.description} path="/" />
      <HomePage loadRequestView={loadRequestView} loadRoomView={loadRoomView} />
      <AdSlot slot={adSlots.landing} format="auto" />
    </>
  );
}

/** A tool's title and search metadata, around its page (loaded on use). */
function ToolRoute({ path }: { path: ToolPath }) {
  const tool = useTool(path);
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

/** A locale's pages, under its root route. */
function pageRoutes(locale: string): RouteObject[] {
  return [
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
    {
      path: 'request',
      element: <ToolRoute path="/request" />,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/requests/request-page')).RequestPage,
          }),
        },
      ],
    },
    // Content pages and published articles (prerendered); other /blog/{slug} are 404s.
    ...contentRoutes({ locale, adSlot: <AdSlot slot={adSlots.content} format="auto" /> }),
    { path: 'blog/:slug', element: <NotFoundPage /> },
    // English `/{code}` links are the visitor's language's (below).
    ...(locale === sourceLocale ? [] : [{ path: ':code', element: <CodeRoute /> }]),
    { path: '*', element: <NotFoundPage /> },
    // The operator's console (English only): served only where the server has it on.
    ...(locale !== sourceLocale ? [] : adminRoutes),
  ];
}

const adminRoutes: RouteObject[] = [
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
];

/** One locale's pages: English at `/…`, the others at `/{locale}/…`. */
export function localeRoute(locale: string): RouteObject {
  return {
    id: `locale:${locale}`,
    path: locale === sourceLocale ? '/' : `/${locale}`,
    element: (
      <LocaleScope locale={locale}>
        <RootLayout />
      </LocaleScope>
    ),
    // Its messages are loaded before its first page renders (lib/i18n/catalogs.ts).
    lazy: async () => {
      await loadLocale(locale);
      return {};
    },
    children: pageRoutes(locale),
  };
}

/** A `/{code}` link names no language: it speaks the visitor's. */
const codeRoute: RouteObject = {
  path: '/:code',
  element: (
    <VisitorLocaleScope>
      <RootLayout />
    </VisitorLocaleScope>
  ),
  lazy: async () => {
    await loadLocale(visitorLocale());
    return {};
  },
  children: [{ index: true, element: <CodeRoute /> }],
};

/**
 * The site plan of docs/product.md#site-plan in the given locales (English always). The
 * browser starts with its page's locale only and adds another's when it goes there
 * (app/router.tsx): matching an address against every locale's pages is slow on a phone.
 * No errorElement: the router's default reads "Unexpected Application Error!".
 */
export function routesIn(some: readonly string[]): RouteObject[] {
  const wanted = siteLocales.filter((locale) => locale === sourceLocale || some.includes(locale));
  return [...wanted.map(localeRoute), codeRoute];
}

/** Every locale's pages: the prerender's and the tests' route table. */
export const routes: RouteObject[] = routesIn(siteLocales);
