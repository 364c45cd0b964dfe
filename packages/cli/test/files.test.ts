import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { jsonOf, runCli, type SendJson } from './support/cli.js';
import { listTree, random, read, scratchDir, writeFiles } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

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
const cli = (args: string[], cwd = outDir()) => runCli(args, { server: server.url, cwd });
const sendFiles = async (paths: string[], ...options: string[]) =>
  jsonOf<SendJson>(await cli(['send', ...paths, ...options, '--json'], inDir()));
const viewOf = async (code: string) =>
  (await (await fetch(`${server.url}/api/shares/${code}`)).json()) as {
    downloadCount: number;
    files: { name?: string; size: number }[];
  };

test('one file: sent and saved byte for byte under its own name', async () => {
  const content = random(3 * 1024 * 1024 + 17);
  const [path] = await writeFiles(inDir(), { 'report final.bin': content });
  const sent = await sendFiles([path!], '--downloads', '2');
  expect(sent.files).toEqual([{ name: 'report final.bin', size: content.length }]);

  const got = jsonOf<{ type: string; files: { name: string; path: string; size: number }[] }>(
    await cli(['get', sent.code, '--json']),
  );
  const saved = join(outDir(), 'report final.bin');
  expect(got).toEqual({
    type: 'file',
    files: [
      {
        name: 'report final.bin',
        path: saved,
        size: content.length,
        type: 'application/octet-stream',
      },
    ],
  });
  expect((await read(saved)).equals(content)).toBe(true);
  expect(await listTree(outDir())).toEqual(['report final.bin']);
});

test('a bundle of three files goes into codedrop-CODE/, in one counted download', async () => {
  const files = {
    'a.txt': Buffer.from('first\n'),
    'b.png': random(70_000),
    'c.json': Buffer.from('{}'),
  };
  const paths = await writeFiles(inDir(), files);
  const sent = await sendFiles(paths);
  expect(sent.files?.map((file) => file.name)).toEqual(['a.txt', 'b.png', 'c.json']);

  const got = await cli(['get', sent.code]);
  expect(got.stderr).toBe('');
  expect(got.status).toBe(0);
  const folder = `codedrop-${sent.code}`;
  expect(await listTree(outDir())).toEqual(
    ['a.txt', 'b.png', 'c.json'].map((n) => `${folder}/${n}`),
  );
  for (const [name, content] of Object.entries(files)) {
    expect((await read(join(outDir(), folder, name))).equals(content)).toBe(true);
  }
  expect((await viewOf(sent.code)).downloadCount).toBe(1);
});

test('existing files are never overwritten silently, and a refusal costs no download', async () => {
  const [path] = await writeFiles(inDir(), { 'note.txt': Buffer.from('new content') });
  const sent = await sendFiles([path!]);
  await writeFile(join(outDir(), 'note.txt'), 'precious');

  const refused = await cli(['get', sent.code]);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toBe(
    `codedrop: note.txt already exists in ${outDir()}: use --force to overwrite it\n`,
  );
  expect((await read(join(outDir(), 'note.txt'))).toString()).toBe('precious');
  expect((await viewOf(sent.code)).downloadCount).toBe(0);

  expect((await cli(['get', sent.code, '--force'])).status).toBe(0);
  expect((await read(join(outDir(), 'note.txt'))).toString()).toBe('new content');
  expect(await listTree(outDir())).toEqual(['note.txt']); // no part file left behind
});

test('-o names the file, or the folder of a bundle; -o - writes one file to stdout', async () => {
  const paths = await writeFiles(inDir(), {
    'x.txt': Buffer.from('x!'),
    'y.txt': Buffer.from('y!'),
  });
  const one = await sendFiles([paths[0]!], '--downloads', '4');
  expect((await cli(['get', one.code, '-o', 'renamed.txt'])).status).toBe(0);
  expect((await read(join(outDir(), 'renamed.txt'))).toString()).toBe('x!');
  const piped = await cli(['get', one.code, '-o', '-']);
  expect(piped.stdout.toString()).toBe('x!');
  expect((await cli(['get', one.code, '-o', 'new/folder/'])).status).toBe(0);
  expect((await read(join(outDir(), 'new/folder/x.txt'))).toString()).toBe('x!');

  const two = await sendFiles(paths);
  expect((await cli(['get', two.code, '-o', 'both'])).status).toBe(0);
  expect(await listTree(join(outDir(), 'both'))).toEqual(['x.txt', 'y.txt']);
});

describe('encrypted bundle', () => {
  test('--password: names travel sealed, files come back byte for byte', async () => {
    const files = { 'plan.md': Buffer.from('# secret plan\n'), 'data.bin': random(2_500_000) };
    const paths = await writeFiles(inDir(), files);
    const sent = await sendFiles(paths, '--password', 'bundle pw');
    expect(sent.files).toEqual([
      { name: 'plan.md', size: files['plan.md'].length },
      { name: 'data.bin', size: files['data.bin'].length },
    ]);
    // The server holds ciphertext only: no names, stored sizes with header and tags.
    const view = await viewOf(sent.code);
    expect(view.files.map((file) => file.name)).toEqual([undefined, undefined]);
    expect(view.files[1]!.size).toBe(12 + files['data.bin'].length + 16 * 3);

    const wrong = await cli(['get', sent.code, '--password', 'nope']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Failed to decrypt content. Please check your password.');
    expect(await listTree(outDir())).toEqual([]);

    const got = await cli(['get', sent.code, '--password', 'bundle pw', '-o', 'secret']);
    expect(got.stderr).toBe('');
    for (const [name, content] of Object.entries(files)) {
      expect((await read(join(outDir(), 'secret', name))).equals(content)).toBe(true);
    }
  });
});
