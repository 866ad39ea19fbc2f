/**
 * Test helper: a software WebAuthn authenticator, standing in for the browser and a passkey. It makes an
 * EC P-256 key pair per credential (node:crypto) and answers registration options with attestation "none" and
 * sign-in options with an ES256 assertion, built byte by byte as the WebAuthn specification lays them out (authenticator data,
 * CBOR attestation object, COSE key), so the provider's checks run on what a real authenticator sends.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** CBOR head: major type and length/value (RFC 8949). */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** The subset of CBOR WebAuthn needs: integers, byte and text strings, maps (keys in the order given). */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries: [Cbor, Cbor][] = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

type Credential = { privateKey: KeyObject; counter: number; userHandle: string };

export type CeremonyOverrides = {
  /** The origin the "browser" reports (a phishing site would report its own). */
  origin?: string;
  /** The RP ID the authenticator signs for. */
  rpId?: string;
  /** The counter to sign with, instead of the next one (a cloned authenticator's, or a replayed one's). */
  counter?: number;
};

export class FakeAuthenticator {
  readonly credentials = new Map<string, Credential>();

  /**
   * @param origin the page's origin, as a browser fills clientDataJSON
   * @param options.backedUp a synced passkey (flags BE and BS), else one bound to this device
   * @param options.counterStep how much the signature counter goes up per use (0: an authenticator that keeps none)
   */
  constructor(
    readonly origin: string,
    readonly options: { backedUp?: boolean; counterStep?: number } = {},
  ) {}

  private flags(attested: boolean): number {
    const UP = 0x01;
    const UV = 0x04;
    const BE_BS = this.options.backedUp ? 0x18 : 0;
    return UP | UV | BE_BS | (attested ? 0x40 : 0);
  }

  private authData(rpId: string, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(!!attested)]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new credential for the options' RP and user. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, length, id, cose]);
    const counter = overrides.counter ?? 0;
    const authData = this.authData(overrides.rpId ?? options.rp.id ?? '', counter, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    this.credentials.set(b64url(id), { privateKey, counter, userHandle: options.user.id });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get: an assertion by the first allowed credential this authenticator holds. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [...this.credentials.keys()];
    const id = allowed.find((candidate) => this.credentials.has(candidate));
    const credential = id === undefined ? undefined : this.credentials.get(id);
    if (!id || !credential) throw new Error('NotAllowedError: no credential for these options');
    const counter = overrides.counter ?? credential.counter + (this.options.counterStep ?? 1);
    credential.counter = Math.max(credential.counter, counter);
    const authenticatorData = this.authData(overrides.rpId ?? options.rpId ?? '', counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
