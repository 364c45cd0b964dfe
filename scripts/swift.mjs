// A real S3 server for the tests and for manual runs: a single-node OpenStack Swift with its
// s3api middleware (Debian's swift-proxy, swift-object, swift-container, swift-account),
// configured under a temporary directory. It checks v2 and v4 signatures and implements
// multipart uploads itself, unlike s3rver. `node scripts/swift.mjs [--port N] [--dir D]`
// runs one in the foreground and prints the variables that point CodeDrop at it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareScript, swiftFiles } from './swift/config.mjs';
import {
  accepts,
  freePorts,
  onPath,
  signalGroup,
  spawnServer,
  startWatchdog,
  stopGroups,
} from './swift/processes.mjs';
import { signedFetch } from './swift/sign.mjs';

const servers = ['account', 'container', 'object', 'proxy'];
const readyTimeoutMs = 60_000;

/** The Debian packages whose servers are not on PATH (empty when Swift can run). */
export function missingSwiftPackages() {
  const missing = servers.filter((kind) => !onPath(`swift-${kind}-server`));
  return [
    ...missing.map((kind) => `swift-${kind}`),
    ...(onPath('swift-ring-builder') ? [] : ['python3-swift']),
  ];
}

/**
 * Starts Swift and resolves once an S3 request signed with its key is answered. `dir` keeps
 * the configuration, data and logs (a new temporary directory, removed on stop, when not
 * given); `port` fixes the S3 port (a free one otherwise); `signal` gives up a start still
 * under way, stopping what it started.
 */
export async function startSwift({ dir, port, signal } = {}) {
  const missing = missingSwiftPackages();
  if (missing.length > 0) {
    throw new Error(
      `OpenStack Swift is missing: install the Debian packages ${missing.join(', ')} ` +
        `(apt-get install ${missing.join(' ')})`,
    );
  }
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'codedrop-swift-')));
  try {
    return await startIn(root, { ownDir: !dir, port, signal });
  } catch (error) {
    if (!dir) await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function startIn(root, { ownDir, port, signal }) {
  await mkdir(join(root, 'devices', 'd1'), { recursive: true });
  await mkdir(join(root, 'log'), { recursive: true });
  const [account, container, object, memcachePort, freeProxyPort] = await freePorts(5);
  const ports = { account, container, object, proxy: port ?? freeProxyPort };
  const credentials = {
    endpoint: `http://127.0.0.1:${ports.proxy}`,
    region: 'us-east-1',
    // tempauth names S3 users `account:user`; the secret is new on every start.
    accessKeyId: 'codedrop:s3',
    secretAccessKey: randomBytes(16).toString('hex'),
  };
  const files = swiftFiles({
    dir: root,
    user: userInfo().username,
    ports,
    memcachePort,
    ...credentials,
  });
  for (const [name, text] of files) await writeFile(join(root, name), text);
  await prepare(root, ports, signal);
  signal?.throwIfAborted();

  const env = {
    ...process.env,
    PYTHONPATH: [root, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
  };
  const children = servers.map((kind) => ({
    kind,
    child: spawnServer(
      kind,
      join(root, `${kind}-server.conf`),
      join(root, 'log', `${kind}.log`),
      env,
    ),
  }));
  const groups = children.map(({ child }) => child.pid);
  const watchdog = startWatchdog(groups, ownDir ? root : undefined);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    signalGroup(watchdog.pid, 'SIGKILL');
    await stopGroups(groups);
    if (ownDir) await rm(root, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(credentials, children, root, ports, signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ...credentials,
    dir: root,
    async createBucket(name) {
      const response = await signedFetch(credentials, 'PUT', `/${name}`);
      const body = await response.text();
      // Creating a bucket one already owns is a no-op here, as on AWS in us-east-1.
      if (!response.ok && !body.includes('<Code>BucketAlreadyOwnedByYou</Code>')) {
        throw new Error(`Swift could not create bucket ${name}: ${response.status} ${body}`);
      }
    },
    stop,
  };
}

/** Checks xattrs and builds the three rings (their devices name the ports just chosen). */
async function prepare(root, ports, signal) {
  for (const kind of ['account', 'container', 'object']) {
    await rm(join(root, `${kind}.builder`), { force: true });
    await rm(join(root, `${kind}.ring.gz`), { force: true });
  }
  await rm(join(root, 'backups'), { recursive: true, force: true });
  // The Python that Swift's own scripts run on, not whichever python3 comes first on PATH.
  const builder = onPath('swift-ring-builder');
  const python = /^#!\s*(\S+)/.exec(readFileSync(builder, 'utf8').split('\n')[0])?.[1] ?? 'python3';
  const output = await new Promise((resolve, reject) => {
    execFile(
      python,
      ['-c', prepareScript({ dir: root, ports })],
      { signal },
      (error, stdout, stderr) => {
        if (signal?.aborted) reject(signal.reason);
        else if (error)
          reject(
            new Error(`Swift could not be set up in ${root}: ${stderr.trim() || error.message}`),
          );
        else resolve(stdout + stderr);
      },
    );
  });
  await writeFile(join(root, 'log', 'rings.log'), output);
}

/**
 * Ready when every backend accepts connections and the proxy answers a signed ListBuckets:
 * the proxy alone can answer while the container or object server is still starting.
 */
async function waitUntilReady(credentials, children, root, ports, signal) {
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    const exited = children.find(
      ({ child }) => child.exitCode !== null || child.signalCode !== null,
    );
    if (exited) {
      const log = tail(root, exited.kind);
      throw new Error(`swift-${exited.kind}-server exited at start-up:\n${log}`);
    }
    const backends = [ports.account, ports.container, ports.object];
    const listening = (await Promise.all(backends.map(accepts))).every(Boolean);
    const status = !listening
      ? 0
      : await signedFetch(credentials, 'GET', '/').then(
          (response) => response.body?.cancel().then(() => response.status) ?? response.status,
          () => 0,
        );
    if (status === 200) return;
    if (Date.now() > deadline) {
      const log = tail(root, 'proxy');
      throw new Error(
        `Swift was not ready within ${readyTimeoutMs} ms (status ${status}):\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tail(root, kind) {
  try {
    return readFileSync(join(root, 'log', `${kind}.log`), 'utf8')
      .split('\n')
      .slice(-20)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

async function main() {
  const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const started = Date.now();
  const swift = await startSwift({
    dir: values.dir,
    port: values.port ? Number(values.port) : undefined,
  });
  await swift.createBucket('codedrop').catch(async (error) => {
    await swift.stop();
    throw error;
  });
  console.error(
    `Swift is up in ${Date.now() - started} ms; logs in ${join(swift.dir, 'log')}. Ctrl-C stops it.`,
  );
  console.log(
    [
      'STORAGE=s3',
      `S3_ENDPOINT=${swift.endpoint}`,
      'S3_BUCKET=codedrop',
      `S3_REGION=${swift.region}`,
      `S3_ACCESS_KEY_ID=${swift.accessKeyId}`,
      `S3_SECRET_ACCESS_KEY=${swift.secretAccessKey}`,
      'S3_FORCE_PATH_STYLE=true',
    ].join('\n'),
  );
  const keepAlive = setInterval(() => {}, 1 << 30);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      clearInterval(keepAlive);
      void swift.stop();
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
