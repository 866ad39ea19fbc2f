import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer, type Checkpointer } from './checkpointer';

const folders: string[] = [];
const checkpointers: Checkpointer[] = [];
afterEach(async () => {
  for (const c of checkpointers.splice(0)) await c.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database in WAL mode with automatic checkpoints off, as the store opens it. */
function walDatabase() {
  const folder = mkdtempSync(path.join(tmpdir(), 'sentinel-checkpoint-'));
  folders.push(folder);
  const file = path.join(folder, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  /** About 2 MB of rows in one transaction. */
  const writeBurst = db.transaction(() => {
    for (let i = 0; i < 200; i += 1) insert.run(Buffer.alloc(10_000, i));
  });
  return { file, db, writeBurst, walBytes: () => statSync(`${file}-wal`).size };
}

describe('WAL checkpoints on their own thread', () => {
  it('keep the log from growing: after each checkpoint the next writes reuse it from its beginning', async () => {
    const { file, db, writeBurst, walBytes } = walDatabase();
    const onFailure = vi.fn();
    const checkpoints = startCheckpointer({ file, busyTimeoutMs: 5_000, intervalMs: 0, onFailure });
    checkpointers.push(checkpoints);
    for (let round = 1; round <= 6; round += 1) {
      writeBurst();
      checkpoints.afterCommit();
      await vi.waitFor(() => expect(checkpoints.runs).toBe(round), { timeout: 10_000 });
    }
    // Six bursts of ~2 MB went through a log that holds about two of them.
    expect(walBytes()).toBeLessThan(5 * 1024 * 1024);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1_200 });
    expect(onFailure).not.toHaveBeenCalled();
    db.close();
  });

  it('are needed: without them the log holds every write', () => {
    const { db, writeBurst, walBytes } = walDatabase();
    for (let round = 1; round <= 6; round += 1) writeBurst();
    expect(walBytes()).toBeGreaterThan(10 * 1024 * 1024);
    db.close();
  });

  it('close in a process with nothing else to do: the process waits for the thread and ends normally', async () => {
    const { file, db, writeBurst } = walDatabase();
    writeBurst();
    db.close();
    const module = fileURLToPath(new URL('./checkpointer.ts', import.meta.url));
    // An unreferenced thread let such a process end before close() resolved, with exit code 13.
    const script = `
      const { startCheckpointer } = await import(${JSON.stringify(module)});
      const checkpoints = startCheckpointer({ file: ${JSON.stringify(file)}, busyTimeoutMs: 1000, onFailure: () => {} });
      checkpoints.afterCommit();
      await checkpoints.close();
      console.log('closed');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('closed');
  });

  it('say so once when the thread cannot work, so the store can checkpoint inside commits again', async () => {
    const onFailure = vi.fn();
    const checkpoints = startCheckpointer({
      file: path.join(tmpdir(), 'sentinel-no-such-folder', 'missing', 'test.db'),
      busyTimeoutMs: 100,
      onFailure,
    });
    checkpointers.push(checkpoints);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    checkpoints.afterCommit();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
