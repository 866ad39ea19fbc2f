/**
 * The store's SQL, built once with Kysely's query builder and compiled once per dialect, then run with the
 * call's values. Building and compiling a query cost more than running it on SQLite (tens of microseconds per
 * audited call), and the store's queries come from a fixed set of shapes.
 *
 * A query is written as a builder over `arg(i)` stand-ins; compiling it gives the SQL text and its parameters,
 * where each stand-in marks the place of the call's i-th value and every other parameter is a constant of the
 * query.
 */
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type Transaction,
} from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from './schema';
import type { StoreDialect } from './types';

/** A stand-in for the call's i-th value in a query being prepared. */
class Arg {
  constructor(readonly index: number) {}
}

/**
 * The i-th value of the call, where a query is prepared. Typed as a string for the builder: every value the
 * store passes through `arg` is bound as a parameter, never spliced into the SQL.
 */
export const arg = (index: number) => new Arg(index) as unknown as string;

const compilers: Readonly<Record<StoreDialect, Kysely<Database>>> = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

type Compiled = {
  readonly sql: string;
  /** A name unique to this SQL text in the process, for PostgreSQL's per-connection prepared statements. */
  readonly name: string;
  /** Per parameter: the call's value at this index, or the query's constant. */
  readonly parameters: readonly ({ readonly arg: number } | { readonly constant: unknown })[];
};

/** A query prepared once; `Row` is what a row of its result holds. */
export type Prepared<Row> = {
  readonly compiled: (dialect: StoreDialect) => Compiled;
  /** Only for typing. */
  readonly row?: Row;
};

/** `make` for each key, made on the key's first use and kept. */
export function madeOnce<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key) as V;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}

let compiledCount = 0;

/** Prepares the query `build` makes over `arg(i)` stand-ins; compiled on first use per dialect. */
export function prepare<Row>(build: (db: Kysely<Database>) => Compilable<Row>): Prepared<Row> {
  return {
    compiled: madeOnce((dialect: StoreDialect): Compiled => {
      const query = build(compilers[dialect]).compile();
      compiledCount += 1;
      return {
        sql: query.sql,
        name: `sentinel_${compiledCount}`,
        parameters: query.parameters.map((value) =>
          value instanceof Arg ? { arg: value.index } : { constant: value },
        ),
      };
    }),
  };
}

/** Runs prepared queries inside one transaction. */
export type Runner = {
  readonly dialect: StoreDialect;
  /** The rows a query returns (a select, or a write with RETURNING). */
  rows<Row>(query: Prepared<Row>, args: readonly unknown[]): Promise<Row[]>;
  /** The number of rows a write changed. */
  changes(query: Prepared<unknown>, args: readonly unknown[]): Promise<number>;
};

const bind = (compiled: Compiled, args: readonly unknown[]) =>
  compiled.parameters.map((p) => ('arg' in p ? args[p.arg] : p.constant));

/** A runner over a Kysely transaction (the first seeding, while the store opens). */
export function kyselyRunner(trx: Transaction<Database>, dialect: StoreDialect): Runner {
  const execute = async (query: Prepared<unknown>, args: readonly unknown[]) => {
    const compiled = query.compiled(dialect);
    return trx.executeQuery(CompiledQuery.raw(compiled.sql, bind(compiled, args)));
  };
  return {
    dialect,
    async rows<Row>(query: Prepared<Row>, args: readonly unknown[]) {
      return (await execute(query, args)).rows as Row[];
    },
    async changes(query, args) {
      return Number((await execute(query, args)).numAffectedRows ?? 0n);
    },
  };
}

/**
 * A runner straight on better-sqlite3, inside a transaction the store began on that connection: no query
 * building, no driver in between. `statement` gives the prepared statement of an SQL text (cached).
 */
export function sqliteRunner(statement: (sql: string) => SqliteDatabase.Statement): Runner {
  return {
    dialect: 'sqlite',
    async rows<Row>(query: Prepared<Row>, args: readonly unknown[]) {
      const compiled = query.compiled('sqlite');
      return statement(compiled.sql).all(bind(compiled, args)) as Row[];
    },
    async changes(query, args) {
      const compiled = query.compiled('sqlite');
      return statement(compiled.sql).run(bind(compiled, args)).changes;
    },
  };
}

/**
 * A runner on a pooled PostgreSQL connection inside a transaction the store began on it. Each query is a named
 * prepared statement, parsed and planned once per connection.
 */
export function postgresRunner(client: pg.PoolClient): Runner {
  const execute = (query: Prepared<unknown>, args: readonly unknown[]) => {
    const compiled = query.compiled('postgres');
    return client.query({ name: compiled.name, text: compiled.sql, values: bind(compiled, args) });
  };
  return {
    dialect: 'postgres',
    async rows<Row>(query: Prepared<Row>, args: readonly unknown[]) {
      return (await execute(query, args)).rows as Row[];
    },
    async changes(query, args) {
      return (await execute(query, args)).rowCount ?? 0;
    },
  };
}
