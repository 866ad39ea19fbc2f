// The SQLite checkpointer's thread (./checkpointer.ts): its own connection to the database, copying the
// write-ahead log into the database file when asked. Plain JavaScript, so the thread needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const database = new Database(workerData.file);
// Waits for a writer's lock rather than failing; PASSIVE never blocks the API's connection.
database.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);
database.pragma('synchronous = NORMAL');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');

parentPort.on('message', (message) => {
  if (message === 'close') {
    database.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = checkpoint.all();
    parentPort.postMessage({
      ok: true,
      busy: result.busy,
      log: result.log,
      checkpointed: result.checkpointed,
    });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
