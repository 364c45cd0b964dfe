// The upload memory rows (issue 33, finding 19): 20 classic 50 MiB uploads at once, into the
// server on S3 (s3rver, in this process) and on local disk, with the server's RSS at its
// peak and once the uploads are over. The S3 store's part buffers are what the bar is about.
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCodeDrop } from './codedrop-server.mjs';
import { measureRssGrowth, readMemory } from './memory-probe.mjs';
import { uploadOnce } from './upload-throughput.mjs';

export const uploadMemory = {
  uploads: 20,
  peakBarMiB: 256,
  // Past the S3 store's idle release of its part buffers (10 s), so "after" is what an idle
  // server keeps, not what the burst left in flight.
  settleMs: 12_000,
};

// s3rver ships no ES module and no types; it is the test suite's S3 stand-in.
const S3rver = createRequire(import.meta.url)('s3rver');

async function startS3rver(directory) {
  const bucket = 'codedrop-bench';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

/** Peak RSS during the simultaneous uploads and RSS once they are over (KiB), and their time. */
async function burst(server, body) {
  const url = `${server.origin}/api/files`;
  const accepted = (answer) => answer.type === 'file' && answer.files?.[0]?.size === body.fileBytes;
  // One upload first, so code paths loaded on first use do not count as the burst's.
  await uploadOnce(url, body, accepted);
  await sleep(500);
  const started = Date.now();
  const { beforeKiB, peakKiB } = await measureRssGrowth(server.pid, () =>
    Promise.all(
      Array.from({ length: uploadMemory.uploads }, () => uploadOnce(url, body, accepted)),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  await sleep(uploadMemory.settleMs);
  return { beforeKiB, peakKiB, afterKiB: readMemory(server.pid).rssKiB, seconds };
}

/** The burst on a fresh server on each store: `{ s3, local }`. */
export async function uploadMemoryRows(scratch, start, body) {
  const s3Dir = await scratch('memory-s3rver-');
  const s3 = await startS3rver(s3Dir);
  const results = {};
  try {
    const onS3 = await start(startCodeDrop(await scratch('memory-s3-'), s3.env));
    results.s3 = await burst(onS3, body);
    await onS3.stop();
  } finally {
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
  }
  const onDisk = await start(startCodeDrop(await scratch('memory-local-')));
  results.local = await burst(onDisk, body);
  await onDisk.stop();
  return results;
}
