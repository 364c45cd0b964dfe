import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jsonOf, runCli, type CliResult, type SendJson } from './support/cli.js';
import { scratchDir } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

const fileBytes = 200 * 1024 * 1024;
/** Node itself takes about 50 MiB; one 1 MiB segment in flight must not add a file's worth. */
const maxRssKiB = 150 * 1024;

let server: TestServer;
let work: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  server = await startServer({ MAX_FILE_BYTES: String(256 * 1024 * 1024) });
  work = await scratchDir();
});
afterAll(async () => {
  await server?.stop();
  await work?.remove();
});

/** 200 MiB of a cheap varying pattern (a counter per 4 bytes), written 4 MiB at a time. */
async function writeBigFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const block = Buffer.alloc(4 * 1024 * 1024);
  for (let offset = 0; offset < fileBytes; offset += block.length) {
    for (let i = 0; i < block.length; i += 4)
      block.writeUInt32LE((((offset + i) >>> 2) * 0x9e3779b1) >>> 0, i);
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
  return hash.digest('hex');
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function peakRssKiB(result: CliResult): number {
  const match = /codedrop: maxRSS (\d+) KiB/.exec(result.stderr);
  expect(match, result.stderr).not.toBeNull();
  return Number(match![1]);
}

test(
  'a 200 MiB file is encrypted, uploaded, downloaded and decrypted in bounded memory',
  { timeout: 300_000 },
  async () => {
    const source = join(work.dir, 'big.bin');
    const digest = await writeBigFile(source);
    const env = { CODEDROP_DEBUG_RSS: '1' };

    const sent = await runCli(['send', source, '--password', 'big pw', '--json'], {
      server: server.url,
      env,
    });
    const { code } = jsonOf<SendJson>(sent);
    const sendRss = peakRssKiB(sent);

    const got = await runCli(['get', code, '--password', 'big pw', '-o', 'copy.bin'], {
      server: server.url,
      cwd: work.dir,
      env,
    });
    expect(got.status, got.stderr).toBe(0);
    const getRss = peakRssKiB(got);
    expect(await sha256Of(join(work.dir, 'copy.bin'))).toBe(digest);

    console.info(
      `peak RSS: send ${Math.round(sendRss / 1024)} MiB, get ${Math.round(getRss / 1024)} MiB`,
    );
    expect(sendRss).toBeLessThan(maxRssKiB);
    expect(getRss).toBeLessThan(maxRssKiB);
  },
);

test(
  'a 200 MiB file sent to a request (tus, in chunks) and picked up stays in bounded memory',
  { timeout: 300_000 },
  async () => {
    const source = join(work.dir, 'for-request.bin');
    const digest = await writeBigFile(source);
    const env = { CODEDROP_DEBUG_RSS: '1' };
    const asked = await runCli(['request', '--password', 'big pw', '--files', '--json'], {
      server: server.url,
    });
    const { code } = jsonOf<{ code: string }>(asked);

    const sent = await runCli(['send', '--to', code, source], { server: server.url, env });
    expect(sent.status, sent.stderr).toBe(0);
    const sendRss = peakRssKiB(sent);

    const got = await runCli(['get', code, '--password', 'big pw', '-o', 'picked'], {
      server: server.url,
      cwd: work.dir,
      env,
    });
    expect(got.status, got.stderr).toBe(0);
    const getRss = peakRssKiB(got);
    const [folder] = await readdir(join(work.dir, 'picked'));
    expect(await sha256Of(join(work.dir, 'picked', folder!, 'for-request.bin'))).toBe(digest);

    console.info(
      `request, peak RSS: send ${Math.round(sendRss / 1024)} MiB, get ${Math.round(getRss / 1024)} MiB`,
    );
    expect(sendRss).toBeLessThan(maxRssKiB);
    expect(getRss).toBeLessThan(maxRssKiB);
  },
);
