/**
 * Passkeys (WebAuthn) as the second factor of a sign-in (REQ-auth-passkeys), through @simplewebauthn/server: the
 * options a page hands to the browser's navigator.credentials.create/get, and the checks of what comes back.
 * The relying party is the provider itself: its host is the RP ID (localhost in development) and its origin the
 * only origin accepted. The challenges live in the server's memory with the sign-in interaction that asked for
 * them (interactions.ts), never in a cookie or the page's storage; the browser only echoes them back signed.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountProfile, NewPasskey, Passkey } from './directory/types';

export type RelyingParty = {
  /** The RP ID: the provider's host name, without port. */
  readonly id: string;
  /** The provider's origin (scheme, host and port), the one origin a response may come from. */
  readonly origin: string;
};

export const RP_NAME = 'Sentinel Health';
/** The name a new passkey gets in the directory (the admin's user list shows "Passkey"). */
export const PASSKEY_NAME = 'Passkey';
/** How long the browser waits for the authenticator (the step itself may take 10 minutes). */
const CEREMONY_TIMEOUT_MS = 120_000;

/** The provider's relying party from its issuer URL. */
export function relyingPartyOf(issuer: string): RelyingParty {
  const url = new URL(issuer);
  return { id: url.hostname, origin: url.origin };
}

const TRANSPORTS: ReadonlySet<string> = new Set(['ble', 'hybrid', 'internal', 'nfc', 'usb']);
const knownTransports = (list: readonly string[]) =>
  list.filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t));

/**
 * Auth0's name of a passkey in the Management API's `multifactor` list: a passkey kept in the device
 * (transport `internal`, or reached from a phone with `hybrid`) is a platform authenticator, any other a
 * roaming one (a security key).
 */
export function multifactorName(
  passkey: Pick<Passkey, 'transports'>,
): 'webauthn-platform' | 'webauthn-roaming' {
  return passkey.transports.some((t) => t === 'internal' || t === 'hybrid')
    ? 'webauthn-platform'
    : 'webauthn-roaming';
}

/**
 * Registration options for the account: user verification and a discoverable credential preferred, no
 * attestation (nothing here decides by authenticator make), and the passkeys it already has excluded so an
 * authenticator is not enrolled twice.
 */
export function registrationOptions(
  rp: RelyingParty,
  account: Pick<AccountProfile, 'sub' | 'email' | 'name'>,
  existing: readonly Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    // The user handle is the subject (no e-mail or name in it: authenticators may show or sync it).
    userID: new TextEncoder().encode(account.sub),
    userName: account.email,
    userDisplayName: account.name,
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: knownTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Sign-in options: one of the account's own passkeys, user verification preferred. */
export function authenticationOptions(
  rp: RelyingParty,
  passkeys: readonly Passkey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: knownTransports(p.transports) })),
  });
}

/**
 * What the page posted back, as JSON: absent or unreadable text is undefined (the page then says that no
 * passkey came back). The shape itself is checked by the verification.
 */
export function parseCredential<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  text: string | null,
): T | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a registration against the challenge this sign-in was given: the passkey to keep, or undefined when
 * anything does not match (challenge, origin, RP ID, type, a malformed attestation).
 */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
): Promise<{ passkey: NewPasskey; backedUp: boolean } | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential, credentialBackedUp } = result.registrationInfo;
    const passkey: NewPasskey = {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: knownTransports(response.response.transports ?? credential.transports ?? []),
      name: PASSKEY_NAME,
    };
    return { passkey, backedUp: credentialBackedUp };
  } catch {
    return undefined;
  }
}

/**
 * Checks a sign-in assertion against the challenge and one of the account's passkeys: its signature, origin,
 * RP ID, and that its signature counter went up (a counter at or below the stored one means a replayed
 * assertion or a cloned authenticator; both 0 means the authenticator keeps none). The passkey used with its
 * new counter, or undefined.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  passkeys: readonly Passkey[],
): Promise<{ passkey: Passkey; counter: number; backedUp: boolean } | undefined> {
  const passkey = passkeys.find((p) => p.id === response.id);
  if (!passkey) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: knownTransports(passkey.transports),
      },
    });
    if (!result.verified) return undefined;
    const info = result.authenticationInfo;
    return { passkey, counter: info.newCounter, backedUp: info.credentialBackedUp };
  } catch {
    return undefined;
  }
}

/**
 * The `amr` of a sign-in with password and passkey (RFC 8176): `hwk`, proof of a hardware-held key, for a
 * passkey bound to its device; `swk` for one the authenticator backs up and syncs (its key also lives in
 * software elsewhere). Both count as a second factor for the API (@sentinel/domain usedSecondFactor).
 */
export const passkeyAmr = (backedUp: boolean): string[] => ['pwd', backedUp ? 'swk' : 'hwk'];

/** Where the passkey forms' script is served from (pages.ts loads it; the pages' CSP allows 'self' scripts). */
export const PASSKEY_SCRIPT_PATH = '/assets/passkey.js';

/**
 * Serves public/passkey.js at PASSKEY_SCRIPT_PATH (read once, at start); returns false for any other request.
 */
export async function createPasskeyScriptHandler() {
  const script = await readFile(new URL('../public/passkey.js', import.meta.url));
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== PASSKEY_SCRIPT_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': String(script.length),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : script);
    return true;
  };
}
