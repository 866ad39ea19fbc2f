/**
 * Signing and cookie keys. Generated on first start into the data folder (never committed: `.data/` is
 * git-ignored) and reused afterwards, so tokens and session cookies stay valid across restarts.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { readJson, writeJsonAtomic } from './files';

export type IdpKeys = { jwks: { keys: JWK[] }; cookieKeys: string[] };

const isKeys = (v: unknown): v is IdpKeys =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as IdpKeys).jwks?.keys) &&
  (v as IdpKeys).jwks.keys.length > 0 &&
  Array.isArray((v as IdpKeys).cookieKeys);

/** Loads the keys from `<dataDir>/keys.json`, creating an RS256 key pair and a cookie secret the first time. */
export async function loadOrCreateKeys(dataDir: string): Promise<IdpKeys> {
  const file = path.join(dataDir, 'keys.json');
  const existing = await readJson(file);
  if (isKeys(existing)) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const keys: IdpKeys = {
    jwks: { keys: [{ ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await writeJsonAtomic(file, keys);
  return keys;
}
