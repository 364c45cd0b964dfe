import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createS3Client } from '../../src/infra/blob/s3-client.js';
import { startS3rver, type S3rverHandle } from './s3rver.js';
import type { SwiftState } from './swift-setup.js';

/** A bucket of the run's S3 server; spread it into createS3BlobStore's options. */
export type S3ServerHandle = Omit<S3rverHandle, 'directory'>;

/** Longer than Swift takes to start on a busy two-core machine, shorter than a hook may take. */
const startWaitMs = 45_000;

/**
 * A new, empty bucket named `<bucket>-<random>` on the run's OpenStack Swift
 * (test/support/swift-setup.ts); on an s3rver of its own when Swift is not installed.
 */
export async function startS3Server(bucket = 'codedrop-test'): Promise<S3ServerHandle> {
  const provided = inject('s3Server');
  if (provided === undefined || provided.kind === 's3rver') {
    const { endpoint, region, accessKeyId, secretAccessKey, close } = await startS3rver(bucket);
    return { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: true, close };
  }
  const state = await swiftState(provided.stateFile);
  if (!state.ok) throw new Error(`The test run's Swift did not start: ${state.error}`);
  const handle = {
    endpoint: state.endpoint,
    bucket: `${bucket}-${randomBytes(6).toString('hex')}`,
    region: state.region,
    accessKeyId: state.accessKeyId,
    secretAccessKey: state.secretAccessKey,
    forcePathStyle: true as const,
    // The bucket stays until the run's Swift stops and its directory goes.
    close: async () => {},
  };
  const client = createS3Client(handle);
  try {
    await client.send(new CreateBucketCommand({ Bucket: handle.bucket }));
  } finally {
    client.destroy();
  }
  return handle;
}

async function swiftState(file: string): Promise<SwiftState> {
  const deadline = Date.now() + startWaitMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) return JSON.parse(text) as SwiftState;
    if (Date.now() > deadline) throw new Error(`Swift did not start within ${startWaitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
