/**
 * Group commit for the SQLite store (docs/decisions.md, "Durable commits without blocking").
 *
 * With `synchronous = FULL` SQLite fsyncs the write-ahead log inside every COMMIT: better-sqlite3 is
 * synchronous, so each audited call held the event loop for a whole fsync (~3-5 ms here) and calls could only
 * follow one another. Instead the connection runs at `synchronous = NORMAL` (a COMMIT writes its WAL frames
 * without syncing them) and this module makes them durable before anyone is answered: every call that wrote
 * waits for an fdatasync of the WAL that began after its COMMIT, run in libuv's thread pool so the event loop
 * keeps serving; the commits that arrive while one fdatasync runs share the next one. An answer therefore
 * still leaves only once its data is on disk, as with FULL (WAL frames are only ever appended after the last
 * synced ones, and SQLite syncs the WAL header itself when it restarts the log).
 *
 * A call that only read waits too while writes are unsynced, so nobody is answered from data that a power loss
 * could still take back. A failed fdatasync may have dropped the dirty pages it was to write, so no later sync
 * could vouch for them: the store refuses every call from then on (as PostgreSQL stops on a failed fsync).
 */
import { closeSync, fdatasync, openSync } from 'node:fs';

export class DurabilityError extends Error {
  override readonly name = 'DurabilityError';
  constructor(cause: unknown) {
    super(
      `The store could not sync its log to disk: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}

export type GroupCommit = {
  /** Resolves once an fdatasync of the WAL that began after this call has completed. */
  sync(): Promise<void>;
  /** Whether some commit may not be on disk yet (a reader must then wait for `sync`). */
  readonly unsynced: boolean;
  /** Notes a commit in progress (before its COMMIT runs); `done` ends the note once it is synced or rolled back. */
  begin(): { done(): void };
  /** Set after a failed fdatasync: every call is refused from then on. */
  readonly failure: DurabilityError | undefined;
  close(): void;
};

/** Group commit on the WAL file `walPath` (`<database>-wal`, which SQLite keeps while the connection is open). */
export function groupCommit(walPath: string, sync: typeof fdatasync = fdatasync): GroupCommit {
  let fd: number | undefined;
  let waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let running = false;
  let writers = 0;
  let failure: DurabilityError | undefined;

  const dataSync = (handle: number) =>
    new Promise<void>((resolve, reject) => sync(handle, (error) => (error ? reject(error) : resolve())));

  async function drain(): Promise<void> {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          // Opened on first use: the WAL exists once something was written.
          fd ??= openSync(walPath, 'r');
          await dataSync(fd);
        } catch (error) {
          failure ??= new DurabilityError(error);
          for (const waiter of [...batch, ...waiting]) waiter.reject(failure);
          waiting = [];
          return;
        }
        for (const waiter of batch) waiter.resolve();
      }
    } finally {
      running = false;
    }
  }

  return {
    sync() {
      if (failure) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        // The running drain picks this waiter up for its next fdatasync, which begins after this moment.
        if (!running) void drain();
      });
    },
    get unsynced() {
      return writers > 0;
    },
    begin() {
      writers += 1;
      let ended = false;
      return {
        done() {
          if (ended) return;
          ended = true;
          writers -= 1;
        },
      };
    },
    get failure() {
      return failure;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
