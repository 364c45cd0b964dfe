import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startOwnServer, type OwnServer } from '../../e2e/support/own-server';
// The real S3 server of the test suites: OpenStack Swift with s3api, in a temp directory.
import { startSwift, type SwiftServer } from '../../../../scripts/swift.mjs';
import { createDatabase, redisUrl, type FreshDatabase } from './database';
import { makeCertificates, type TestCertificates } from './certificates';
import { startNginx, type RunningNginx } from './nginx';

export interface Stack {
  /** https://127.0.0.1:port, through nginx: the only door visitors use. */
  origin: string;
  /** http://127.0.0.1:port, nginx's plain-HTTP server. */
  plainOrigin: string;
  /** The two CodeDrop instances, reached directly (for their own /metrics). */
  instances: [OwnServer, OwnServer];
  certificates: TestCertificates;
  nginx: RunningNginx;
  stop(): Promise<void>;
}

/** `count` distinct free ports: every probe stays open until all have one. */
async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** Runs `steps` in reverse, each even when one before it failed, then throws the first error. */
async function unwind(steps: (() => Promise<void>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps.reverse()) await step().catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw errors[0];
}

/**
 * The scaled-out deployment of docs/operations.md#several-instances, on this machine: two
 * instances on one fresh PostgreSQL database, one Swift bucket and Redis, with the same
 * secrets, behind nginx running docs/examples/nginx.conf with a test certificate authority.
 */
export async function startStack(env: Record<string, string>): Promise<Stack> {
  const cleanup: (() => Promise<void>)[] = [];
  try {
    const dir = mkdtempSync(join(tmpdir(), 'codedrop-e2e-proxy-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    // nginx's workers drop root's rights: they must be able to reach their temp paths.
    chmodSync(dir, 0o755);
    const certificates = makeCertificates(dir);

    const database = await createDatabase();
    cleanup.push(() => database.drop());
    const swift = await startSwift();
    cleanup.push(() => swift.stop());
    const bucket = `codedrop-proxy-${randomBytes(4).toString('hex')}`;
    await swift.createBucket(bucket);

    const [httpsPort, httpPort, portA, portB] = (await freePorts(4)) as [
      number,
      number,
      number,
      number,
    ];
    const origin = `https://127.0.0.1:${httpsPort}`;
    const redisPrefix = `codedrop-e2e-proxy-${randomBytes(4).toString('hex')}:`;
    cleanup.push(() => dropRedisKeys(redisPrefix));
    const shared = {
      ...instanceEnv(database, swift, bucket, redisPrefix, origin),
      ...env,
    };
    // Both at once (migrations take a lock); one that started is stopped if the other fails.
    const started = await Promise.allSettled(
      [portA, portB].map((port) => startOwnServer({ ...shared, PORT: String(port) })),
    );
    for (const one of started) {
      if (one.status === 'fulfilled') cleanup.push(() => one.value.stop());
    }
    for (const one of started) if (one.status === 'rejected') throw one.reason;
    const instances = started.map((one) => (one as PromiseFulfilledResult<OwnServer>).value) as [
      OwnServer,
      OwnServer,
    ];

    const nginxDir = join(dir, 'nginx');
    mkdirSync(nginxDir, { mode: 0o755 });
    const nginx = await startNginx({
      dir: nginxDir,
      upstreams: [portA, portB],
      httpsPort,
      httpPort,
      chainPath: certificates.chainPath,
      keyPath: certificates.keyPath,
    });
    cleanup.push(() => nginx.stop());
    return {
      origin,
      plainOrigin: `http://127.0.0.1:${httpPort}`,
      instances,
      certificates,
      nginx,
      stop: () => unwind(cleanup),
    };
  } catch (error) {
    await unwind(cleanup).catch(() => {});
    throw error;
  }
}

function instanceEnv(
  database: FreshDatabase,
  swift: SwiftServer,
  bucket: string,
  redisPrefix: string,
  origin: string,
): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    STORAGE: 's3',
    S3_ENDPOINT: swift.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: swift.region,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    // Shared, as docs/operations.md#several-instances asks: one instance's download links,
    // escrows and upload secrets must work on the other.
    URL_SIGNING_KEY: randomBytes(32).toString('hex'),
    RECOVERY_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: origin,
    WORKERS: '1',
  };
}

/** This run's rate-limit counters, so a shared Redis keeps nothing of it. */
async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
