/**
 * The API's client secret for the token vault's exchange. Created on first start into the data folder (never
 * committed: `.data/` is git-ignored) and reused afterwards; the API reads the same file (or both are given the
 * secret through the environment).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readJson, writeJsonAtomic } from './files';
import { API_CLIENT_ID } from './settings';

export const API_CLIENT_FILE = 'api-client.json';

export type ApiClientCredentials = { client_id: string; client_secret: string };

const isCredentials = (v: unknown): v is ApiClientCredentials =>
  typeof v === 'object' &&
  v !== null &&
  (v as ApiClientCredentials).client_id === API_CLIENT_ID &&
  typeof (v as ApiClientCredentials).client_secret === 'string' &&
  (v as ApiClientCredentials).client_secret.length >= 32;

/** The API client's credentials from `<dataDir>/api-client.json`, created with a random secret the first time. */
export async function loadOrCreateApiClient(dataDir: string): Promise<ApiClientCredentials> {
  const file = path.join(dataDir, API_CLIENT_FILE);
  const existing = await readJson(file);
  if (isCredentials(existing)) return existing;
  const credentials = { client_id: API_CLIENT_ID, client_secret: randomBytes(32).toString('base64url') };
  await writeJsonAtomic(file, credentials);
  return credentials;
}
