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
    // Every backend pair is proven in process (vitest.config.ts); here, the shipped default
    // (SQLite and the local disk) and the scaled-out shape (PostgreSQL and S3).
    env: { CONTRACT_WORKERS: '2', TEST_BACKENDS: 'sqlite+local,postgres+s3' },
    // A test that restarts or adds an instance waits for two more worker processes to start.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One OpenStack Swift for the run's S3 suites, shared by both server projects.
    // Its server processes run the built server, built first when its sources changed.
    globalSetup: ['test/support/swift-setup.ts', 'test/support/built-server.ts'],
  },
});
