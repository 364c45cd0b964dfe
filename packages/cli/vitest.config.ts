import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  // Vitest loads the tests through Vite's SSR resolver, which takes its own conditions: without
  // them the workspace packages would come from their dist, which may predate their sources.
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    // The end-to-end suites run the bundled CLI: build it once before any of them.
    globalSetup: ['test/support/build-once.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
