// Prerenders the content pages after `vite build --manifest` (docs/content.md):
// builds src/entry-server.tsx for Node, renders every page of the route list into
// dist/<path>/index.html, and writes sitemap.xml, robots.txt and prerender.json.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST: another build's output (the development build the e2e suite checks).
const dist = process.env.WEB_DIST ?? join(webRoot, 'dist');
const ssrOut = join(webRoot, 'node_modules/.cache', `codedrop-prerender-${basename(dist)}`);

await build({
  root: webRoot,
  logLevel: 'warn',
  // Quill needs a document as soon as it is imported (quill-server-stub.mjs says why a
  // stand-in is enough).
  resolve: {
    alias: [{ find: /^quill$/, replacement: join(webRoot, 'scripts/quill-server-stub.mjs') }],
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});
const { renderPage, sitePlan, localeEntry, locales, localizedPath, pageLocales } = await import(
  pathToFileURL(join(ssrOut, 'entry-server.js')).href
);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifestFile = join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const plan = sitePlan();

const escapeAttr = (value) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The template without its generic title and description (each page brings its own). */
const baseHead = template
  .replace(/\s*<title>[\s\S]*?<\/title>/, '')
  .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '');
if (!baseHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');

/**
 * The JavaScript a page loads before it can hydrate, so the browser fetches it at once, and
 * the styles of its lazily loaded modules, which the prerendered markup needs before any
 * script runs (Vite's loader finds them linked and does not add them again).
 */
function preloads(modules, { scripts = true } = {}) {
  const files = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const notInTemplate = (file) => !template.includes(`/${file}"`);
  return [
    ...[...styles].filter(notInTemplate).map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...files]
      .filter((file) => scripts && notInTemplate(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

function page({ head, body, prerenderedFor, locale }) {
  // data-prerendered: main.tsx hydrates only the page this markup was rendered for.
  const marker = prerenderedFor ? ` data-prerendered="${escapeAttr(prerenderedFor)}"` : '';
  const root = `<div id="root"${marker}>${body ?? ''}</div>`;
  // Functions, not strings, as replacements: page text may contain "$&" and the like.
  const { dir } = localeEntry(locale);
  return baseHead
    .replace(/<html lang="en">/, () => `<html lang="${locale}" dir="${dir}">`)
    .replace('</head>', () => `${head}\n  </head>`)
    .replace('<div id="root"></div>', () => root);
}

/**
 * The page's own head tags, marked so that a page rendered afresh instead of hydrated (the
 * 404 page, a query string) can drop them first (main.tsx). Hydration ignores the mark:
 * React adopts head tags by their content attributes.
 */
const markServed = (head) => head.replace(/<(title|meta|link)\b/g, '<$1 data-served-head');

const files = {};
function write(relative, html) {
  const file = join(dist, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}

// PRERENDER_LOCALES: a development build prerenders a few languages, not all (it is only checked).
const only = process.env.PRERENDER_LOCALES?.split(',');
const wanted = (locale) => only === undefined || only.includes(locale);

for (const entry of plan.pages.filter((page) => wanted(page.locale))) {
  const relative = entry.path === '/' ? 'index.html' : `${entry.path.slice(1)}/index.html`;
  // A content page with its text, a tool as it first shows (the empty form), so that the
  // page paints before its JavaScript runs.
  const { head, body } = await renderPage(entry.path);
  if (!head.includes('<title>') || !head.includes('rel="canonical"')) {
    throw new Error(`${entry.path} rendered no title or canonical link`);
  }
  write(
    relative,
    page({
      head: markServed(head) + preloads(entry.modules, { scripts: false }),
      body,
      prerenderedFor: entry.path,
      locale: entry.locale,
    }),
  );
  files[entry.path] = relative;
}

// The 404 page in every locale, with a stand-in path the server replaces by the one requested.
const notFoundFiles = {};
for (const locale of locales.filter(wanted)) {
  const notFound = await renderPage(localizedPath(locale, plan.notFoundPath));
  const relative = locale === 'en' ? '404.html' : `${locale}/404.html`;
  write(relative, page({ head: markServed(notFound.head), body: notFound.body, locale }));
  notFoundFiles[locale] = relative;
}

const lastModified = (entry) =>
  entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : '';
writeFileSync(
  join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${plan.pages
  // A page in a locale that has not translated its text is not one to list (page-locales.ts).
  .filter((entry) => pageLocales(entry.page).includes(entry.locale))
  .map((entry) => `  <url><loc>${plan.origin}${entry.path}</loc>${lastModified(entry)}</url>`)
  .join('\n')}
</urlset>
`,
);
writeFileSync(
  join(dist, 'robots.txt'),
  `User-agent: *
Allow: /
Disallow: /api/

Sitemap: ${plan.origin}/sitemap.xml
`,
);
copyFileSync(join(webRoot, 'content/og-image.png'), join(dist, 'og-image.png'));
writeFileSync(
  join(dist, 'prerender.json'),
  `${JSON.stringify({ origin: plan.origin, pages: files, notFound: { files: notFoundFiles, path: plan.notFoundPath } }, null, 2)}\n`,
);

// Build leftovers that must not be served.
rmSync(join(dist, '.vite'), { recursive: true, force: true });
rmSync(ssrOut, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(files).length} pages, ${locales.length} 404 pages, sitemap.xml and robots.txt`,
);
