/**
 * Vitest global setup: makes sure a PostgreSQL is running (scripts/postgres.mjs, as the API's store tests do)
 * and hands its URL to the directory tests as `inject('postgresUrl')`, null when PostgreSQL is not installed.
 */
import type { TestProject } from 'vitest/node';
import { ensurePostgres } from '../../../../scripts/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose role may create databases, or null when there is no PostgreSQL. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('postgresUrl', await ensurePostgres());
}
