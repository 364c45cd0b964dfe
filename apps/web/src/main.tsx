import { localizedPath, splitLocalePath, sourceLocale } from '@codedrop/contract';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/router';
import { prefetchConfig } from './lib/config-context';
import { replaceServedHeadOnRender } from './lib/served-head';
import { loadLocale } from './lib/i18n/catalogs';
import { siteLocales } from './lib/i18n/site-locales';
import { warmLocale } from './lib/i18n/warm-locale';
import { registerServiceWorker } from './lib/offline/register-service-worker';
import { visitorLocale } from './lib/i18n/visitor-locale';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const path = window.location.pathname;
const address = splitLocalePath(path, siteLocales);
// An English `/{code}` link speaks the visitor's language; any other address names its own.
const codeLink = address.locale === sourceLocale && /^\/\d+$/.test(address.path);
const locale = codeLink ? visitorLocale() : address.locale;

prefetchConfig();
warmLocale(locale);
registerServiceWorker(locale);
void Promise.all([createAppRouter(address.locale), loadLocale(locale)]).then(([router]) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Prerendered HTML is adopted on the page it was rendered for, and a landing page's on a
  // /{code} link in the same language (the server sends it there; the home page shows the
  // code once adopted). A 404 served with other HTML, or a query string, renders afresh.
  const prerenderedFor = root.dataset.prerendered;
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const landing = localizedPath(locale, '/');
  const adoptable =
    prerenderedFor === page || (prerenderedFor === landing && /^\/\d+$/.test(address.path));
  if (adoptable && window.location.search === '') {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // adopting the whole page in one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // React adopts served head tags only while it hydrates: here its own replace them.
    replaceServedHeadOnRender();
    // A transition too: the first render yields to the browser as hydration does.
    startTransition(() => {
      createRoot(root).render(app);
    });
  }
});
