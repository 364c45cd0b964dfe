import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/**
 * Two app instances sharing one fresh PostgreSQL database, started before the suite and
 * stopped after it — the shape of a scaled-out deployment. Call inside a describe block.
 */
export function twoPostgresInstances(extraEnv: Record<string, string> = {}): {
  servers: () => TestApp[];
} {
  let database: TestDatabase;
  let servers: TestApp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { RATE_LIMIT_DISABLED: 'true', ...extraEnv };
    servers = [await startTestApp(database, { env }), await startTestApp(database, { env })];
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
  });
  return { servers: () => servers };
}
