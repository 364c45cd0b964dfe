/** The Redis the tests use; in CI it must be running (a missing one fails the run). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
