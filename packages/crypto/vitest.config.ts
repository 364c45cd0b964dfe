import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'crypto', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
