/**
 * `npm start -w @sentinel/api`: opens the store (SQLite in apps/api/.data, or PostgreSQL by DATABASE_URL;
 * created and seeded on first start), loads the knowledge base and serves the API. SIGTERM and SIGINT let
 * in-flight requests finish, then close the store (the server kit's `serve`). An unusable setting stops it
 * with one line naming the variable.
 */
import { loadKnowledge } from '@sentinel/knowledge/node';
import { seed } from '@sentinel/demo-data';
import { createMailer, serve, settingsOrExit } from '@sentinel/server-kit';
import { identityAdminSettingsFromEnv, settingsFromEnv } from './config';
import { createIdentityAdmin } from './identityAdmin';
import { createAuthorizer, fgaSettingsFromEnv } from './fga';
import { buildServer } from './server';
import { apiRateLimitFromEnv } from './rateLimit';
import { openStore } from './store/index';
import { vaultSettingsFromEnv } from './vault';

// Whatever this process creates (the SQLite files, anything a dependency writes) is its owner's only: the data
// holds ePHI. The store also sets its folder and files' modes itself (store/index.ts), for tests and tools.
process.umask(0o077);

const { settings, apiRateLimit } = settingsOrExit('The API', () => ({
  settings: settingsFromEnv(),
  apiRateLimit: apiRateLimitFromEnv(),
}));
// The identity provider's user management and the invitations' mail (SMTP_URL; MailDev by default).
let people;
try {
  people = {
    identity: createIdentityAdmin(identityAdminSettingsFromEnv(process.env, settings.issuer)),
    mailer: createMailer(),
  };
} catch (error) {
  console.error(`The API cannot send mail: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const knowledge = loadKnowledge();
if (!knowledge.ok) {
  console.error(`The knowledge base did not load: ${knowledge.error.message}`);
  process.exit(1);
}

// The embedded default's seeding step: a store created on this start is filled with the demo data, dated
// around today; request code never sees where the data came from.
const store = await openStore({
  databaseUrl: settings.databaseUrl,
  dataDir: settings.dataDir,
  seed: seed(new Date()),
});
const app = await buildServer({
  settings,
  store,
  knowledge: () => knowledge.value,
  model: settings.model,
  // The token vault: the calendar service (CALENDAR_URL) and the identity provider's token exchange.
  vault: vaultSettingsFromEnv(process.env, settings.issuer),
  // Local evaluation of knowledge/fga/model.fga, or an OpenFGA server when FGA_API_URL is set.
  authorizer: createAuthorizer(fgaSettingsFromEnv(process.env)),
  apiRateLimit: apiRateLimit && { limit: apiRateLimit },
  people,
  logger: {
    level: settings.logLevel,
    // Belt and braces: no route logs headers, but a stray object with them must not print a token.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.authorization', '*.token'],
  },
});

await serve(app, {
  name: 'The API',
  port: settings.port,
  host: settings.host,
  log: app.log,
  onShutdown: () => store.close(),
});
app.log.info(
  {
    port: settings.port,
    store: store.dialect,
    issuer: settings.issuer,
    portal: Boolean(settings.portalDist),
    model: settings.model.kind === 'none' ? 'none (canned answers)' : settings.model.kind,
  },
  'API listening',
);
