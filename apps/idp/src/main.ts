/**
 * Entry point: `npm start -w @sentinel/idp` serves the embedded identity provider on http://localhost:4000.
 * SIGTERM and SIGINT stop it (the server kit's `stopOnSignals`); an unusable setting stops the start with one
 * line naming the variable.
 */
import { PERSONA_LIST } from '@sentinel/demo-data';
import { settingsOrExit, stopOnSignals } from '@sentinel/server-kit';
import { requiresSecondFactor } from './accounts';
import { startIdp } from './server';
import { settingsFromEnv } from './settings';

// Keys, the API client's secret and sessions are written by this process: its owner's only to read.
process.umask(0o077);

const settings = settingsOrExit('The identity provider', () => settingsFromEnv());
// The embedded default's seeding step: the demo personas are the directory (REQ-arch-personas).
const idp = await startIdp(settings, { accounts: PERSONA_LIST });
// The provider listens inside startIdp (its own http server around oidc-provider), so only the stop is ours.
stopOnSignals(() => idp.close(), { name: 'The identity provider' });
console.log(`Identity provider ready at ${idp.url} (issuer ${idp.issuer}, data in ${settings.dataDir})`);
console.log(
  `Demo accounts: ${PERSONA_LIST.map((p) => `${p.email}${requiresSecondFactor(p) ? ' (TOTP)' : ''}`).join(', ')}`,
);
console.log(
  settings.trustedProxies?.length
    ? `Sign-in limits key on X-Forwarded-For from trusted proxies: ${settings.trustedProxies.join(', ')}`
    : 'Sign-in limits key on the socket address (no trusted proxy; X-Forwarded-For ignored)',
);
