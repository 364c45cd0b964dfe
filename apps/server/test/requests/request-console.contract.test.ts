import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQueue, AdminShare } from '@codedrop/contract';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { consolePasswordHash, consoleSession, from } from '../support/console-session.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { createRequest, textSubmissionHeader } from '../support/requests.js';

// A reported request reaches the operator as a share does (docs/api.md#admin): in the
// queue, on its own page with its public part and slots, and under the same actions.

describe.each(testDialects())('requests in the console on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_CREATES: '1000',
        RATE_LIMIT_MISSES: '1000',
        ADMIN_PASSWORD_HASH: consolePasswordHash,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function reportedRequest() {
    const request = await createRequest(server.url, { maxSubmissions: 4 });
    const header = await textSubmissionHeader(request.publicKey);
    const sent = await http(server.url, `/api/requests/${request.code}/submissions`, {
      method: 'POST',
      json: { header },
    });
    expect(sent.status).toBe(201);
    for (const address of ['198.51.100.7', '203.0.113.9', '192.0.2.44']) {
      const reported = await http(server.url, `/api/shares/${request.code}/reports`, {
        method: 'POST',
        json: { reason: 'spam', message: 'asks for passwords' },
        headers: from(address),
      });
      expect(reported.status).toBe(202);
    }
    return request;
  }

  it('lists a reported request in the queue and shows its public part, never its submissions', async () => {
    const request = await reportedRequest();
    const admin = await consoleSession(server.url);
    const queue = await admin.get<AdminQueue>('/api/admin/reports');
    expect(queue.body.entries.find((entry) => entry.code === request.code)).toMatchObject({
      type: 'request',
      encrypted: true,
      status: 'quarantined',
      reports: 3,
    });
    const shown = await admin.get<AdminShare>(`/api/admin/shares/${request.code}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      type: 'request',
      encrypted: true,
      status: 'quarantined',
      text: null,
      files: [],
      request: {
        message: 'Please send the signed form',
        accepts: { files: true, text: true },
        submissions: 1,
        maxSubmissions: 4,
      },
    });
    // A text travels sealed in its header: no stored bytes.
    expect(shown.body.size).toBe(0);
    expect(shown.body.reports).toHaveLength(3);
    const overview = await admin.get<{ liveRequests: number }>('/api/admin/overview');
    expect(overview.body.liveRequests).toEqual(expect.any(Number));
  });

  it('restores a request, which takes submissions again, or deletes it for good', async () => {
    const admin = await consoleSession(server.url);
    const kept = await reportedRequest();
    const restored = await admin.change('POST', `/api/admin/shares/${kept.code}/restore`);
    expect(restored.status).toBe(204);
    expect((await http(server.url, `/api/requests/${kept.code}`)).status).toBe(200);

    const removed = await reportedRequest();
    const deleted = await admin.change('DELETE', `/api/admin/shares/${removed.code}`);
    expect(deleted.status).toBe(204);
    expect((await http(server.url, `/api/requests/${removed.code}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/shares/${removed.code}`)).status).toBe(404);
  });

  it('counts live requests apart from shares', async () => {
    const admin = await consoleSession(server.url);
    const before = await admin.get<{ liveRequests: number }>('/api/admin/overview');
    await createRequest(server.url);
    const after = await admin.get<{ liveRequests: number }>('/api/admin/overview');
    expect(after.body.liveRequests).toBe(before.body.liveRequests + 1);
  });

  it('refuses to block a request: its bytes are sealed to the asker', async () => {
    const admin = await consoleSession(server.url);
    const request = await reportedRequest();
    const blocked = await admin.change('POST', `/api/admin/shares/${request.code}/block`);
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
