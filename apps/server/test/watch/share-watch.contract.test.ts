import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { upload } from '../support/files.js';
import { listenAt, type RoomListener } from '../support/room-events.js';
import { createRequest, textSubmissionHeader } from '../support/requests.js';

// A creator's live view (docs/api.md#a-creators-live-view): the state of a share while its
// result card is open, for the holder of its delete token only.
describe.each(testDialects())("a creator's live view on %s", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();
  const open: RoomListener[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    for (const listener of open) listener.close();
    await server?.close();
    await database?.drop();
  });

  const createText = async (extra: Record<string, unknown> = {}) => {
    const res = await http<{ code: string; deleteToken: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'watched words', ...extra },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const watch = async (code: string, token: string) => {
    const listener = await listenAt(`${server.url}/api/shares/${code}/events`, {
      authorization: `Bearer ${token}`,
    });
    open.push(listener);
    return listener;
  };

  it('shows a text share live and unopened, then opened once someone looks it up', async () => {
    const share = await createText();
    const view = await watch(share.code, share.deleteToken);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await view.next('state')).data).toEqual({
      code: share.code,
      standing: 'live',
      viewed: false,
      downloads: null,
      reports: 0,
      submissions: null,
      expiresAt: expect.any(String),
    });
    expect((await http(server.url, `/api/shares/${share.code}`)).status).toBe(200);
    expect((await view.next('state')).data).toMatchObject({ standing: 'live', viewed: true });
    // A second lookup changes nothing the creator sees: no write, no event.
    await http(server.url, `/api/shares/${share.code}`);
    const report = await http(server.url, `/api/shares/${share.code}/reports`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    expect(report.status).toBe(202);
    expect((await view.next('state')).data).toMatchObject({ viewed: true, reports: 1 });
  });

  it('refuses anyone without the delete token, the same way for a code with no share', async () => {
    const share = await createText();
    for (const [code, headers] of [
      [share.code, {}],
      [share.code, { authorization: `Bearer ${'x'.repeat(43)}` }],
      ['999999', { authorization: `Bearer ${share.deleteToken}` }],
    ] as const) {
      const refused = await listenAt(`${server.url}/api/shares/${code}/events`, headers);
      expect(refused.status).toBe(403);
      expect(refused.problem).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('counts the downloads of a file share and ends with the last one', async () => {
    const made = await upload(
      server.url,
      { bytes: randomBytes(64), name: 'a.bin' },
      { maxDownloads: '2' },
    );
    const share = made.body as { code: string; deleteToken: string };
    const view = await watch(share.code, share.deleteToken);
    expect((await view.next('state')).data).toMatchObject({
      downloads: { count: 0, max: 2 },
      viewed: false,
    });
    const take = () =>
      http(server.url, `/api/shares/${share.code}/downloads`, { method: 'POST', json: {} });
    expect((await take()).status).toBe(200);
    expect((await view.next('state')).data).toMatchObject({
      standing: 'live',
      viewed: true,
      downloads: { count: 1, max: 2 },
    });
    await take();
    expect((await view.next('state')).data).toMatchObject({
      standing: 'exhausted',
      downloads: { count: 2, max: 2 },
    });
    await view.closed;
  });

  it('ends with the share: burnt by its one read, or deleted by its creator', async () => {
    const burning = await createText({ burnAfterReading: true });
    const burnView = await watch(burning.code, burning.deleteToken);
    await burnView.next('state');
    await http(server.url, `/api/shares/${burning.code}/read`, { method: 'POST' });
    expect((await burnView.next('state')).data).toMatchObject({ standing: 'burnt', viewed: true });
    await burnView.closed;

    const deleting = await createText();
    const deleteView = await watch(deleting.code, deleting.deleteToken);
    await deleteView.next('state');
    await http(server.url, `/api/shares/${deleting.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${deleting.deleteToken}` },
    });
    expect((await deleteView.next('state')).data).toMatchObject({ standing: 'deleted' });
    await deleteView.closed;
  });

  it('says an expired share is expired', async () => {
    const share = await createText({ expiresInSeconds: 3_600 });
    clock.advance(3_601);
    const view = await watch(share.code, share.deleteToken);
    expect((await view.next('state')).data).toMatchObject({ standing: 'expired' });
    await view.closed;
  });

  it("counts a request's submissions for its asker", async () => {
    const request = await createRequest(server.url);
    const view = await watch(request.code, request.deleteToken);
    expect((await view.next('state')).data).toMatchObject({ submissions: 0, downloads: null });
    const sent = await http(server.url, `/api/requests/${request.code}/submissions`, {
      method: 'POST',
      json: { header: await textSubmissionHeader(request.publicKey) },
    });
    expect(sent.status).toBe(201);
    expect((await view.next('state')).data).toMatchObject({ submissions: 1 });
  });
});
