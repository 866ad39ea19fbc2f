// What the API's vitest global setup (@sentinel/api/postgres-setup) provides to the tests.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose role may create databases, or null when there is no PostgreSQL. */
    postgresUrl: string | null;
  }
}
export {};
