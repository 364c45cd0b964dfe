import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { OutputBundle, OutputChunk, RollupOutput } from 'rollup';
import type { OfflineBuild } from './offline-build';

const workerEntry = fileURLToPath(new URL('./service-worker.ts', import.meta.url));

/** The pages a phone opens offline, whose chunks are part of the shell. */
const toolModules = [
  '/src/features/clipboard/clipboard-page.tsx',
  '/src/features/notepad/notepad-page.tsx',
  '/src/features/files/file-share-page.tsx',
];
const catalogModule = /\/src\/locales\/([^/]+)\.po$/;

/** A chunk's file and everything it loads at once: its static imports and their styles. */
function closure(bundle: OutputBundle, start: OutputChunk, into: Set<string>): void {
  if (into.has(`/${start.fileName}`)) return;
  into.add(`/${start.fileName}`);
  for (const css of start.viteMetadata?.importedCss ?? []) into.add(`/${css}`);
  for (const imported of start.imports) {
    const chunk = bundle[imported];
    if (chunk?.type === 'chunk') closure(bundle, chunk, into);
  }
}

/** What the worker keeps, from the app's bundle. */
export function offlineBuild(bundle: OutputBundle): OfflineBuild {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const shell = new Set<string>();
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ?? '';
    if (chunk.isEntry || toolModules.some((module) => id.endsWith(module))) {
      closure(bundle, chunk, shell);
    }
  }
  const catalogs: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const locale = catalogModule.exec(chunk.facadeModuleId ?? '')?.[1];
    if (locale === undefined) continue;
    const files = new Set<string>();
    closure(bundle, chunk, files);
    catalogs[locale] = [...files].filter((file) => !shell.has(file)).sort();
  }
  const sortedShell = [...shell].sort();
  const version = createHash('sha256')
    .update(JSON.stringify({ sortedShell, catalogs }))
    .digest('hex')
    .slice(0, 12);
  return { version, shell: sortedShell, catalogs };
}

/**
 * Builds the service worker (service-worker.ts) beside the app as dist/sw.js, one script
 * at the site's root (its scope is the whole site) with what it keeps written in: the
 * files of this build, by their fingerprinted names. Not in the server-side build.
 */
export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'codedrop-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const offline = offlineBuild(bundle);
      const output = (await build({
        configFile: false,
        logLevel: 'warn',
        root: config.root,
        resolve: { conditions: ['source'] },
        define: { __OFFLINE_BUILD__: JSON.stringify(offline) },
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          sourcemap: false,
          lib: { entry: workerEntry, formats: ['iife'], name: 'codedropServiceWorker' },
        },
      })) as RollupOutput | RollupOutput[];
      const outputs = Array.isArray(output) ? output : [output];
      const chunk = outputs
        .flatMap((result) => result.output)
        .find((item): item is OutputChunk => item.type === 'chunk');
      if (chunk === undefined) throw new Error('the service worker build produced no script');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code });
    },
  };
}
