/** Entry point: `npm start -w @sentinel/idp` serves the embedded identity provider on http://localhost:4000. */
import { PERSONA_LIST } from '@sentinel/mocks';
import { startIdp } from './server';
import { settingsFromEnv } from './settings';

const settings = settingsFromEnv();
const idp = await startIdp(settings);
console.log(`Identity provider ready at ${idp.url} (issuer ${idp.issuer}, data in ${settings.dataDir})`);
console.log(`Demo accounts: ${PERSONA_LIST.map((p) => `${p.email}${p.mfa ? ' (TOTP)' : ''}`).join(', ')}`);

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
