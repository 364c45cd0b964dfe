import { defineConfig } from 'vitest/config';

/**
 * The suites that time the server against a deadline (a hostile note answered within a
 * second while /healthz stays under 100 ms, a sanitizer worker stopped at its deadline).
 * They run after the others, one file at a time, so no neighbouring suite steals the CPU
 * they measure. `npm run test:unit` runs both configurations.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['apps/server/test/**/*.timing.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
