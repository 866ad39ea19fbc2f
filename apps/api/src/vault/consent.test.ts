/** The token vault's consent rows (migration 0004_vault_connections) on SQLite and on PostgreSQL. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERSONAS } from '@sentinel/demo-data';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openStore } from '../store/index';
import type { Store, StoreDialect } from '../store/types';
import { createTestDatabase } from '../testkit';

const postgresUrl = inject('postgresUrl');
const DIALECTS: StoreDialect[] =
  postgresUrl || process.env.CI === 'true' ? ['sqlite', 'postgres'] : ['sqlite'];

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** Where the last opened store lives, to read Kysely's migration table beside the store. */
let lastOpened: { sqliteFile?: string; databaseUrl?: string } = {};

async function migrationNames(dialect: StoreDialect): Promise<string[]> {
  const query = 'SELECT name FROM kysely_migration ORDER BY name';
  if (dialect === 'sqlite') {
    const db = new SqliteDatabase(lastOpened.sqliteFile ?? '', { readonly: true });
    try {
      return (db.prepare(query).all() as { name: string }[]).map((row) => row.name);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: lastOpened.databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ name: string }>(query)).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

async function open(dialect: StoreDialect): Promise<Store> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-api-consent-'));
    lastOpened = { sqliteFile: path.join(dataDir, 'sentinel.db') };
    const store = await openStore({ dataDir });
    cleanUps.push(async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return store;
  }
  if (!postgresUrl) throw new Error('CI=true but no PostgreSQL: install it (apt-get install postgresql).');
  const database = await createTestDatabase(postgresUrl);
  lastOpened = { databaseUrl: database.url };
  const store = await openStore({ dataDir: ':memory:', databaseUrl: database.url });
  cleanUps.push(async () => {
    await store.close();
    await database.drop();
  });
  return store;
}

const jane = PERSONAS.jane.sub;
const john = PERSONAS.john.sub;

describe.each(DIALECTS)('calendar connections on %s', (dialect) => {
  it('are kept per user, replaced on reconnect and removed on disconnect', async () => {
    const store = await open(dialect);
    await store.transaction(async (tx) => {
      expect(await tx.getVaultConnection(jane)).toBeUndefined();
      await tx.putVaultConnection({
        sub: jane,
        scopes: ['calendar:read'],
        connectedAt: '2026-11-02T14:30:00.000Z',
      });
      await tx.putVaultConnection({
        sub: john,
        scopes: ['calendar:read'],
        connectedAt: '2026-11-02T14:31:00.000Z',
      });
      await tx.putVaultConnection({
        sub: jane,
        scopes: ['calendar:read', 'calendar:write'],
        connectedAt: '2026-11-02T15:00:00.000Z',
      });
    });
    await store.transaction(async (tx) => {
      expect(await tx.getVaultConnection(jane)).toEqual({
        sub: jane,
        scopes: ['calendar:read', 'calendar:write'],
        connectedAt: '2026-11-02T15:00:00.000Z',
      });
      expect(await tx.removeVaultConnection(jane)).toBe(true);
      expect(await tx.removeVaultConnection(jane)).toBe(false);
      expect(await tx.getVaultConnection(jane)).toBeUndefined();
      expect((await tx.getVaultConnection(john))?.scopes).toEqual(['calendar:read']);
    });
  });

  it('roll back with their transaction', async () => {
    const store = await open(dialect);
    await expect(
      store.transaction(async (tx) => {
        await tx.putVaultConnection({
          sub: jane,
          scopes: ['calendar:read'],
          connectedAt: '2026-11-02T14:30:00.000Z',
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.transaction((tx) => tx.getVaultConnection(jane))).toBeUndefined();
  });

  it('come from the migration named 0004_vault_connections', async () => {
    await open(dialect);
    const names = await migrationNames(dialect);
    expect(names).toContain('0004_vault_connections');
    // Later migrations (0005 item owners, ...) come after it; a released migration never moves.
    expect(names.indexOf('0004_vault_connections')).toBe(names.indexOf('0003_approvals') + 1);
  });
});
