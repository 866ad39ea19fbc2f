/**
 * How the directory keeps recovery codes and device tokens: HMAC-SHA256 under a key of its own, never the value.
 *
 * A fast keyed hash, not argon2 as for passwords, because these values are random, not chosen by a person: a
 * recovery code carries about 49.5 bits (10 characters from 31), a device token 256 bits, so there is no
 * dictionary to try and a slow hash would only slow every sign-in. The key adds what the entropy of a code
 * alone does not give: a copy of the database without the key (a backup, a dump) cannot be searched offline
 * at all, not even by trying 2^49 codes on a GPU. The key is derived from the secrets key (./encryption.ts,
 * kept outside the database), or random per process for the memory store. The subject is part of the hashed
 * text, so the same value for two accounts (one browser, two accounts) gives two unrelated hashes.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The hashing key, derived so it never equals the encryption key itself. */
export const hashKeyFrom = (secretsKey: Buffer): Buffer =>
  createHmac('sha256', secretsKey).update('sentinel idp one-time value hashing').digest();

export const randomHashKey = (): Buffer => randomBytes(32);

export const recoveryCodeHash = (key: Buffer, sub: string, code: string): string =>
  createHmac('sha256', key).update(`recovery\0${sub}\0${code}`).digest('hex');

export const deviceTokenHash = (key: Buffer, sub: string, token: string): string =>
  createHmac('sha256', key).update(`device\0${sub}\0${token}`).digest('hex');
