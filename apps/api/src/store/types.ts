/**
 * The store the API works on is @sentinel/service's `Store` (the interface every store keeps, the memory store
 * included); what is the server's own is how its SQL stores are opened.
 */
import type { StoreDialect as AnyStoreDialect, StoreSeed } from '@sentinel/service';

export type {
  AuditScope,
  Collection,
  EntityOf,
  NewAuditRow,
  PatientScope,
  Store,
  StoreSeed,
  StoreTx,
  VaultConnectionRow,
} from '@sentinel/service';

/** The server's stores: SQLite (the embedded default) and PostgreSQL. */
export type StoreDialect = Exclude<AnyStoreDialect, 'memory'>;

export type OpenStoreOptions = {
  /** PostgreSQL connection string; when absent, SQLite in `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** Folder of the SQLite file (`sentinel.db`, WAL mode), created if missing; ':memory:' for a throwaway store. */
  readonly dataDir: string;
  /**
   * The data an empty store is seeded with on first open (the personas and fixtures). A store that already
   * holds users is never re-seeded.
   */
  readonly seed?: StoreSeed;
};
