import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

/** Times GET /healthz back to back until `done` settles; returns the slowest answer. */
async function slowestHealthz(base: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let slowest = 0;
  while (!finished) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

describe('hostile notes', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const post = (content: string) =>
    http(server.url, '/api/shares', { method: 'POST', json: { type: 'notepad', content } });

  // The shapes that stalled the server: deep nesting, many elements, many attributes.
  const fill = (unit: string) => unit.repeat(Math.floor(500_000 / unit.length));
  it.each([
    ['16 000 nested <b>', '<b>'.repeat(16_000) + 'x', 400],
    // 2.8 MB: over the note's own input limit, refused before anything parses it.
    ['350 000 paragraphs', '<p>x</p>'.repeat(350_000), 413],
    ['20 000 paragraphs', '<p>x</p>'.repeat(20_000), 201],
    // Cleaned in full, then too long once every link has gained target and rel.
    ['500 000 characters of links', fill('<a href="https://a.example/">x</a>'), 400],
    ['500 000 characters of stripped attributes', fill('<p onclick="x" style="y">x</p>'), 201],
  ])('answers %s within a second while /healthz stays fast', async (_name, note, status) => {
    await post('<p>warm the worker up</p>'.repeat(2_000));
    const started = performance.now();
    const answer = post(note);
    const slowest = await slowestHealthz(server.url, answer);
    const res = await answer;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(slowest).toBeLessThan(100);
    expect(res.status).toBe(status);
  });

  it('says why a note is refused', async () => {
    expect((await post('<b>'.repeat(16_000) + 'x')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'The note is nested too deeply: at most 100 levels',
    });
    expect((await post('<p>x</p>'.repeat(30_000))).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'The note has too much formatting: at most 20,000 elements',
    });
    const long = await post('x'.repeat(1_000_001));
    expect(long.status).toBe(413);
    expect(long.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('keeps other routes to a small body', async () => {
    const res = await http(server.url, '/api/recovery', {
      method: 'POST',
      json: { email: 'a@b.example', padding: 'x'.repeat(100_000) },
    });
    expect(res.status).toBe(413);
  });
});
