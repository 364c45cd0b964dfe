import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { upload } from '../support/files.js';
import { startS3Server, type S3ServerHandle } from '../support/s3-server.js';

interface LogLine {
  level: number;
  msg: string;
}

// s3rver checks no signature: these run on the real S3 server only (always in CI).
const onRealS3 = inject('s3Server')?.kind === 'swift';

describe.runIf(onRealS3)('S3 request signatures', () => {
  let s3: S3ServerHandle;
  let database: TestDatabase;
  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
    await s3?.close();
  });

  /** An app on the test bucket with the given secret key, and its log lines as objects. */
  async function startWithSecret(secret: string, region = s3.region) {
    const lines: LogLine[] = [];
    const server = await startTestApp(database, {
      env: {
        LOG_LEVEL: 'info',
        RATE_LIMIT_DISABLED: 'true',
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: secret,
        S3_FORCE_PATH_STYLE: 'true',
      },
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    return { server, lines };
  }

  const refusal = (lines: LogLine[]) => lines.find((line) => line.msg.startsWith('S3 refused'));
  /** The start-up check runs beside the start: its line comes a moment after. */
  async function startUpRefusal(lines: LogLine[]) {
    for (let waited = 0; refusal(lines) === undefined && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function readyz(server: TestApp) {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('refuses a wrong secret key: /readyz 503 naming storage, uploads 503, a clear log line', async () => {
    const { server, lines } = await startWithSecret(`${s3.secretAccessKey}-wrong`);
    try {
      await startUpRefusal(lines);
      expect(refusal(lines)).toMatchObject({ level: 50 });
      expect(refusal(lines)!.msg).toContain('S3_SECRET_ACCESS_KEY');

      expect(await readyz(server)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } },
      });
      const created = await upload(server.url, { bytes: Buffer.from('hello'), name: 'a.txt' });
      expect(created.status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('names S3_REGION when the signature is scoped to a region the server is not in', async () => {
    const { server, lines } = await startWithSecret(s3.secretAccessKey, 'eu-west-1');
    try {
      await startUpRefusal(lines);
      expect(refusal(lines)!.msg).toContain('S3_REGION');
      expect((await readyz(server)).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('accepts the right one, and logs no refusal', async () => {
    const { server, lines } = await startWithSecret(s3.secretAccessKey);
    try {
      expect((await readyz(server)).status).toBe(200);
      const created = await upload(server.url, { bytes: Buffer.from('hello'), name: 'a.txt' });
      expect(created.status).toBe(201);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
