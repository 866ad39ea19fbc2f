/** Entry point: `npm start -w @sentinel/idp` serves the embedded identity provider on http://localhost:4000. */
import { PERSONA_LIST } from '@sentinel/mocks';
import { requiresSecondFactor } from './accounts';
import { startIdp } from './server';
import { settingsFromEnv } from './settings';

// Keys, the API client's secret and sessions are written by this process: its owner's only to read.
process.umask(0o077);

const settings = settingsFromEnv();
const idp = await startIdp(settings);
console.log(`Identity provider ready at ${idp.url} (issuer ${idp.issuer}, data in ${settings.dataDir})`);
console.log(
  `Demo accounts: ${PERSONA_LIST.map((p) => `${p.email}${requiresSecondFactor(p) ? ' (TOTP)' : ''}`).join(', ')}`,
);
console.log(
  settings.trustedProxies?.length
    ? `Sign-in limits key on X-Forwarded-For from trusted proxies: ${settings.trustedProxies.join(', ')}`
    : 'Sign-in limits key on the socket address (no trusted proxy; X-Forwarded-For ignored)',
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`Identity provider stopping (${signal})`);
  idp.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
