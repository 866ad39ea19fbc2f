/**
 * WAL checkpoints off the event loop, for the SQLite store.
 *
 * In WAL mode SQLite copies the log back into the database file (a checkpoint) automatically inside the COMMIT
 * that takes the log past 1,000 pages, and that checkpoint writes and fsyncs the database file. better-sqlite3
 * is synchronous, so every few hundred audited calls one of them held the event loop for those writes and
 * fsyncs: the long tail of the API's latency. The API's connection therefore runs with automatic checkpoints
 * off, and this module runs them on a thread of its own with a second connection: a PASSIVE checkpoint (it
 * never waits for, nor blocks, the API's reads and writes) at most once per `intervalMs`, after commits. The log
 * then holds about one interval of writes and restarts from its beginning, as with automatic checkpoints.
 * Durability is unchanged: what a checkpoint copies was already synced in the log by the group commit
 * (./groupCommit.ts), and SQLite syncs the log before and the database file after each checkpoint.
 *
 * Should the thread fail, `onFailure` is told once (the store then turns automatic checkpoints back on, so the
 * log cannot grow without bound).
 */
import { Worker } from 'node:worker_threads';

export type Checkpointer = {
  /** Called after a commit: starts a checkpoint on the thread when the last one is `intervalMs` old. */
  afterCommit(): void;
  /** Checkpoints done so far. */
  readonly runs: number;
  close(): Promise<void>;
};

export type CheckpointerOptions = {
  readonly file: string;
  readonly busyTimeoutMs: number;
  /** At most one checkpoint per this interval (1 s by default). */
  readonly intervalMs?: number;
  readonly onFailure: (error: Error) => void;
};

type Reply = { ok: true } | { ok: false; message: string };

export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const intervalMs = options.intervalMs ?? 1_000;
  const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), {
    workerData: { file: options.file, busyTimeoutMs: options.busyTimeoutMs },
  });
  // The thread must not keep the process alive on its own.
  worker.unref();
  let running = false;
  let lastStart = 0;
  let runs = 0;
  let failed = false;
  let closing = false;
  const fail = (error: Error) => {
    if (failed || closing) return;
    failed = true;
    options.onFailure(error);
  };
  worker.on('message', (reply: Reply) => {
    running = false;
    runs += 1;
    if (!reply.ok) fail(new Error(`WAL checkpoint failed: ${reply.message}`));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the checkpoint thread stopped (exit ${code})`)));

  return {
    afterCommit() {
      if (running || failed) return;
      const now = Date.now();
      if (now - lastStart < intervalMs) return;
      lastStart = now;
      running = true;
      worker.postMessage('checkpoint');
    },
    get runs() {
      return runs;
    },
    async close() {
      closing = true;
      // Held until the thread has gone (2 s at most): with nothing else left to do, an unreferenced thread
      // would let the process end before `close` resolves (Node's exit code 13, an unsettled await).
      worker.ref();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2_000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
