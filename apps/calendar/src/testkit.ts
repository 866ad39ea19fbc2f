/**
 * Test support: the calendar service on a free port over a throwaway data folder, checking tokens with the
 * keys given (a local key set, or the JWKS URL of a running identity provider).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Appointment } from '@sentinel/domain';
import { FIXED_NOW, PERSONA_LIST, seed } from '@sentinel/demo-data';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { createCalendarVerifier } from './auth';
import { buildCalendarServer } from './server';
import { DEFAULT_CALENDAR_AUDIENCE } from './settings';
import { openCalendarStore, type CalendarStore } from './store';

export type RunningCalendar = {
  /** Base URL without a trailing slash, e.g. http://localhost:41234. */
  readonly url: string;
  readonly app: FastifyInstance;
  readonly store: CalendarStore;
  readonly dataDir: string;
  /** Stops the service and removes the data folder (unless kept, or given by the caller). */
  readonly close: (options?: { keepData?: boolean }) => Promise<void>;
};

export async function startCalendarService(options: {
  readonly issuer: string;
  /** A JWKS URL or a key getter. */
  readonly keys: string | JWTVerifyGetKey;
  readonly audience?: string;
  /** Reuse a data folder (restart tests); a fresh temporary one by default. */
  readonly dataDir?: string;
  /** The appointments to seed with; the fixtures on the fixed clock by default. */
  readonly seed?: readonly Appointment[];
  /** The verifier's clock (expiry tests). */
  readonly now?: () => Date;
  /** The host to listen on and name in `url`; 'localhost' by default. */
  readonly host?: string;
  /** The `Host` values it answers; the loopback names by default. */
  readonly allowedHosts?: readonly string[];
}): Promise<RunningCalendar> {
  const host = options.host ?? 'localhost';
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sentinel-calendar-test-'));
  const store = await openCalendarStore({
    dataDir,
    seed: options.seed ?? seed(FIXED_NOW).appointments,
    accounts: PERSONA_LIST,
  });
  const app = await buildCalendarServer({
    store,
    verify: createCalendarVerifier({
      issuer: options.issuer,
      audience: options.audience ?? DEFAULT_CALENDAR_AUDIENCE,
      keys: options.keys,
      ...(options.now ? { now: options.now } : {}),
    }),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  await app.listen({ port: 0, host });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    app,
    store,
    dataDir,
    close: async ({ keepData = false } = {}) => {
      await app.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
