import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXED_NOW, seed } from '@sentinel/demo-data';
import { SQLITE_FILE, openStore, type Store } from './index';

/** The permission bits of a path, e.g. 0o600. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

// Whoever else has an account on the machine must not read the ePHI in the SQLite file, its write-ahead log or
// its shared memory, nor list the folder. These tests run with the test runner's umask (usually 022), so they
// show the store protects itself rather than relying on the server process's umask alone.
describe('the SQLite data folder', () => {
  let root: string;
  let store: Store | undefined;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sentinel-api-data-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('is created readable by its owner only, with the database and its -wal and -shm files 0600', async () => {
    const dataDir = join(root, 'data');
    store = await openStore({ dataDir, seed: seed(FIXED_NOW) });
    await store.transaction((tx) => tx.listUsers());
    expect(modeOf(dataDir)).toBe(0o700);
    const file = join(dataDir, SQLITE_FILE);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(path), path).toBe(true);
      expect(modeOf(path), path).toBe(0o600);
    }
  });

  it('tightens a folder and files left readable by others, as older versions created them', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = join(dataDir, SQLITE_FILE);
    const first = await openStore({ dataDir, seed: seed(FIXED_NOW) });
    await first.close();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      if (!existsSync(path)) writeFileSync(path, '');
      chmodSync(path, 0o644);
    }
    chmodSync(dataDir, 0o755);
    store = await openStore({ dataDir, seed: seed(FIXED_NOW) });
    expect(modeOf(dataDir)).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
  });
});
