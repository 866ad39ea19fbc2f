/**
 * Entry point: `npm start -w @sentinel/idp` serves the embedded identity provider on http://localhost:4000.
 * SIGTERM and SIGINT stop it (the server kit's `stopOnSignals`); an unusable setting, or an account directory
 * that cannot be opened (a wrong secrets key), stops the start with one line saying why.
 */
import { PERSONA_LIST } from '@sentinel/demo-data';
import { settingsOrExit, stopOnSignals } from '@sentinel/server-kit';
import { requiresSecondFactor } from './accounts';
import { openSqlDirectory } from './directory/sql';
import { startIdp } from './server';
import { settingsFromEnv } from './settings';

// Keys, the API client's secret and sessions are written by this process: its owner's only to read.
process.umask(0o077);

const settings = settingsOrExit('The identity provider', () => settingsFromEnv());
// The embedded default's seeding step: the demo personas (REQ-arch-personas) are written on the directory's
// first start only, so an admin's changes to them (or their deletion) survive restarts.
const directory = await openSqlDirectory({
  dataDir: settings.dataDir,
  ...(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : {}),
  ...(settings.secretsKey ? { secretsKey: settings.secretsKey } : {}),
  seed: PERSONA_LIST,
}).catch((error: unknown) => {
  console.error(
    `The identity provider cannot open its account directory: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
const { total } = await directory.list({ perPage: 1 });
const demo = [];
for (const persona of PERSONA_LIST) {
  if (await directory.findByEmail(persona.email)) demo.push(persona);
}
const idp = await startIdp(settings, { directory });
// The provider listens inside startIdp (its own http server around oidc-provider), so only the stop is ours.
stopOnSignals(() => idp.close(), { name: 'The identity provider' });
console.log(`Identity provider ready at ${idp.url} (issuer ${idp.issuer}, data in ${settings.dataDir})`);
console.log(
  `Account directory: ${directory.location}, ${total} account${total === 1 ? '' : 's'}` +
    (directory.seeded ? ` (first start: ${directory.seeded} demo accounts seeded)` : ''),
);
if (demo.length) {
  console.log(
    `Demo accounts: ${demo.map((p) => `${p.email}${requiresSecondFactor(p, settings.mfaRequiredRoles) ? ' (TOTP)' : ''}`).join(', ')}`,
  );
}
if (settings.mfaRequiredRoles?.length) {
  console.log(`Second factor also required of (MFA_REQUIRED_ROLES): ${settings.mfaRequiredRoles.join(', ')}`);
}
console.log(
  settings.trustedProxies?.length
    ? `Sign-in limits key on X-Forwarded-For from trusted proxies: ${settings.trustedProxies.join(', ')}`
    : 'Sign-in limits key on the socket address (no trusted proxy; X-Forwarded-For ignored)',
);
