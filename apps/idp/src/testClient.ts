/** Test helper: a tiny browser stand-in (cookie jar, manual redirects) that drives the sign-in flow with fetch. */
import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { SqlDirectoryOptions } from './directory/sql';
import { PORTAL_CLIENT_ID } from './settings';

export const PORTAL = 'http://localhost:5173';
export const REDIRECT_URI = PORTAL;

export class Browser {
  readonly cookies = new Map<string, string>();
  /** When each cookie with an Expires or Max-Age runs out (epoch ms); the others last as long as the browser. */
  private readonly expiry = new Map<string, number>();

  /** `userAgent`: the User-Agent header every request sends (a browser's, for the new-device notice). */
  constructor(
    readonly base: string,
    readonly userAgent?: string,
  ) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let until: number | undefined;
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.trim().split('=');
        if (k.toLowerCase() === 'max-age') until = Date.now() + Number(v) * 1000;
        else if (k.toLowerCase() === 'expires' && until === undefined) until = Date.parse(v);
      }
      this.expiry.delete(name);
      if (!value || (until !== undefined && until <= Date.now())) this.cookies.delete(name);
      else {
        this.cookies.set(name, value);
        if (until !== undefined) this.expiry.set(name, until);
      }
    }
  }

  /** Forgets the cookies whose time has passed, as a browser does before it sends any. */
  private dropExpired() {
    for (const [name, until] of this.expiry) {
      if (until <= Date.now()) {
        this.cookies.delete(name);
        this.expiry.delete(name);
      }
    }
  }

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.base);
    const headers = new Headers(init.headers);
    if (this.userAgent) headers.set('user-agent', this.userAgent);
    this.dropExpired();
    if (url.origin === new URL(this.base).origin && this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows redirects on the provider; stops at the first response that is not a redirect or that leaves it. */
  async follow(pathOrUrl: string, init: RequestInit = {}): Promise<{ res: Response; url: URL }> {
    let url = new URL(pathOrUrl, this.base);
    let res = await this.request(url.href, init);
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops += 1) {
      url = new URL(res.headers.get('location') ?? '', url);
      if (url.origin !== new URL(this.base).origin) return { res, url };
      res = await this.request(url.href);
    }
    return { res, url };
  }

  async postForm(path: string, fields: Record<string, string>) {
    return this.follow(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export type Pkce = { verifier: string; challenge: string; state: string; nonce: string };

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(12).toString('base64url'),
    nonce: randomBytes(12).toString('base64url'),
  };
}

export function authorizeUrl(pkce: Pkce, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access read:health_data write:health_data',
    audience: 'https://api.sentinel-health.example',
    state: pkce.state,
    nonce: pkce.nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `/authorize?${q}`;
}

export const currentTotp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** The form action of the first form on a page. */
export const formAction = (html: string) =>
  /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

/** The words of the recovery codes pages, for tests that walk an enrolment to its end. */
export { RECOVERY_TEXTS } from './recoveryCodes';

/**
 * The SQL account directory main.ts opens, for tests that look at what the data folder holds. Loaded on use:
 * the kit's other users need no database driver.
 */
export const openSqlDirectory = async (options: SqlDirectoryOptions) =>
  (await import('./directory/sql')).openSqlDirectory(options);
