import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generateRequestKeyPair, sealSubmission } from '@codedrop/crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { jsonOf, runCli } from './support/cli.js';
import { startCuttingProxy } from './support/cutting-proxy.js';
import { listTree, random, read, scratchDir, writeFiles } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

// Requests (issue 38) from the terminal, against the real server: the asker's
// `codedrop request` and `codedrop get`, the sender's `codedrop send --to`.

interface RequestJson {
  code: string;
  link: string;
  deleteToken: string;
  expiresAt: string;
  accepts: { files: boolean; text: boolean };
  maxSubmissions: number;
  pickup: string;
}

interface PickupJson {
  code: string;
  folder: string;
  submissions: {
    id: string;
    createdAt: string;
    status: 'saved' | 'already-saved' | 'unreadable';
    folder?: string;
    text?: string | null;
    files?: { name: string; path: string; size: number; type: string }[];
  }[];
}

const password = 'asker password';
let server: TestServer;
let work: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  work = await scratchDir();
  await mkdir(join(work.dir, 'in'));
  await mkdir(join(work.dir, 'out'));
});
afterEach(async () => {
  await work.remove();
});

const inDir = () => join(work.dir, 'in');
const outDir = () => join(work.dir, 'out');
const cli = (args: string[], input?: string, cwd = outDir()) =>
  runCli(args, { server: server.url, input, cwd });
const ask = async (...options: string[]) =>
  jsonOf<RequestJson>(await cli(['request', '--password', password, ...options, '--json']));
const pickUp = async (code: string, ...options: string[]) =>
  jsonOf<PickupJson>(await cli(['get', code, '--password', password, ...options, '--json']));
const publicView = async (code: string) =>
  (await (await fetch(`${server.url}/api/requests/${code}`)).json()) as {
    message: string | null;
    accepts: { files: boolean; text: boolean };
    publicKey: { curve: string };
    open: boolean;
  };

describe('codedrop request', () => {
  test('creates a request taking files and text, on X25519 unless told otherwise', async () => {
    const made = await ask('--message', 'Send me the signed form', '--max', '3');
    expect(made.code).toMatch(/^\d{4,6}$/);
    expect(made.link).toBe(`${server.url}/${made.code}`);
    expect(made.deleteToken).toMatch(/^[\w-]{20,}$/);
    expect(made).toMatchObject({
      accepts: { files: true, text: true },
      maxSubmissions: 3,
      pickup: `codedrop get ${made.code}`,
    });
    const view = await publicView(made.code);
    expect(view).toMatchObject({ message: 'Send me the signed form', open: true });
    expect(view.publicKey.curve).toBe('X25519');

    const p256 = await ask('--text', '--curve', 'P-256');
    expect(p256.accepts).toEqual({ files: false, text: true });
    expect((await publicView(p256.code)).publicKey.curve).toBe('P-256');
  });

  test('prints the code, the link, the delete token and how to pick up', async () => {
    const result = await cli(['request', '--password', password, '--files']);
    expect(result.stderr).toBe('');
    const out = result.stdout.toString();
    const code = /^Code: +(\d+)$/m.exec(out)?.[1];
    expect(code).toBeDefined();
    expect(out).toContain(`Link:         ${server.url}/${code}`);
    expect(out).toMatch(/^Delete token: [\w-]{20,}$/m);
    expect(out).toContain(`codedrop get ${code}`);
    expect(out).not.toContain('\x1b['); // stdout is a pipe: no QR code
  });

  test('without a terminal to ask on, a password must be given', async () => {
    const result = await cli(['request']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'codedrop: a request needs a password: pass --password or run it on a terminal\n',
    );
  });
});

