/**
 * The group commit's promises (./groupCommit.ts), with an fdatasync the test completes by hand: nobody is told
 * their commit is durable before an fdatasync that began after they asked has finished, the commits that
 * arrive while one runs share the next, and a failed fdatasync fails every call from then on.
 */
import type { fdatasync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DurabilityError, groupCommit } from './groupCommit';

/** An fdatasync that records each call and finishes only when the test says so. */
function manualSync() {
  const calls: ((error: NodeJS.ErrnoException | null) => void)[] = [];
  const sync = ((_fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    calls.push(callback);
  }) as typeof fdatasync;
  return {
    sync,
    calls,
    /** Completes the oldest fdatasync still running. */
    finish(error: NodeJS.ErrnoException | null = null) {
      const callback = calls.shift();
      if (!callback) throw new Error('no fdatasync is running');
      callback(error);
    },
  };
}

/** Whether `promise` has settled, after the microtasks now queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

let dir: string;
let wal: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sentinel-group-commit-'));
  wal = path.join(dir, 'sentinel.db-wal');
  writeFileSync(wal, '');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the group commit', () => {
  it('answers a commit only once an fdatasync that began after it has finished', async () => {
    const disk = manualSync();
    const commits = groupCommit(wal, disk.sync);

    const first = commits.sync();
    expect(disk.calls).toHaveLength(1);
    expect(await settled(first)).toBe(false);
    // Asked while that fdatasync runs: it may not cover this commit, so this one waits for the next.
    const second = commits.sync();
    disk.finish();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    expect(disk.calls).toHaveLength(1);
    disk.finish();
    expect(await settled(second)).toBe(true);
    commits.close();
  });

  it('makes the commits that arrive during one fdatasync durable with a single next one', async () => {
    const disk = manualSync();
    const commits = groupCommit(wal, disk.sync);

    const first = commits.sync();
    const waiting = Array.from({ length: 8 }, () => commits.sync());
    disk.finish();
    await first;
    expect(disk.calls).toHaveLength(1);
    disk.finish();
    await Promise.all(waiting);
    expect(disk.calls).toHaveLength(0);
    commits.close();
  });

  it('syncs the write-ahead log file itself', async () => {
    const seen: number[] = [];
    const commits = groupCommit(wal, ((fd: number, callback: (error: null) => void) => {
      seen.push(fd);
      callback(null);
    }) as typeof fdatasync);
    await commits.sync();
    await commits.sync();
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(1);
    commits.close();
  });

  it('fails the waiting commits and every later call when an fdatasync fails', async () => {
    const disk = manualSync();
    const commits = groupCommit(wal, disk.sync);

    const first = commits.sync();
    const second = commits.sync();
    disk.finish(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(first).rejects.toBeInstanceOf(DurabilityError);
    await expect(second).rejects.toBeInstanceOf(DurabilityError);
    expect(commits.failure?.message).toContain('EIO');
    await expect(commits.sync()).rejects.toBeInstanceOf(DurabilityError);
    expect(disk.calls).toHaveLength(0);
    commits.close();
  });

  it('counts a commit as unsynced from before its COMMIT until it is done', () => {
    const commits = groupCommit(wal, manualSync().sync);
    expect(commits.unsynced).toBe(false);
    const one = commits.begin();
    const two = commits.begin();
    one.done();
    one.done();
    expect(commits.unsynced).toBe(true);
    two.done();
    expect(commits.unsynced).toBe(false);
    commits.close();
  });
});
