import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Timed against a quiet machine: run alone afterwards (vitest.timing.config.ts).
    exclude: ['test/**/*.timing.test.ts'],
    // The contract suites open real databases and ports; give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One OpenStack Swift for the run's S3 suites, shared by both server projects.
    // Its server processes run the built server, built first when its sources changed.
    globalSetup: ['test/support/swift-setup.ts', 'test/support/built-server.ts'],
  },
});
