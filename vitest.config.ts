import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/server/vitest.workers.config.ts',
    ],
    // Most suites wait on databases, sockets and child processes rather than the CPU: two
    // test files at a time keep a two-core machine busy (vitest's default here is one).
    maxWorkers: 2,
  },
});
