import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '../../src/modules/moderation/admin-password.js';
import { http, startTestApp, type TestApp } from './app.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/**
 * A server on SQLite with the console on (its password hashed at the production cost) and
 * sign-ins from any address let through the limiter, for a suite that sends bursts of wrong
 * passwords. Registers the suite's start and stop; `server()` is the running one.
 */
export function consoleUnderSignIns(env: Record<string, string> = {}) {
  let database: TestDatabase;
  let server: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        ADMIN_PASSWORD_HASH: await hashPassword('a long console password'),
        RATE_LIMIT_SIGN_INS: '1000',
        ...env,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  return {
    server: () => server,
    /** A wrong console password, sent as if from `address` (X-Forwarded-For). */
    wrongSignIn: (address: string) =>
      http(server.url, '/api/admin/session', {
        method: 'POST',
        json: { password: 'a wrong guess' },
        headers: { 'x-forwarded-for': address },
      }),
  };
}
