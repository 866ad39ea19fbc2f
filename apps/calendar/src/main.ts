/**
 * `npm start -w @sentinel/calendar`: the token vault's calendar service on http://localhost:4100
 * (CALENDAR_PORT), its events in apps/calendar/.data/events.json (CALENDAR_DATA_DIR), seeded on first start
 * from the seeded appointments. Tokens are checked against the identity provider's keys (CALENDAR_ISSUER,
 * CALENDAR_AUDIENCE). SIGTERM and SIGINT finish writes, then stop (the server kit's `serve`).
 */
import { PERSONA_LIST, seed } from '@sentinel/demo-data';
import { serve, settingsOrExit } from '@sentinel/server-kit';
import { createCalendarVerifier } from './auth';
import { buildCalendarServer } from './server';
import { settingsFromEnv } from './settings';
import { openCalendarStore } from './store';

// The events (appointments of patients) are written by this process only and are its owner's only to read.
process.umask(0o077);

const settings = settingsOrExit('The calendar service', () => settingsFromEnv());
// The embedded default's seeding step, on the day it first starts (as the API's store is: the appointments lie
// around today), with the demo personas as the accounts whose calendars show them.
const store = await openCalendarStore({
  dataDir: settings.dataDir,
  seed: seed(new Date()).appointments,
  accounts: PERSONA_LIST,
});
const app = await buildCalendarServer({
  store,
  verify: createCalendarVerifier({
    issuer: settings.issuer,
    audience: settings.audience,
    keys: settings.jwksUrl,
  }),
  allowedHosts: settings.allowedHosts,
  logger: { level: settings.logLevel, redact: ['req.headers.authorization'] },
});

await serve(app, { name: 'The calendar service', port: settings.port, host: settings.host, log: app.log });
app.log.info(
  { port: settings.port, issuer: settings.issuer, audience: settings.audience, data: settings.dataDir },
  'calendar service listening',
);
