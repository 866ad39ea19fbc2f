/**
 * What the security tests share: calls through the in-process server, the contract's error body, an API server
 * whose keys come from a JWKS URL (the production path, not the testkit's local key set), small HTTP servers
 * that count the requests they get, a recorder of every outbound connection of this process, and a JWT builder
 * that signs any header and payload it is given (forged tokens need headers no library writes).
 */
import { KeyObject, constants, createHmac, sign as cryptoSign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildServer, type ServerOptions } from '@sentinel/api';
import { openStore } from '@sentinel/api/store';
import { KNOWLEDGE, TEST_AUDIENCE, TEST_ISSUER, type TestServer } from '@sentinel/api/testkit';
import type { ManagedUser } from '@sentinel/domain';
import { ErrorBodySchema, type ErrorBody, type ErrorCode } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/demo-data';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { expect } from 'vitest';

/** The API's Fastify instance. */
export type App = TestServer['app'];

export type Keys = Awaited<ReturnType<typeof generateKeyPair>>;

/** An RS256 key pair and its public JWK as a JWKS lists it. */
export async function createSigningKey(kid: string): Promise<Keys & { jwk: JWK }> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  return { ...keys, jwk: { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export type Answer = {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
  readonly headers: Record<string, string | string[] | number | undefined>;
};

export type Call = {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS' | 'HEAD';
  readonly url: string;
  /** A bearer token for the Authorization header. */
  readonly token?: string;
  /** Sent as JSON (`Content-Type: application/json`) unless `payload` is given. */
  readonly body?: unknown;
  /** Raw bytes or text, sent as they are. */
  readonly payload?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  readonly remoteAddress?: string;
};

/** Calls the server in process (no socket) and reads the answer as JSON when it is JSON. */
export async function send(app: App, request: Call): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let payload = request.payload;
  if (payload === undefined && request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: { ...headers, ...request.headers },
    ...(payload === undefined ? {} : { payload }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  const type = String(response.headers['content-type'] ?? '');
  let json: unknown = undefined;
  if (type.startsWith('application/json') && response.body) json = JSON.parse(response.body) as unknown;
  return { status: response.statusCode, text: response.body, json, headers: response.headers };
}

/** The answer is the contract's error body (`{ error, message }`, nothing else) with this code. */
export function expectContractError(answer: Answer, code: ErrorCode, label = ''): ErrorBody {
  const parsed = ErrorBodySchema.safeParse(answer.json);
  expect(parsed.success, `${label} answered ${answer.status} ${answer.text.slice(0, 300)}`).toBe(true);
  const body = parsed.data as ErrorBody;
  expect(body.error, label).toBe(code);
  return body;
}

// --- An API server that reads its keys from a JWKS URL --------------------------------------------------------

export type ApiServer = {
  readonly app: App;
  readonly close: () => Promise<void>;
};

export type ApiServerOptions = {
  readonly jwksUrl: string;
  readonly issuer?: string;
  readonly portalDist?: string;
  readonly logger?: ServerOptions['logger'];
  /** Replaces the store (a failing one); by default a fresh in-memory SQLite store seeded on FIXED_NOW. */
  readonly store?: ServerOptions['store'];
  /** The per-user API limit and its clock; by default the server's own (API_RATE_LIMIT or its default). */
  readonly apiRateLimit?: ServerOptions['apiRateLimit'];
  /** The chat's limit and its clock; by default 20 a minute. */
  readonly chatRateLimit?: ServerOptions['chatRateLimit'];
};

/**
 * The API as main.ts builds it: no `verify` option, so tokens are checked against the keys the issuer
 * publishes at `jwksUrl` (jose's createRemoteJWKSet), with a fresh seeded in-memory store.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const store = options.store ?? (await openStore({ dataDir: ':memory:', seed: seed(FIXED_NOW) }));
  const app = await buildServer({
    settings: {
      issuer: options.issuer ?? TEST_ISSUER,
      audience: TEST_AUDIENCE,
      jwksUrl: options.jwksUrl,
      portalDist: options.portalDist,
      adminEmail: undefined,
    },
    store,
    knowledge: () => KNOWLEDGE,
    now: () => FIXED_NOW,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.apiRateLimit === undefined ? {} : { apiRateLimit: options.apiRateLimit }),
    ...(options.chatRateLimit ? { chatRateLimit: options.chatRateLimit } : {}),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

// --- Small HTTP servers that count what they get ----------------------------------------------------------

export type CountingServer = {
  readonly origin: string;
  readonly port: number;
  /** Every request received, as "METHOD /path?query". */
  readonly requests: string[];
  readonly close: () => Promise<void>;
};

/** An HTTP server on 127.0.0.1 answering with `handler` and remembering each request line. */
export async function startCountingServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<CountingServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JWKS endpoint at /.well-known/jwks.json serving `keys`; any other path is 404. */
export function startJwksServer(keys: readonly JWK[]): Promise<CountingServer> {
  return startCountingServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
}

// --- Outbound traffic of this process ----------------------------------------------------------------------

export type Outbound = {
  /** Each TCP connection opened by this process, as "host:port". */
  readonly connections: string[];
  /** Each URL given to the global fetch. */
  readonly fetches: string[];
  readonly clear: () => void;
  readonly stop: () => void;
};

type ConnectArgs = Parameters<net.Socket['connect']>;

/** Where a `Socket.prototype.connect` call goes; Node passes its normalized arguments as an array. */
function destinationOf(args: readonly unknown[]): string {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first && typeof first === 'object') {
    const options = first as { host?: string; port?: number | string; path?: string };
    if (options.path) return `unix:${options.path}`;
    return `${options.host ?? 'localhost'}:${String(options.port)}`;
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${String(first)}`;
  }
  return `unix:${String(first)}`;
}

/**
 * Records every outbound connection and fetch of this process from now on. Every client in Node (http, https,
 * the built-in fetch, database drivers) opens its TCP connections through `net.Socket.prototype.connect`, so
 * recording there misses nothing that leaves the process over TCP; fetch URLs are recorded too, to say which
 * resource a connection was for. The in-process server is called with `inject`, which opens no socket.
 */
export function recordOutbound(): Outbound {
  const connections: string[] = [];
  const fetches: string[] = [];
  const originalConnect = net.Socket.prototype.connect;
  const originalFetch = globalThis.fetch;
  net.Socket.prototype.connect = function connect(this: net.Socket, ...args: ConnectArgs) {
    connections.push(destinationOf(args));
    return originalConnect.apply(this, args);
  } as net.Socket['connect'];
  globalThis.fetch = (input, init) => {
    fetches.push(input instanceof Request ? input.url : String(input));
    return originalFetch(input, init);
  };
  return {
    connections,
    fetches,
    clear: () => {
      connections.length = 0;
      fetches.length = 0;
    },
    stop: () => {
      net.Socket.prototype.connect = originalConnect;
      globalThis.fetch = originalFetch;
    },
  };
}

// --- JWTs with any header --------------------------------------------------------------------------------

const base64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');

/** Signs the JWS signing input; an empty result leaves the signature empty (alg none). */
export type Signer = (input: Buffer) => Buffer;

/** RSASSA-PKCS1-v1_5 with `hash` (RS256 with sha256, RS512 with sha512) by a jose (WebCrypto) private key. */
export const rsaSigner =
  (privateKey: Keys['privateKey'], hash: 'sha256' | 'sha512' = 'sha256'): Signer =>
  (input) =>
    cryptoSign(hash, input, KeyObject.from(privateKey));

/** RSASSA-PSS (PS256) with the same RSA key: another algorithm the server must not accept. */
export const pssSigner =
  (privateKey: Keys['privateKey']): Signer =>
  (input) =>
    cryptoSign('sha256', input, {
      key: KeyObject.from(privateKey),
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    });

/** HMAC-SHA256 (HS256) with `secret` as the shared key. */
export const hmacSigner =
  (secret: string | Buffer): Signer =>
  (input) =>
    createHmac('sha256', secret).update(input).digest();

export const noSignature: Signer = () => Buffer.alloc(0);

/** A compact JWS of exactly this header and payload, signed by `signer`. */
export function compactJwt(
  header: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>,
  signer: Signer,
): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(signer(Buffer.from(input)))}`;
}

/** Seconds since the epoch, as JWT times are written. */
export const epochSeconds = (date: Date = new Date()) => Math.floor(date.getTime() / 1000);

/**
 * Another patient account made from Jane's seeded one, told apart only by what `account` gives (id, e-mail,
 * phone, name): the ownership tests' second Jane Doe, and the twins whose ids end like hers (same display id).
 */
export function patientLikeJane(
  account: Pick<ManagedUser, 'id' | 'email' | 'phone'> & Partial<Pick<ManagedUser, 'name'>>,
): ManagedUser {
  const jane = seed(FIXED_NOW).users.find((u) => u.id === PERSONAS.jane.sub);
  if (!jane) throw new Error('Jane is not seeded');
  return { ...jane, ...account };
}
