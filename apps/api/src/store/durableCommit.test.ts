/**
 * The SQLite store answers a call only once what it could have written or read is on disk (group commit,
 * ./groupCommit.ts). The WAL's fdatasync is held by the test to see who waits for it; every other file
 * operation is the real one.
 */
import type * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditEvent } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DurabilityError, openStore, type Store } from './index';

type Callback = (error: NodeJS.ErrnoException | null) => void;

/** While `held`, fdatasync calls wait in `pending` until the test releases them. */
const disk = vi.hoisted(() => ({
  held: false,
  pending: [] as { fd: number; callback: (error: NodeJS.ErrnoException | null) => void }[],
  calls: 0,
  real: undefined as undefined | ((fd: number, callback: Callback) => void),
}));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  disk.real = real.fdatasync;
  const fdatasync = (fd: number, callback: Callback) => {
    disk.calls += 1;
    if (!disk.held) return real.fdatasync(fd, callback);
    disk.pending.push({ fd, callback });
  };
  return { ...real, default: { ...real, fdatasync }, fdatasync };
});

/** Lets every held fdatasync run, or with `error` fail as a dying disk makes it fail; returns how many. */
function release(error?: NodeJS.ErrnoException): number {
  disk.held = false;
  const pending = disk.pending.splice(0);
  for (const { fd, callback } of pending) {
    if (error) callback(error);
    else disk.real?.(fd, callback);
  }
  return pending.length;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await tick();
  return done;
}

const row = (id: string): AuditEvent => ({
  id,
  timestamp: FIXED_NOW.toISOString(),
  actorSub: PERSONAS.alice.sub,
  actorRole: 'doctor',
  action: 'list',
  resourceType: 'record',
  resourceId: null,
  patientId: null,
  outcome: 'allowed',
  reason: 'durability test',
});

let dataDir: string;
let store: Store;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-durable-'));
  store = await openStore({ dataDir, seed: seed(FIXED_NOW) });
  disk.calls = 0;
});
afterEach(async () => {
  release();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the SQLite store with group commit', () => {
  it('answers a call that wrote only after the log holding its commit is synced', async () => {
    disk.held = true;
    const write = store.transaction((tx) => tx.appendAudit(row('aud-held')));
    expect(await settled(write)).toBe(false);
    expect(release()).toBe(1);
    await write;
    // Committed, not merely answered: another connection sees it.
    expect(await store.transaction((tx) => tx.listAudit({ all: true }))).toContainEqual(row('aud-held'));
  });

  it('answers a read at once when nothing written is waiting for the disk', async () => {
    disk.held = true;
    const users = await store.transaction((tx) => tx.listUsers());
    expect(users.length).toBeGreaterThan(0);
    expect(disk.calls).toBe(0);
  });

  it('holds a read back while a write it could have seen is not on disk yet', async () => {
    disk.held = true;
    const write = store.transaction((tx) => tx.appendAudit(row('aud-unsynced')));
    await tick();
    const read = store.transaction((tx) => tx.listAudit({ all: true }));
    expect(await settled(read)).toBe(false);
    release();
    await write;
    expect((await read).map((r) => r.id)).toContain('aud-unsynced');
  });

  it('shares one fdatasync among the writes that wait together', async () => {
    disk.held = true;
    const first = store.transaction((tx) => tx.appendAudit(row('aud-first')));
    await tick();
    const more = Array.from({ length: 10 }, (_, i) =>
      store.transaction((tx) => tx.appendAudit(row(`aud-batch-${i}`))),
    );
    await tick();
    expect(disk.calls).toBe(1);
    release();
    await Promise.all([first, ...more]);
    expect(disk.calls).toBe(2);
  });

  it('refuses every call, and fails its health ping, once the log could not be synced', async () => {
    disk.held = true;
    const write = store.transaction((tx) => tx.appendAudit(row('aud-unknown')));
    await tick();
    expect(release(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))).toBe(1);
    await expect(write).rejects.toBeInstanceOf(DurabilityError);
    await expect(store.transaction((tx) => tx.listUsers())).rejects.toBeInstanceOf(DurabilityError);
    await expect(store.transaction((tx) => tx.appendAudit(row('aud-after')))).rejects.toBeInstanceOf(
      DurabilityError,
    );
    await expect(store.ping()).rejects.toBeInstanceOf(DurabilityError);
  });
});
