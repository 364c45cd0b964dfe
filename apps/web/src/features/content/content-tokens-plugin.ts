import type { Plugin } from 'vite';
import { contentTokens } from './markdown-build';

const query = '?tokens';

/**
 * `import tokens from 'page.md?tokens'`: the page's Markdown lexed and rendered while the
 * app is built (vite.config.ts, vitest.config.ts), so the browser downloads neither the
 * Markdown parser nor the work of running it while it hydrates.
 */
export function contentTokensPlugin(): Plugin {
  return {
    name: 'codedrop-content-tokens',
    transform(markdown, id) {
      if (!id.endsWith(`.md${query}`)) return null;
      return { code: `export default ${JSON.stringify(contentTokens(markdown))};`, map: null };
    },
  };
}
