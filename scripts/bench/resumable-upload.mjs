// The resumable upload row (issue "Uploads that survive"): a 200 MiB file sent with the tus
// protocol in UPLOAD_CHUNK_BYTES chunks, against the bare server piping one request body to
// disk and syncing it (CodeDrop says a chunk is stored only once it is on the disk, so a
// baseline that left the bytes in the page cache measured the disk against memory), and
// the CodeDrop server's RSS growth while it happens.
import { createReadStream } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { startBareStreamToDisk } from './baselines.mjs';
import { startCodeDrop } from './codedrop-server.mjs';
import { measureRssGrowth } from './memory-probe.mjs';
import { postStreamed } from './multipart-upload.mjs';
import { flushPendingWrites } from './pending-writes.mjs';
import { mib } from './report.mjs';
import { writeRandomFile } from './upload-throughput.mjs';

export const chunkedBar = 0.8;
export const chunkedRssBarMiB = 64;
const fileBytes = 200 * mib;
const chunkBytes = 8 * mib;
// Paired rounds, the median one reported: on this shared machine one round in a few runs
// at half speed on either side, and a sum over rounds carried that into the ratio.
const rounds = 5;

/** One HTTP exchange with a streamed body; resolves with the status, headers and text. */
function exchange(url, { method, headers, body, agent }) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent });
    req.once('error', reject);
    req.once('response', async (res) => {
      res.setEncoding('utf8');
      let text = '';
      for await (const chunk of res) text += chunk;
      resolve({ status: res.statusCode, headers: res.headers, text });
    });
    if (body === undefined) req.end();
    else pipeline(body, req).catch(reject);
  });
}

/** The whole file through tus: creation, then one PATCH per chunk on a kept-alive socket. */
async function tusUpload(origin, file) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const started = process.hrtime.bigint();
  const meta = (value) => Buffer.from(value).toString('base64');
  const created = await exchange(`${origin}/api/uploads`, {
    method: 'POST',
    agent,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(fileBytes),
      'upload-metadata': `filename ${meta('big.bin')},maxDownloads ${meta('1')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${created.text}`);
  const url = new URL(created.headers.location, origin).href;
  for (let offset = 0; offset < fileBytes; offset += chunkBytes) {
    const end = Math.min(offset + chunkBytes, fileBytes);
    const patched = await exchange(url, {
      method: 'PATCH',
      agent,
      headers: {
        'tus-resumable': '1.0.0',
        'codedrop-upload-secret': created.headers['codedrop-upload-secret'],
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      body: createReadStream(file, { start: offset, end: end - 1 }),
    });
    if (patched.status !== 204 || Number(patched.headers['upload-offset']) !== end) {
      throw new Error(`tus PATCH at ${offset}: ${patched.status} ${patched.text}`);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  const share = await (
    await fetch(`${origin}/api/shares/${created.headers['codedrop-code']}`)
  ).json();
  if (share.status !== 'ready') throw new Error(`the uploaded share is ${share.status}`);
  return seconds;
}

/** The same bytes as one streamed request body into the bare server. */
async function bareUpload(origin, file) {
  const { status, text, seconds } = await postStreamed(`${origin}/upload`, {
    contentType: 'application/octet-stream',
    contentLength: fileBytes,
    stream: () => createReadStream(file),
  });
  if (status !== 201 || JSON.parse(text).bytes !== fileBytes) {
    throw new Error(`bare upload: ${status} ${text}`);
  }
  return seconds;
}

/**
 * MiB/s of each in the round (of `rounds` alternating pairs, after one warm-up each) whose
 * ratio is the median, and the CodeDrop server's RSS growth (peak) during one whole
 * chunked upload of 200 MiB.
 */
export async function chunkedUploads(work, scratch, start) {
  const file = join(work, 'upload-200mib.bin');
  await writeRandomFile(file, fileBytes);
  const codedrop = await start(
    startCodeDrop(await scratch('tus-'), {
      MAX_FILE_BYTES: String(fileBytes),
      UPLOAD_CHUNK_BYTES: String(chunkBytes),
    }),
  );
  const bare = await start(startBareStreamToDisk(await scratch('tus-bare-'), { durable: true }));
  flushPendingWrites();
  await tusUpload(codedrop.origin, file);
  await bareUpload(bare.origin, file);
  const memory = await measureRssGrowth(codedrop.pid, () => tusUpload(codedrop.origin, file));
  const pairs = [];
  for (let round = 0; round < rounds; round++) {
    const ours = await tusUpload(codedrop.origin, file);
    const theirs = await bareUpload(bare.origin, file);
    pairs.push({ ours, theirs, ratio: theirs / ours });
  }
  await codedrop.stop();
  await bare.stop();
  const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)];
  const rate = (seconds) => fileBytes / mib / seconds;
  return {
    codedrop: rate(median.ours),
    bare: rate(median.theirs),
    rounds: pairs.map((pair) => pair.ratio),
    rssGrowthKiB: memory.growthKiB,
  };
}
