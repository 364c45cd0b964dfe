import { defineProject } from 'vitest/config';

// The API contract suites once more, each server a real process of two workers started as
// `npm start` starts it (test/support/app.ts): behaviour must not change with WORKERS.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server-workers',
    include: ['test/**/*.contract.test.ts'],
    // The blob store's own contract starts no server.
    exclude: ['test/blob/**'],
    env: { CONTRACT_WORKERS: '2' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
