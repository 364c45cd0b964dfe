import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1 py-10 sm:py-14">
        <Outlet />
      </main>
      <SiteFooter />
      {/* docs/product.md#notifications: bottom right, region "Notifications", Alt+T
          (sonner's defaults, pinned). */}
      <Toaster
        position="bottom-right"
        theme="light"
        hotkey={['altKey', 'KeyT']}
        containerAriaLabel="Notifications"
        richColors
        closeButton
      />
      <ScrollRestoration />
    </div>
  );
}
