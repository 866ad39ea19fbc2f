/**
 * Secrets at rest (TOTP secrets in the account directory): AES-256-GCM with a random 96-bit IV per value and
 * its 128-bit tag, written `v1.<iv>.<tag>.<ciphertext>` (base64url), so the format can change later and old
 * values still read. Each value is bound to where it belongs (the associated data, e.g. `totp:<sub>`): a secret
 * copied into another account's row does not decrypt. The key is IDP_SECRETS_KEY (base64, 32 bytes) or, unset,
 * `<dataDir>/secrets.key`, created at first start (0600). The key is never logged, and never written into an
 * error message.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRETS_KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** The key cannot be used: missing, malformed, or not the key the stored secrets were encrypted with. */
export class SecretsKeyError extends Error {
  override readonly name = 'SecretsKeyError';
}

/** A stored value that does not decrypt with the key (tampered, or moved to another row). */
export class SecretDecryptionError extends Error {
  override readonly name = 'SecretDecryptionError';
}

/** A 32-byte key from its base64 (or base64url) text; undefined when the text is not one. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** A new random key as the base64 text IDP_SECRETS_KEY takes. */
export const newSecretsKey = (): string => randomBytes(KEY_BYTES).toString('base64');

export const secretsKeyPath = (dataDir: string) => path.join(dataDir, SECRETS_KEY_FILE);

/**
 * The key in `<dataDir>/secrets.key`; undefined when the file does not exist. A file that holds no key is a
 * SecretsKeyError (never silently replaced: the secrets encrypted with the old key would be lost).
 */
export async function readSecretsKeyFile(dataDir: string): Promise<Buffer | undefined> {
  const file = secretsKeyPath(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = parseSecretsKey(text);
  if (!key) throw new SecretsKeyError(`${file} does not hold a secrets key (base64 of 32 bytes).`);
  // A file made by hand or copied under a loose umask: its owner's only, as it is created.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}

/**
 * Creates `<dataDir>/secrets.key` (0600, in a 0700 folder) with a new random key. Exclusive: when another
 * process created it first, its key is the one read and used.
 */
export async function createSecretsKeyFile(dataDir: string): Promise<Buffer> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(secretsKeyPath(dataDir), `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = await readSecretsKeyFile(dataDir);
  if (!key) throw new SecretsKeyError(`${secretsKeyPath(dataDir)} could not be created.`);
  return key;
}

/** Encrypts `plaintext` for the place named by `context` (associated data, not secret). */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts a value `encryptSecret` made for the same context; anything else is a SecretDecryptionError. */
export function decryptSecret(key: Buffer, stored: string, context: string): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    rest.length
  ) {
    throw new SecretDecryptionError('A stored secret is not in a format this version reads.');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
    throw new SecretDecryptionError('A stored secret is malformed.');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretDecryptionError(
      'A stored secret does not decrypt with the secrets key (wrong key or altered).',
    );
  }
}
