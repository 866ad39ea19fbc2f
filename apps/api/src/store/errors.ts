/**
 * The errors the store throws on purpose, so the route layer can answer them (409, 503) instead of 500: those
 * every store throws (@sentinel/service), and how a SQL driver reports a unique-key clash. Everything else a
 * driver throws passes through unchanged.
 */
export { DuplicateEmailError, DuplicateIdError, OwnerChangeError, StoreClosedError } from '@sentinel/service';

/** True when a driver error is a unique-constraint violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
