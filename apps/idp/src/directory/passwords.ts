/**
 * Password hashing for the directory: argon2id (RFC 9106) through @node-rs/argon2 with OWASP's minimum
 * parameters (19 MiB, 2 passes, 1 lane), the PHC string format, so parameters can be raised later and old
 * hashes still verify. Link tokens are random and long, so a fast SHA-256 is enough for them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read from the package's types). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of no account's password: sign-in verifies against it when the e-mail is unknown or has no
 * password yet, so every refusal costs one argon2 verification and timing does not reveal accounts.
 */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(24).toString('base64')));

/** A new single-use link token (32 random bytes, base64url) and the hash the directory keeps of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
