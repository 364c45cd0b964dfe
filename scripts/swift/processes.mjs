// Starting and stopping the Swift servers as process groups, and the small lookups around it.
import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, openSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** The full path of an executable on PATH, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * Starts `swift-<kind>-server` with its output appended to `log`. Each server leads its own
 * process group (Swift would call setsid otherwise), so signalling the group reaches its
 * workers too.
 */
export function spawnServer(kind, conf, log, env) {
  const fd = openSync(log, 'a');
  const child = spawn(`swift-${kind}-server`, [conf, '-v'], {
    detached: true,
    stdio: ['ignore', fd, fd],
    env,
  });
  closeSync(fd);
  child.unref();
  return child;
}

/**
 * A shell that stops the groups when this Node process dies without stopping them itself,
 * and then removes `removeDir` (when given).
 */
export function startWatchdog(groups, removeDir) {
  const script = [
    'while kill -0 "$0" 2>/dev/null; do sleep 1; done',
    'kill -TERM "$@" 2>/dev/null',
    'sleep 2',
    'kill -KILL "$@" 2>/dev/null',
    '[ -z "$REMOVE_DIR" ] || rm -rf "$REMOVE_DIR"',
  ].join('\n');
  const watchdog = spawn(
    'sh',
    ['-c', script, `${process.pid}`, ...groups.map((pid) => `-${pid}`)],
    {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, REMOVE_DIR: removeDir ?? '' },
    },
  );
  watchdog.unref();
  return watchdog;
}

/** Sends a signal to a process group; false when the group is gone. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to every group, SIGKILL to those still there after five seconds. */
export async function stopGroups(groups) {
  for (const pid of groups) signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (groups.some((pid) => signalGroup(pid, 0))) {
    if (Date.now() > deadline) {
      for (const pid of groups) signalGroup(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ports free on 127.0.0.1 a moment ago. */
export function freePorts(count) {
  return Promise.all(
    Array.from({ length: count }, () => {
      const server = createServer();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address();
          server.close(() => resolve(port));
        });
      });
    }),
  );
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
