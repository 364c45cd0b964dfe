import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '../components/offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const Notifications = lazy(() => import('./notifications'));

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" className="flex-1 py-10 sm:py-14">
        <OfflineNotice />
        <Outlet />
      </main>
      <SiteFooter />
      <NotificationsOnceAdopted />
      <ScrollRestoration />
    </div>
  );
}

/**
 * The toaster, mounted after hydration: prerendered pages hold none, and none is needed
 * before the page can act. Its own component, so that mounting it re-renders nothing else
 * (in the layout it re-rendered the whole page once more on a phone's busiest moment).
 */
function NotificationsOnceAdopted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense>
      <Notifications />
    </Suspense>
  );
}
