import { randomBytes } from 'node:crypto';
import { messages, requestMessages } from '@codedrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { createRequest, fakeRequestBody, textSubmissionHeader } from '../support/requests.js';

describe.each(testDialects())('requests on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const unlock = (code: string, authKey: string) =>
    http<Record<string, unknown>>(server.url, `/api/requests/${code}/unlock`, {
      method: 'POST',
      json: { authKey },
    });
  const submitText = (code: string, header: unknown) =>
    http<{ id: string; code?: string }>(server.url, `/api/requests/${code}/submissions`, {
      method: 'POST',
      json: { header },
    });
  const list = (code: string, token: string) =>
    http<{ submissions: Array<Record<string, unknown>> }>(
      server.url,
      `/api/requests/${code}/submissions`,
      { headers: { authorization: `Bearer ${token}` } },
    );
  const pickupToken = async (code: string, authKey: string) => {
    const unlocked = await unlock(code, authKey);
    expect(unlocked.status).toBe(200);
    return unlocked.body.pickupToken as string;
  };
  const submissionRows = (code: string) =>
    server.app.db.kysely
      .selectFrom('submissions')
      .select('id')
      .where('request_code', '=', code)
      .execute();

  it('creates a request whose lookup shows what a sender needs, never the sealed key', async () => {
    const made = await fakeRequestBody({ maxSubmissions: 3 });
    const created = await http<{ code: string; deleteToken: string }>(server.url, '/api/requests', {
      method: 'POST',
      json: made.body,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: expect.stringMatching(/^\d+$/) });
    expect(created.body.deleteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = await http(server.url, `/api/requests/${created.body.code}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      code: created.body.code,
      message: 'Please send the signed form',
      publicKey: made.publicKey,
      accepts: { files: true, text: true },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      open: true,
      kdf: made.body.encryptedPayload.kdf,
      attemptsLeft: 10,
    });
    expect(JSON.stringify(view.body)).not.toContain(made.body.encryptedPayload.ciphertext);
  });

  it('documents every request route in the OpenAPI document', async () => {
    const res = await http<{ paths: Record<string, Record<string, unknown>> }>(
      server.url,
      '/api/openapi.json',
    );
    expect(res.status).toBe(200);
    const methods = (path: string) => Object.keys(res.body.paths[path] ?? {}).sort();
    expect(methods('/api/requests')).toEqual(['post']);
    expect(methods('/api/requests/{code}')).toEqual(['get']);
    expect(methods('/api/requests/{code}/unlock')).toEqual(['post']);
    expect(methods('/api/requests/{code}/submissions')).toEqual(['get', 'post']);
    expect(methods('/api/requests/{code}/submissions/{id}')).toEqual(['delete']);
    expect(methods('/api/requests/{code}/submissions/{id}/blob')).toEqual(['get']);
  });

  it.each([
    ['accepts neither files nor text', { accepts: { files: false, text: false } }],
    ['more than 100 submissions', { maxSubmissions: 101 }],
    ['no submission at all', { maxSubmissions: 0 }],
    ['a message over 500 characters', { message: 'x'.repeat(501) }],
    ['a message with control characters', { message: 'bell\u0007' }],
    ['a lifetime that is not one of the choices', { expiresInSeconds: 12_345 }],
    ['an X25519 key of the wrong length', { publicKey: { curve: 'X25519', key: 'AAAA' } }],
    ['an unknown curve', { publicKey: { curve: 'P-384', key: 'AAAA' } }],
  ])('refuses a request with %s', async (_label, patch) => {
    const made = await fakeRequestBody(patch);
    const res = await http(server.url, '/api/requests', { method: 'POST', json: made.body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a tampered public key: a P-256 point that is not on the curve', async () => {
    const made = await fakeRequestBody();
    const raw = Buffer.from(made.publicKey.key, 'base64');
    raw[64] = raw[64]! ^ 1;
    const tampered = { curve: 'P-256', key: raw.toString('base64') };
    const res = await http(server.url, '/api/requests', {
      method: 'POST',
      json: { ...made.body, publicKey: tampered },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ field: 'publicKey' }] });
  });

  it('answers 404 for a request code on every share-only path, and the other way round', async () => {
    const request = await createRequest(server.url);
    const key = randomBytes(32).toString('base64');
    for (const [method, path, json] of [
      ['GET', `/api/shares/${request.code}`, undefined],
      ['POST', `/api/shares/${request.code}/read`, undefined],
      ['POST', `/api/shares/${request.code}/unlock`, { authKey: request.authKey }],
      ['POST', `/api/shares/${request.code}/downloads`, { authKey: key }],
    ] as const) {
      const res = await http(server.url, path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 'SHARE_NOT_FOUND' });
    }
    const share = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'a share' },
    });
    expect((await http(server.url, `/api/requests/${share.body.code}`)).status).toBe(404);
    // The unlock of the request itself was not spent by the share paths.
    expect((await unlock(request.code, request.authKey)).status).toBe(200);
  });

  it('unlocks with the right key: the sealed key, a pickup token and the submissions', async () => {
    const made = await fakeRequestBody();
    const created = await http<{ code: string }>(server.url, '/api/requests', {
      method: 'POST',
      json: made.body,
    });
    const code = created.body.code;
    const header = await textSubmissionHeader(made.publicKey);
    expect((await submitText(code, header)).status).toBe(201);
    const unlocked = await unlock(code, made.authKey);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.encryptedPayload).toEqual(made.body.encryptedPayload);
    expect(unlocked.body.pickupToken).toEqual(expect.any(String));
    expect(unlocked.body.submissions).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        header,
        storedBytes: 0,
        hasFile: false,
      },
    ]);
  });

  it('wrong keys count down with the share lockout; the tenth destroys the request', async () => {
    const request = await createRequest(server.url);
    const header = await textSubmissionHeader(request.publicKey);
    expect((await submitText(request.code, header)).status).toBe(201);
    for (let attempt = 1; attempt < 10; attempt++) {
      const res = await unlock(request.code, randomBytes(32).toString('base64'));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', attemptsLeft: 10 - attempt });
    }
    const last = await unlock(request.code, randomBytes(32).toString('base64'));
    expect(last.body).toMatchObject({ code: 'SHARE_DESTROYED', detail: messages.shareDestroyed });
    expect((await unlock(request.code, request.authKey)).status).toBe(410);
    expect((await http(server.url, `/api/requests/${request.code}`)).status).toBe(410);
    // Destroyed with everything that was sent to it.
    expect(await submissionRows(request.code)).toEqual([]);
  });

  it('lists the complete submissions oldest first, only with a pickup token for that code', async () => {
    const request = await createRequest(server.url);
    const other = await createRequest(server.url);
    const first = await submitText(
      request.code,
      await textSubmissionHeader(request.publicKey, 'one'),
    );
    clock.advance(1);
    const second = await submitText(
      request.code,
      await textSubmissionHeader(request.publicKey, 'two'),
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    const token = await pickupToken(request.code, request.authKey);
    const listed = await list(request.code, token);
    expect(listed.status).toBe(200);
    expect(listed.body.submissions.map((s) => s.id)).toEqual([first.body.id, second.body.id]);
    const refused = [
      await http(server.url, `/api/requests/${request.code}/submissions`),
      await list(request.code, `${token.slice(0, -2)}AA`),
      await list(other.code, token),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses a tampered or malformed header and takes no slot for it', async () => {
    const request = await createRequest(server.url, { maxSubmissions: 1 });
    const header = await textSubmissionHeader(request.publicKey);
    const shortKey = { ...header, kex: { ...header.kex, epk: header.kex.epk.slice(8) } };
    for (const bad of [
      { ...header, v: 2 },
      { ...header, kex: { ...header.kex, name: 'ECDH-P384' } },
      shortKey,
      { ...header, iv: 'AAAA' },
      { ...header, extra: true },
    ]) {
      const res = await submitText(request.code, bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await submitText(request.code, header)).status).toBe(201);
  });

  it('a burst of senders takes exactly max_submissions slots; the rest are told it is full', async () => {
    const request = await createRequest(server.url, { maxSubmissions: 2 });
    const header = await textSubmissionHeader(request.publicKey);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submitText(request.code, header)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const full = answers.filter((a) => a.status !== 201);
    expect(full.map((a) => a.status)).toEqual(Array(6).fill(409));
    expect(full[0]!.body).toMatchObject({ code: 'REQUEST_FULL', detail: requestMessages.full });
    const view = await http(server.url, `/api/requests/${request.code}`);
    expect(view.body).toMatchObject({ open: false });
    expect(await submissionRows(request.code)).toHaveLength(2);
  });

  it('refuses text to a request for files only', async () => {
    const request = await createRequest(server.url, { accepts: { files: true, text: false } });
    const res = await submitText(request.code, await textSubmissionHeader(request.publicKey));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'REQUEST_NOT_ACCEPTING',
      detail: requestMessages.notAcceptingText,
    });
  });

  it('deletes one submission with the pickup token', async () => {
    const request = await createRequest(server.url);
    const sent = await submitText(request.code, await textSubmissionHeader(request.publicKey));
    const token = await pickupToken(request.code, request.authKey);
    const path = `/api/requests/${request.code}/submissions/${sent.body.id}`;
    const without = await http(server.url, path, { method: 'DELETE' });
    expect(without.status).toBe(403);
    const auth = { authorization: `Bearer ${token}` };
    expect((await http(server.url, path, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await list(request.code, token)).body.submissions).toEqual([]);
    expect((await http(server.url, path, { method: 'DELETE', headers: auth })).status).toBe(404);
  });

  it('ends with its delete token like a share: gone at once, its submissions with it', async () => {
    const request = await createRequest(server.url);
    await submitText(request.code, await textSubmissionHeader(request.publicKey));
    const token = await pickupToken(request.code, request.authKey);
    const deleted = await http(server.url, `/api/shares/${request.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${request.deleteToken}` },
    });
    expect(deleted.status).toBe(204);
    const after = await http(server.url, `/api/requests/${request.code}`);
    expect(after.status).toBe(410);
    expect(after.body).toMatchObject({ code: 'SHARE_DELETED' });
    expect(await submissionRows(request.code)).toEqual([]);
    expect((await list(request.code, token)).status).toBe(410);
    const late = await submitText(request.code, await textSubmissionHeader(request.publicKey));
    expect(late.body).toMatchObject({ code: 'SHARE_DELETED' });
  });

  it('expires: refuses senders with 410, and the sweeper reclaims it and its submissions', async () => {
    const request = await createRequest(server.url, { expiresInSeconds: 3600 });
    await submitText(request.code, await textSubmissionHeader(request.publicKey));
    clock.advance(3600);
    const view = await http(server.url, `/api/requests/${request.code}`);
    expect(view.status).toBe(410);
    expect(view.body).toMatchObject({ code: 'SHARE_EXPIRED' });
    const late = await submitText(request.code, await textSubmissionHeader(request.publicKey));
    expect(late.status).toBe(410);
    await server.app.sweeper.runOnce();
    expect((await http(server.url, `/api/requests/${request.code}`)).status).toBe(404);
    expect(await submissionRows(request.code)).toEqual([]);
  });

  it('the sweeper deletes a submission whose request row is gone (written in a race)', async () => {
    const request = await createRequest(server.url);
    const header = await textSubmissionHeader(request.publicKey);
    const kept = await submitText(request.code, header);
    await server.app.db.kysely
      .insertInto('submissions')
      .values({
        id: 'orphan-submission-row',
        request_code: '99999999',
        created_at: clock.now(),
        header: JSON.stringify(header),
        blob_key: null,
        stored_bytes: 0,
      })
      .execute();
    await server.app.sweeper.runOnce();
    expect(await submissionRows('99999999')).toEqual([]);
    expect(await submissionRows(request.code)).toEqual([{ id: kept.body.id }]);
  });
});
