/**
 * Reading a server's settings from its environment, the same way in every app: an empty variable counts as
 * unset (a shell's `PORT= npm start` means "the default"), and a value that is set but unreadable stops the
 * server with a `SettingsError` naming the variable, what it must be and what it was, rather than falling back
 * to a default the operator did not ask for.
 */

/** The environment, or any map of names to text (tests pass a plain object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A setting that is set but cannot be used; its message is meant for the operator. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/** The pino levels every server's log level may take. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A rate: `requests` allowed per `windowSeconds`. */
export type Rate = { readonly requests: number; readonly windowSeconds: number };

/** Where a server listens, and how much it logs. */
export type ListenSettings = {
  /** Port to listen on; 0 picks a free one (tests). */
  readonly port: number;
  readonly host: string;
  readonly logLevel: LogLevel;
};

/** Whose access tokens a resource server accepts (see `createJwtVerifier`). */
export type TokenIssuerSettings = {
  /** The token issuer, with its trailing slash as Auth0 and the embedded provider write it (`iss`). */
  readonly issuer: string;
  /** The audience the access tokens must name. */
  readonly audience: string;
  /** Where the issuer publishes its signing keys. */
  readonly jwksUrl: string;
};

/** A server that checks access tokens: where it listens, and whose tokens it accepts. */
export type ResourceServerSettings = ListenSettings & TokenIssuerSettings;

/** Where an OpenID issuer publishes its keys unless told otherwise. */
export function defaultJwksUrl(issuer: string): string {
  return new URL('.well-known/jwks.json', issuer).href;
}

/** `600/60s` (spaces and the `s` optional) as a rate; undefined when it is not one (or names 0 of either). */
export function parseRate(text: string): Rate | undefined {
  const match = /^(\d{1,9})\s*\/\s*(\d{1,9})\s*s?$/i.exec(text.trim());
  if (!match) return undefined;
  const requests = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return requests >= 1 && windowSeconds >= 1 ? { requests, windowSeconds } : undefined;
}

/** The settings of one environment, read by name: `const read = readSettings(process.env)`. */
export type SettingsReader = {
  /** The trimmed value; undefined when unset or blank. */
  value(name: string): string | undefined;
  /** A whole number between `min` and `max`, inclusive. */
  integer(
    name: string,
    options: { readonly fallback: number; readonly min: number; readonly max: number },
  ): number;
  /** A TCP port; 0 lets the system pick a free one (tests). */
  port(name: string, fallback: number): number;
  /** A host name or address to bind; no scheme, path or port. */
  host(name: string, fallback: string): string;
  /** An absolute http(s) URL, normalised by the URL parser. */
  url(name: string, fallback: string): string;
  url(name: string): string | undefined;
  /** One of `values`, compared without regard to case. */
  oneOf<const T extends string>(name: string, values: readonly T[], fallback: NoInfer<T>): T;
  /** A comma-separated list; blank items are dropped. */
  list(name: string, fallback: readonly string[]): readonly string[];
  logLevel(name: string, fallback?: LogLevel): LogLevel;
  /** A rate written `600/60s`, or `off` (false) where the limit may be left to something in front. */
  rate(name: string, fallback: Rate): Rate | false;
};

const quoted = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);

export function readSettings(env: Env): SettingsReader {
  const value = (name: string) => env[name]?.trim() || undefined;

  const integer: SettingsReader['integer'] = (name, { fallback, min, max }) => {
    const text = value(name);
    if (text === undefined) return fallback;
    const number = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      throw new SettingsError(`${name} must be a whole number from ${min} to ${max}, not ${quoted(text)}.`);
    }
    return number;
  };

  function url(name: string, fallback: string): string;
  function url(name: string): string | undefined;
  function url(name: string, fallback?: string): string | undefined {
    const text = value(name);
    if (text === undefined) return fallback;
    const parsed = URL.canParse(text) ? new URL(text) : undefined;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new SettingsError(`${name} must be an http:// or https:// URL, not ${quoted(text)}.`);
    }
    return parsed.href;
  }

  const oneOf = <const T extends string>(name: string, values: readonly T[], fallback: NoInfer<T>): T => {
    const text = value(name)?.toLowerCase();
    if (text === undefined) return fallback;
    const found = values.find((v) => v.toLowerCase() === text);
    if (found === undefined) {
      throw new SettingsError(`${name} must be one of ${values.join(', ')}, not ${quoted(text)}.`);
    }
    return found;
  };

  return {
    value,
    integer,
    port: (name, fallback) => integer(name, { fallback, min: 0, max: 65_535 }),
    host(name, fallback) {
      const text = value(name);
      if (text === undefined) return fallback;
      if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$/.test(text)) {
        throw new SettingsError(`${name} must be a host name or an IP address, not ${quoted(text)}.`);
      }
      return text;
    },
    url,
    oneOf,
    list(name, fallback) {
      const text = value(name);
      if (text === undefined) return fallback;
      return text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    },
    logLevel: (name, fallback = 'info') => oneOf(name, LOG_LEVELS, fallback),
    rate(name, fallback) {
      const text = value(name);
      if (text === undefined) return fallback;
      if (text.toLowerCase() === 'off') return false;
      const rate = parseRate(text);
      if (!rate) {
        throw new SettingsError(
          `${name} must be <requests>/<seconds>s (e.g. 600/60s) or off, not ${quoted(text)}.`,
        );
      }
      return rate;
    },
  };
}
