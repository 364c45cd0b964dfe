import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/router';
import { prefetchConfig } from './lib/config-context';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

prefetchConfig();
void createAppRouter().then((router) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Prerendered HTML is adopted on the page it was rendered for, and the landing page's on a
  // /{code} link (the server sends it there; the home page shows the code once adopted). A
  // 404 served with other HTML, or a query string, renders afresh.
  const prerenderedFor = root.dataset.prerendered;
  const path = window.location.pathname;
  const adoptable = prerenderedFor === path || (prerenderedFor === '/' && /^\/\d+$/.test(path));
  if (adoptable && window.location.search === '') {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // adopting the whole page in one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // React adopts served head tags only while it hydrates: drop them before it renders the
    // page's own (scripts/prerender.mjs marks them).
    document.head.querySelectorAll('[data-served-head]').forEach((tag) => tag.remove());
    // A transition too: the first render yields to the browser as hydration does.
    startTransition(() => {
      createRoot(root).render(app);
    });
  }
});
