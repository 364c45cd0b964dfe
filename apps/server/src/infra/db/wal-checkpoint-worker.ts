import SqliteDatabase from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/** The thread of wal-checkpointer.ts: PASSIVE checkpoints on a connection of its own. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const connection = new SqliteDatabase(file, { fileMustExist: true });
// Never wait: a checkpoint that finds the WAL busy simply runs again next time.
connection.pragma('busy_timeout = 0');
const checkpoint = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');

const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // SQLITE_BUSY (another checkpoint is running) or a locked file: next time.
  }
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  connection.close();
  parentPort?.close();
});
