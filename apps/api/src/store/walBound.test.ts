import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE, WAL_RESTART_PAGES, openStore, type Store } from '.';

const opened: { store: Store; dataDir: string }[] = [];
afterEach(async () => {
  for (const { store, dataDir } of opened.splice(0)) {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const PAGE_BYTES = 4096;

describe('the SQLite write-ahead log under writes without a pause', () => {
  it(`stays under ${WAL_RESTART_PAGES} pages: the log restarts although the checkpoint thread never catches up`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-wal-'));
    const store = await openStore({ dataDir });
    opened.push({ store, dataDir });
    // Each call as an audited read writes about five pages (counter, audit row, its indexes); 12,000 of them,
    // 50 at a time, write about 60,000 pages: without a restart the log would pass 200 MB.
    const call = (n: number) =>
      store.transaction(async (tx) => {
        await tx.listAudit({ all: false, actorSub: 'nobody' });
        await tx.appendAudit({
          id: await tx.nextId('aud'),
          timestamp: new Date(0).toISOString(),
          actorSub: `user-${n % 7}`,
          actorRole: 'doctor',
          action: 'list',
          resourceType: 'record',
          resourceId: null,
          patientId: `P-${n % 13}`,
          outcome: 'allowed',
          reason: 'wal test',
        });
      });
    for (let batch = 0; batch < 240; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => call(batch * 50 + i)));
    }
    const walBytes = statSync(path.join(dataDir, `${SQLITE_FILE}-wal`)).size;
    expect(walBytes).toBeLessThan((WAL_RESTART_PAGES + 2_000) * PAGE_BYTES);
  }, 60_000);
});
