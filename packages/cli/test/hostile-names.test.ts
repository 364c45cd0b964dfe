import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createKeys, encryptBlob, sealFileMeta } from '@codedrop/crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from './support/cli.js';
import { listTree, read, scratchDir } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * An encrypted share whose sealed metadata carries names chosen by an attacker: the server
 * cannot see, let alone clean, them, so only the CLI stands between them and the disk.
 */
async function shareWithNames(names: string[], password: string): Promise<string> {
  const keys = await createKeys(password);
  const contents = names.map((name, i) => Buffer.from(`file ${i}: ${name}`));
  const metas = names.map((name, i) => ({ name, type: 'text/plain', size: contents[i]!.length }));
  const form = new FormData();
  form.append('maxDownloads', '5');
  form.append('encryptedPayload', JSON.stringify(await sealFileMeta(keys, metas)));
  form.append('authVerifier', keys.authVerifier);
  for (const content of contents) {
    form.append('file', await encryptBlob(new Blob([content]), keys.encKey), 'encrypted_file');
  }
  const response = await fetch(`${server.url}/api/files`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { code: string }).code;
}

test('names that climb out of the folder are saved inside it', async () => {
  const work = await scratchDir();
  try {
    const cwd = join(work.dir, 'deep', 'cwd');
    await mkdir(cwd, { recursive: true });
    const names = ['../../evil.txt', '..\\..\\win.txt', '/etc/passwd', '..', 'ok.txt', 'ok.txt'];
    const code = await shareWithNames(names, 'pw');
    const got = await runCli(['get', code, '--password', 'pw'], { server: server.url, cwd });
    expect(got.stderr).toBe('');
    expect(got.status).toBe(0);
    const folder = `codedrop-${code}`;
    // Nothing anywhere but inside the bundle's folder; duplicates are numbered, not replaced.
    expect(await listTree(work.dir)).toEqual(
      ['download', 'evil.txt', 'ok (2).txt', 'ok.txt', 'passwd', 'win.txt'].map(
        (name) => `deep/cwd/${folder}/${name}`,
      ),
    );
    expect((await read(join(cwd, folder, 'evil.txt'))).toString()).toBe('file 0: ../../evil.txt');
    expect((await read(join(cwd, folder, 'ok (2).txt'))).toString()).toBe('file 5: ok.txt');

    // One file alone is saved in the current folder, under its last name segment.
    const single = await shareWithNames(['../../evil.txt'], 'pw');
    const one = await runCli(['get', single, '--password', 'pw'], { server: server.url, cwd });
    expect(one.status).toBe(0);
    expect((await read(join(cwd, 'evil.txt'))).toString()).toBe('file 0: ../../evil.txt');
    expect(await listTree(join(work.dir, 'deep'))).toContain('cwd/evil.txt');
    expect((await listTree(work.dir)).filter((path) => !path.startsWith('deep/cwd/'))).toEqual([]);
  } finally {
    await work.remove();
  }
});
