/**
 * A file-backed oidc-provider adapter: one JSON file per model (Session, Grant, RefreshToken, ...) under the
 * data folder, written atomically. Sessions, grants and refresh tokens therefore survive a restart. Expired
 * entries are never returned and are dropped on the next write. Meant for one process (the embedded provider).
 */
import path from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { readJson, writeJsonAtomic } from './files';

type Entry = { payload: AdapterPayload; expiresAt?: number };
type Table = Record<string, Entry>;

export type FileAdapterStore = {
  /** The adapter class to give oidc-provider. */
  Adapter: new (name: string) => Adapter;
  /** Resolves when every pending write has reached the disk. */
  flush(): Promise<void>;
  /**
   * Ends everything the provider keeps for an account at once: its sessions, grants, refresh tokens and
   * unredeemed authorization codes (a blocked, deleted or re-roled user, REQ-auth). Returns how many went.
   */
  revokeAccount(accountId: string): Promise<number>;
};

/**
 * The models that belong to a signed-in account. Access tokens are JWTs (never stored), and an interaction
 * that has not finished names no account the provider would honour (findAccount refuses a blocked one).
 */
export const ACCOUNT_MODELS = ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode'] as const;

/** Creates the adapter class bound to `dataDir`; `now` is injectable for tests. */
export function createFileAdapter(dataDir: string, now: () => number = Date.now): FileAdapterStore {
  const tables = new Map<string, Promise<Table>>();
  const writes = new Map<string, Promise<void>>();
  const fileFor = (name: string) => path.join(dataDir, 'store', `${name}.json`);

  const load = (name: string): Promise<Table> => {
    let table = tables.get(name);
    if (!table) {
      table = readJson(fileFor(name)).then((v) =>
        typeof v === 'object' && v !== null ? (v as Table) : ({} as Table),
      );
      tables.set(name, table);
    }
    return table;
  };
  const alive = (entry: Entry | undefined) =>
    entry && (entry.expiresAt === undefined || entry.expiresAt > now()) ? entry : undefined;

  const persist = async (name: string, table: Table) => {
    for (const [id, entry] of Object.entries(table)) if (!alive(entry)) delete table[id];
    const previous = writes.get(name) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => writeJsonAtomic(fileFor(name), table));
    writes.set(name, next);
    await next;
  };

  class FileAdapter implements Adapter {
    constructor(private readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const table = await load(this.name);
      table[id] = { payload, ...(expiresIn ? { expiresAt: now() + expiresIn * 1000 } : {}) };
      await persist(this.name, table);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return alive((await load(this.name))[id])?.payload;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const table = await load(this.name);
      return Object.values(table).find((e) => alive(e) && e.payload.userCode === userCode)?.payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const table = await load(this.name);
      return Object.values(table).find((e) => alive(e) && e.payload.uid === uid)?.payload;
    }

    async consume(id: string): Promise<void> {
      const table = await load(this.name);
      const entry = table[id];
      if (!entry) return;
      entry.payload = { ...entry.payload, consumed: Math.floor(now() / 1000) };
      await persist(this.name, table);
    }

    async destroy(id: string): Promise<void> {
      const table = await load(this.name);
      if (!(id in table)) return;
      delete table[id];
      await persist(this.name, table);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const table = await load(this.name);
      let changed = false;
      for (const [id, entry] of Object.entries(table)) {
        if (entry.payload.grantId === grantId) {
          delete table[id];
          changed = true;
        }
      }
      if (changed) await persist(this.name, table);
    }
  }

  return {
    Adapter: FileAdapter,
    async flush() {
      await Promise.all([...writes.values()].map((w) => w.catch(() => undefined)));
    },
    async revokeAccount(accountId) {
      let removed = 0;
      for (const name of ACCOUNT_MODELS) {
        const table = await load(name);
        let changed = false;
        for (const [id, entry] of Object.entries(table)) {
          if (entry.payload.accountId === accountId) {
            delete table[id];
            changed = true;
            removed += 1;
          }
        }
        if (changed) await persist(name, table);
      }
      return removed;
    },
  };
}
