import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './support/app.js';
import { TestClock } from './support/clock.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { upload } from './support/files.js';
import { removeShare } from '../src/modules/moderation/admin-actions.js';

const mode = (path: string) => statSync(path).mode & 0o777;

/** SQLite and local blobs in a DATA_DIR that does not exist yet, as on a first start. */
describe('data at rest (SQLite, local storage)', () => {
  let root: string;
  let dataDir: string;
  let server: TestApp | undefined;
  const clock = new TestClock();

  async function start(env: Record<string, string> = {}) {
    root = mkdtempSync(join(tmpdir(), 'codedrop-rest-'));
    dataDir = join(root, 'data');
    server = await startTestApp(
      { url: `sqlite:${join(dataDir, 'codedrop.db')}`, dataDir, drop: async () => {} },
      { clock, env: { RATE_LIMIT_DISABLED: 'true', ...env } },
    );
    return server;
  }
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('creates DATA_DIR owner-only and every file in it 0600', async () => {
    const app = await start();
    const created = await upload(app.url, { bytes: randomBytes(10), name: 'a.txt' });
    expect(created.status).toBe(201);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'blobs'))).toBe(0o700);
    for (const file of ['codedrop.db', 'codedrop.db-wal', 'codedrop.db-shm', 'secrets.json']) {
      expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
    }
    const [blob] = readdirSync(join(dataDir, 'blobs'));
    expect(mode(join(dataDir, 'blobs', blob!))).toBe(0o600);
  });

  it('keeps generated secrets in SECRETS_FILE when it is set', async () => {
    const secretsDir = mkdtempSync(join(tmpdir(), 'codedrop-secrets-'));
    try {
      const secretsFile = join(secretsDir, 'keys', 'codedrop-secrets.json');
      await start({ SECRETS_FILE: secretsFile });
      expect(JSON.parse(readFileSync(secretsFile, 'utf8'))).toHaveProperty('recoveryKey');
      expect(mode(secretsFile)).toBe(0o600);
      expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    } finally {
      rmSync(secretsDir, { recursive: true, force: true });
    }
  });

  it('leaves no trace of a burnt note in the database file or its WAL once swept', async () => {
    const app = await start();
    const marker = `marker-${randomBytes(12).toString('hex')}`;
    const created = await http<{ code: string }>(app.url, '/api/shares', {
      method: 'POST',
      json: { type: 'notepad', content: `<p>secret ${marker}</p>`, burnAfterReading: true },
    });
    expect(created.status).toBe(201);
    const read = await http<{ content: string }>(app.url, `/api/shares/${created.body.code}/read`, {
      method: 'POST',
    });
    expect(read.body.content).toContain(marker);
    clock.advance(600);
    const swept = await app.app.sweeper.runOnce();
    expect(swept.rows).toBe(1);
    for (const file of ['codedrop.db', 'codedrop.db-wal']) {
      const path = join(dataDir, file);
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      expect([file, bytes.includes(marker)]).toEqual([file, false]);
    }
  });

  /** Whether `marker` is in the database file or its WAL, looked at until `withinMs`. */
  async function lingers(marker: string, withinMs: number): Promise<string[]> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const found = ['codedrop.db', 'codedrop.db-wal'].filter((file) => {
        const path = join(dataDir, file);
        return existsSync(path) && readFileSync(path).includes(marker);
      });
      if (found.length === 0 || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const endings: Array<[string, (app: TestApp, code: string, token: string) => Promise<void>]> = [
    [
      'read once (burn after reading)',
      async (app, code) => {
        const read = await http(app.url, `/api/shares/${code}/read`, { method: 'POST' });
        expect(read.status).toBe(200);
      },
    ],
    [
      'deleted by its creator',
      async (app, code, token) => {
        const deleted = await http(app.url, `/api/shares/${code}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(deleted.status).toBe(204);
      },
    ],
    [
      'deleted by the operator',
      async (app, code) => {
        await removeShare(
          { db: app.app.db.kysely, blobs: app.app.blobs, ends: app.app.shareEnds },
          code,
        );
      },
    ],
  ];

  it.each(endings)(
    'leaves no trace of a text %s in the database file or its WAL within seconds, without a sweep',
    async (_ending, end) => {
      const app = await start();
      const marker = `marker-${randomBytes(12).toString('hex')}`;
      const created = await http<{ code: string; deleteToken: string }>(app.url, '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: `secret ${marker}`, burnAfterReading: true },
      });
      expect(created.status).toBe(201);
      expect(await lingers(marker, 0)).toContain('codedrop.db-wal');
      await end(app, created.body.code, created.body.deleteToken);
      // The sweep interval (60 s) is the promise; the checkpoint comes much sooner.
      expect(await lingers(marker, 5_000)).toEqual([]);
    },
  );

  it('clears the envelope and escrow when the last download makes a file gone', async () => {
    const app = await start();
    const share = fakeEncryptedShare();
    const created = await upload(
      app.url,
      { bytes: randomBytes(64), name: 'x.bin' },
      {
        maxDownloads: '1',
        encryptedPayload: JSON.stringify(share.encryptedPayload),
        authVerifier: share.authVerifier,
        recoveryEmail: 'me@example.com',
        recoveryPassword: 'correct horse',
      },
    );
    expect(created.status).toBe(201);
    const code = created.body.code as string;
    const granted = await http(app.url, `/api/shares/${code}/downloads`, {
      method: 'POST',
      json: { authKey: share.authKey },
    });
    expect(granted.status).toBe(200);
    const row = await app.app.db.kysely
      .selectFrom('shares')
      .select(['gone', 'encrypted_payload', 'recovery_escrow', 'recovery_email_hash'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      encrypted_payload: null,
      recovery_escrow: null,
      recovery_email_hash: null,
    });
    expect(Boolean(row.gone)).toBe(true);
    // Nor does the envelope stay in the WAL until a sweep.
    expect(await lingers(share.encryptedPayload.ciphertext, 5_000)).toEqual([]);
  });

  it('deletes outbox mail a day after it was written, and only then', async () => {
    const app = await start();
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const old = join(outbox, '1-old.eml');
    const fresh = join(outbox, '2-fresh.eml');
    writeFileSync(old, 'Subject: old\n\nthe password');
    writeFileSync(fresh, 'Subject: fresh\n\nthe password');
    const dayAgo = (clock.now().getTime() - 24 * 3600 * 1000 - 60_000) / 1000;
    utimesSync(old, dayAgo, dayAgo);
    await app.app.sweeper.runOnce();
    expect(readdirSync(outbox)).toEqual(['2-fresh.eml']);
  });
});
