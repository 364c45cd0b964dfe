import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/router';
import { prefetchConfig } from './lib/config-context';
import { renderServedMarkup } from './lib/interactive';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Ends the current task: the browser may paint and handle input before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

prefetchConfig();
void createAppRouter().then(async (router) => {
  // The page's modules were just evaluated in this task; rendering or hydrating the page
  // in it too made one long task (half a second of a 4x-throttled CPU on a tool's page).
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // The server's head tags for pages without server-rendered React (the tools, the 404
  // page) describe only the first page: drop them when the visitor moves on.
  const firstPath = window.location.pathname;
  const stopWatching = router.subscribe(({ location }) => {
    if (location.pathname === firstPath) return;
    document.head.querySelectorAll('[data-static-head]').forEach((tag) => tag.remove());
    stopWatching();
  });
  // The page adds its title and head tags itself (components/document-head.tsx), in the
  // same task: drop the served ones first, or the document would hold each twice.
  document.head.querySelectorAll('title, [data-ssr-head]').forEach((tag) => tag.remove());
  // Prerendered HTML is adopted on the page it was rendered for, and the landing page's on a
  // /{code} link (the server sends it there; the home page shows the code once adopted). A
  // 404 served with other HTML, or a query string, renders afresh.
  const prerenderedFor = root.dataset.prerendered;
  const path = window.location.pathname;
  const adoptable = prerenderedFor === path || (prerenderedFor === '/' && /^\/\d+$/.test(path));
  if (adoptable && window.location.search === '') {
    renderServedMarkup(() => hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
});
