import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set();

// A crash or Ctrl-C in the bench must never leave a server holding a port.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port that was free a moment ago on the loopback interface. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function waitHealthy(url, child, stderr, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${child.spawnargs.join(' ')} exited early:\n${stderr()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${stderr()}`);
}

/**
 * Starts `node script` on a fresh loopback port and resolves once GET /healthz answers 200.
 * The child's stderr is kept so a failed start says why.
 */
export async function startNodeServer(name, script, env, { timeoutMs = 20_000 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    errors = (errors + text).slice(-8_000);
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${origin}/healthz`, child, () => errors, timeoutMs);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    name,
    origin,
    pid: child.pid,
    stderr: () => errors,
    stop: () => stopChild(child),
  };
}

/** SIGTERM for a clean shutdown, SIGKILL if it has not gone after five seconds. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
