/** Types of scripts/postgres.mjs, for TypeScript callers (the API's vitest global setup). */
export declare const TEST_ROLE: string;
export declare const TEST_PASSWORD: string;
export declare const TEST_DATABASE: string;
/** True when Debian's PostgreSQL (server and cluster tools) is installed. */
export declare function postgresInstalled(): boolean;
/**
 * The URL of a running PostgreSQL that tests may create databases on (DATABASE_URL_TEST, else Debian's local
 * cluster, started and prepared), or null when PostgreSQL is not installed.
 */
export declare function ensurePostgres(): Promise<string | null>;