describe('sending text and picking it up', () => {
  test('the text comes back byte for byte in its own folder; a second get keeps it', async () => {
    const made = await ask();
    const text = 'héllo ✓\r\nsecond line\n';
    const sent = await cli(['send', '--to', made.code], text);
    expect(sent.stderr).toBe('');
    expect(sent.stdout.toString()).toBe('Sent. Only the person who asked can open it.\n');

    const got = await cli(['get', made.code, '--password', password]);
    expect(got.status).toBe(0);
    const tree = await listTree(outDir());
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatch(
      new RegExp(
        `^codedrop-request-${made.code}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ-[\\w-]{8}/text\\.txt$`,
      ),
    );
    expect((await read(join(outDir(), tree[0]!))).toString('utf8')).toBe(text);
    expect(got.stdout.toString()).toMatch(/^Saved .*: a text\n$/);

    const again = await pickUp(made.code);
    expect(again.submissions.map((s) => s.status)).toEqual(['already-saved']);
    expect(await listTree(outDir())).toEqual(tree);
  });

  test('a wrong password is refused with the attempts left, and nothing is written', async () => {
    const made = await ask();
    await cli(['send', '--to', made.code], 'secret');
    const wrong = await cli(['get', made.code, '--password', 'not it']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toBe(
      'codedrop: Failed to decrypt content. Please check your password. 9 attempts left.\n',
    );
    expect(await readdir(outDir())).toEqual([]);
  });

  test('a submission sealed to another key is reported; the others are still saved', async () => {
    const made = await ask();
    // A stranger's submission that passes the server's checks but was made for another key.
    const other = await generateRequestKeyPair('X25519');
    const raw = await crypto.subtle.exportKey('raw', other.publicKey);
    const otherKey = { curve: 'X25519', key: Buffer.from(raw).toString('base64') };
    const { header } = await sealSubmission(otherKey, { files: [], text: 'not for you' });
    const posted = await fetch(`${server.url}/api/requests/${made.code}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ header }),
    });
    expect(posted.status).toBe(201);
    expect((await cli(['send', '--to', made.code], 'for you')).status).toBe(0);

    const got = await cli(['get', made.code, '--password', password]);
    expect(got.status).toBe(1);
    expect(got.stderr).toMatch(
      /^Could not open the submission of .+: it was altered, or made for another key\ncodedrop: 1 submission could not be opened\n$/,
    );
    const tree = await listTree(outDir());
    expect(tree).toHaveLength(1);
    expect((await read(join(outDir(), tree[0]!))).toString()).toBe('for you');
  });

  test('a request with nothing sent yet says so and creates no folder', async () => {
    const made = await ask();
    const got = await cli(['get', made.code, '--password', password]);
    expect(got.stdout.toString()).toBe('No submissions yet.\n');
    expect(await readdir(outDir())).toEqual([]);
  });
});

describe('what a request refuses', () => {
  test('a text-only request refuses files, a files-only request refuses text', async () => {
    const textOnly = await ask('--text');
    const [path] = await writeFiles(inDir(), { 'a.txt': Buffer.from('a') });
    const files = await cli(['send', '--to', textOnly.code, path!]);
    expect(files.status).toBe(1);
    expect(files.stderr).toBe('codedrop: This request takes text only, not files.\n');

    const filesOnly = await ask('--files');
    const text = await cli(['send', '--to', filesOnly.code], 'some text');
    expect(text.status).toBe(1);
    expect(text.stderr).toBe('codedrop: This request takes files only, not text.\n');
  });

  test('a full request takes no more submissions', async () => {
    const made = await ask('--max', '1');
    expect((await cli(['send', '--to', made.code], 'first')).status).toBe(0);
    const second = await cli(['send', '--to', made.code], 'second');
    expect(second.status).toBe(1);
    expect(second.stderr).toBe('codedrop: This request is not taking any more submissions.\n');
    expect((await pickUp(made.code)).submissions).toHaveLength(1);
  });

  test('a request ended with its delete token is gone for senders and the asker', async () => {
    const made = await ask();
    // --token=: a token may begin with "-", which would read as an option.
    const deleted = await cli(['delete', made.code, `--token=${made.deleteToken}`]);
    expect(deleted.status).toBe(0);
    const send = await cli(['send', '--to', made.code], 'too late');
    expect(send.status).toBe(1);
    const get = await cli(['get', made.code, '--password', password]);
    expect(get.status).toBe(1);
    expect(get.stderr).toBe(send.stderr);
    expect(get.stderr).toMatch(/^codedrop: .+\n$/);
  });
});

describe.each(['X25519', 'P-256'])('files on %s', (curve) => {
  test('several files and a message arrive byte for byte, in one submission', async () => {
    const made = await ask('--curve', curve);
    const contents = {
      'report.pdf': random(2 * 1024 * 1024 + 3),
      'empty.txt': Buffer.alloc(0),
      'photo.png': random(70_000),
    };
    const paths = await writeFiles(inDir(), contents);
    const sent = await cli(['send', '--to', made.code, ...paths, '--message', 'as promised']);
    expect(sent.stderr).toBe('');
    expect(sent.stdout.toString()).toBe('Sent. Only the person who asked can open it.\n');

    const got = await pickUp(made.code);
    expect(got.folder).toBe(join(outDir(), `codedrop-request-${made.code}`));
    expect(got.submissions).toHaveLength(1);
    const [submission] = got.submissions;
    expect(submission!.status).toBe('saved');
    expect(submission!.files!.map(({ name, size }) => ({ name, size }))).toEqual(
      Object.entries(contents).map(([name, content]) => ({ name, size: content.length })),
    );
    for (const [name, content] of Object.entries(contents)) {
      expect((await read(join(submission!.folder!, name))).equals(content)).toBe(true);
    }
    expect((await read(submission!.text!)).toString()).toBe('as promised');
    // Nothing else: no part files or folders left behind.
    expect((await listTree(got.folder)).length).toBe(4);
  });
});

test('files sent over a connection that drops mid-upload arrive whole', async () => {
  const proxy = await startCuttingProxy(server.url);
  try {
    const made = await ask();
    const content = random(10 * 1024 * 1024 + 77); // two chunks at the default chunk size
    const [path] = await writeFiles(inDir(), { 'big.bin': content });
    proxy.cutPatchesAfter(3 * 1024 * 1024);
    const sent = await runCli(['send', '--to', made.code, path!], { server: proxy.url });
    expect(sent.stderr).toBe('');
    expect(proxy.cuts).toBe(1);
    const got = await pickUp(made.code);
    const [submission] = got.submissions;
    expect((await read(join(submission!.folder!, 'big.bin'))).equals(content)).toBe(true);
  } finally {
    await proxy.close();
  }
});

test('-o names the folder, and --force saves a submission again', async () => {
  const made = await ask();
  const [path] = await writeFiles(inDir(), { 'only.bin': random(1000) });
  expect((await cli(['send', '--to', made.code, path!])).status).toBe(0);
  const first = await pickUp(made.code, '-o', 'picked');
  expect(first.folder).toBe(join(outDir(), 'picked'));
  const again = await pickUp(made.code, '-o', 'picked', '--force');
  expect(again.submissions.map((s) => s.status)).toEqual(['saved']);
  expect((await listTree(join(outDir(), 'picked'))).length).toBe(1);
});
