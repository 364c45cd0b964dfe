import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { createRequest, filesSubmissionHeader } from '../support/requests.js';
import { createUpload, deleteUpload, patchChunk } from '../support/tus.js';

// A submission's running upload holds a reservation as a file share's does
// (docs/operations.md#rate-limits-and-abuse-control): one client's caps count both.

const KiB = 1024;

describe.each(testDialects())('submission uploads in the upload caps on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: {
        RATE_LIMIT_CREATES: '1000',
        RATE_LIMIT_MISSES: '1000',
        UPLOAD_RESERVATIONS_PER_CLIENT: '1',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const beginSubmission = async (request: { code: string; publicKey: unknown }, length: number) =>
    createUpload(server.url, length, {
      request: request.code,
      header: JSON.stringify(await filesSubmissionHeader(request.publicKey, [length - 100])),
    });

  it('a running submission counts against the client, for shares and submissions alike', async () => {
    const request = await createRequest(server.url);
    const running = await beginSubmission(request, 64 * KiB);
    expect(running.status).toBe(201);

    const share = await createUpload(server.url, 64 * KiB);
    expect(share.status).toBe(429);
    expect(share.body).toMatchObject({ code: 'RATE_LIMITED' });
    const another = await beginSubmission(request, 64 * KiB);
    expect(another.status).toBe(429);

    // Once its bytes are all in, the reservation is free again.
    expect((await patchChunk(running.url, 0, randomBytes(64 * KiB))).status).toBe(204);
    const after = await createUpload(server.url, 64 * KiB);
    expect(after.status).toBe(201);
    expect((await deleteUpload(after.url)).status).toBe(204);
  });

  it('a running share counts against a submission from the same client', async () => {
    const request = await createRequest(server.url);
    const share = await createUpload(server.url, 64 * KiB);
    expect(share.status).toBe(201);
    const refused = await beginSubmission(request, 64 * KiB);
    expect(refused.status).toBe(429);
    // The refusal took no slot of the request, and left no submission behind.
    expect((await deleteUpload(share.url)).status).toBe(204);
    const accepted = await beginSubmission(request, 64 * KiB);
    expect(accepted.status).toBe(201);
    expect((await deleteUpload(accepted.url)).status).toBe(204);
  });
});
