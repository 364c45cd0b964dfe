import type SqliteDatabase from 'better-sqlite3';
import { once } from 'node:events';
import { spawnWorker } from '../runtime/worker-thread.js';

/** How often the thread copies the WAL's committed pages into the database. */
const intervalMs = 100;

export interface WalCheckpointer {
  close(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the event loop. SQLite checkpoints on the writing connection
 * by default, inside the commit that takes the WAL past a thousand pages, and copying
 * those pages to the database file stopped every request of the process meanwhile; creates
 * spent more time there than in their inserts. Here the writer never checkpoints: a
 * worker thread runs PASSIVE checkpoints, which never block the writer or its readers.
 * Should the thread die, the writer checkpoints again itself.
 */
export function startWalCheckpointer(
  file: string,
  writer: SqliteDatabase.Database,
): WalCheckpointer {
  const worker = spawnWorker(new URL('./wal-checkpoint-worker.js', import.meta.url), {
    workerData: { file, intervalMs },
  });
  worker.unref();
  writer.pragma('wal_autocheckpoint = 0');
  let closing = false;
  const writerCheckpoints = () => {
    if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', writerCheckpoints);
  worker.on('exit', () => {
    if (!closing) writerCheckpoints();
  });
  return {
    async close() {
      closing = true;
      // Unreferenced, the thread would not keep the process alive long enough to hear it end.
      worker.ref();
      const exited = once(worker, 'exit');
      worker.postMessage('close');
      await exited;
    },
  };
}
