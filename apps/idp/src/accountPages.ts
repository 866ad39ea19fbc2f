/**
 * The provider's account pages (REQ-auth-provider-pages): setting a password from an invitation link
 * (`/invitation?ticket=...`, valid 72 hours) or a reset link (`/reset?ticket=...`, 1 hour), and "Forgot
 * password?" (`/forgot`), which mails a reset link.
 *
 * - A link is checked before the form is shown and again when it is posted; an expired, used or unknown link
 *   gets its own message and no form. The password must pass the policy (passwordPolicy.ts) and the link is
 *   used in the same step as the password is set (the directory's `redeemTicket`), so an invited account
 *   becomes active only once its password is set, and a link works once even when two posts race.
 * - "Forgot password?" answers every well-formed request with the same page, at once: the account is looked
 *   up and the mail sent after the answer has gone, so neither the words nor the time taken tell whether the
 *   e-mail has an account. Only an existing account that is not suspended gets a reset link (an invited one
 *   is told that its invitation sets the first password). Requests are limited per address and per e-mail,
 *   so nobody can flood a mailbox or the mail server through this form.
 * - An address that keeps opening or posting links that do not work (unknown, changed, expired or used) is
 *   refused for a while (LINK_LIMITS), before its link is even looked at, so the answer says nothing about it.
 * - Every form carries a CSRF token bound to an HttpOnly, SameSite=Strict cookie (the signed double-submit
 *   pattern: the token is an HMAC of the cookie's random value under a server key); a post without
 *   both, or with a token of another cookie, changes nothing, nor does one whose Origin header names another
 *   site (a second check that needs no cookie). The pages send the sign-in pages' headers (no-store, a CSP
 *   without scripts, no framing); the provider adds `Referrer-Policy: same-origin` (server.ts), so the
 *   ticket in a link page's address is never sent on to another site.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRateLimiter, type Mailer } from '@sentinel/server-kit';
import { cookieValues } from './cookies';
import { emailKey, type AccountDirectory, type StoredAccount } from './directory/types';
import { pageHeaders, readForm } from './interactions';
import {
  errorPage,
  forgotPage,
  forgotSentPage,
  formProblemPage,
  linkProblemPage,
  notSetUpMail,
  passwordChangedMail,
  passwordSetPage,
  resetMail,
  setPasswordPage,
  TEXTS,
  type LinkProblem,
  type MailContent,
  type PasswordLinkKind,
} from './pages';
import { checkPassword, PASSWORD_HINT } from './passwordPolicy';
import { COOKIE_PREFIX } from './settings';

/** How long a reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

/** The "Forgot password?" limits: requests per address and per e-mail within the window (sliding). */
export type ForgotLimits = { perAddress: number; perEmail: number; windowMs: number };
/**
 * Three mails an hour are enough for anyone who mistyped or lost one; more would let a stranger flood a
 * mailbox. An address may ask for 20 different e-mails an hour: a clinic's staff behind one gateway, not a
 * sweep through a list of addresses.
 */
export const FORGOT_LIMITS: Readonly<ForgotLimits> = {
  perAddress: 20,
  perEmail: 3,
  windowMs: 60 * 60 * 1000,
};

/** The link pages' limit: answers for links that do not work, per address within the window (sliding). */
export type LinkLimits = { perAddress: number; windowMs: number };
/**
 * A person mistypes or reopens an old link a few times; 30 broken links in 15 minutes is someone trying links,
 * not someone reading their mail. Links that work are not counted, so an invited clinic behind one gateway
 * is never held up.
 */
export const LINK_LIMITS: Readonly<LinkLimits> = { perAddress: 30, windowMs: 15 * 60 * 1000 };

export type ForgotGuard = {
  /** Counts a request and answers 0 when both limits allow it; otherwise the seconds to wait (not counted). */
  admit(email: string, address: string): number;
};

export function createForgotGuard(
  options: { limits?: Partial<ForgotLimits>; now?: () => number } = {},
): ForgotGuard {
  const limits = { ...FORGOT_LIMITS, ...options.limits };
  const shared = { policy: 'sliding-window', windowMs: limits.windowMs, now: options.now } as const;
  const byAddress = createRateLimiter({ ...shared, points: limits.perAddress });
  const byEmail = createRateLimiter({ ...shared, points: limits.perEmail });
  return {
    admit(email, address) {
      const checks = [byAddress.peek(address), byEmail.peek(email)];
      const wait = Math.max(0, ...checks.map((check) => (check.ok ? 0 : check.retryAfterSeconds)));
      if (wait) return wait;
      byAddress.consume(address);
      byEmail.consume(email);
      return 0;
    },
  };
}

export type AccountPagesOptions = {
  directory: AccountDirectory;
  /** The provider's issuer with its trailing slash: the base of the links in mails. */
  issuer: string;
  /** Where "Sign in" leads once a password is set (the portal, which starts a sign-in). */
  portalUrl: string;
  mailer: Mailer;
  guard?: ForgotGuard;
  /** The link pages' limit (LINK_LIMITS by default), on the default clock `now`. */
  linkLimits?: Partial<LinkLimits>;
  /** The client address of a request (clientAddress.ts); the socket's peer by default. */
  clientAddress?: (req: IncomingMessage) => string;
  /**
   * Key material for the CSRF tokens (the provider's cookie key: forms then stay valid across a restart and
   * between providers that share their keys); a random key of this process when not given.
   */
  csrfSecret?: string;
  /** The default guard's clock (monotonic milliseconds). */
  now?: () => number;
  /**
   * Ends the account's sessions and refresh tokens after a reset (whoever knew the old password is signed out
   * everywhere); the password is set either way, and a failure here is reported like background work.
   */
  endSessions?: (sub: string) => Promise<unknown>;
  /** Work after an answer that failed (a mail that could not be sent); logged by default. */
  onBackgroundError?: (error: unknown) => void;
};

export type AccountPages = {
  /** Handles `/invitation`, `/reset` and `/forgot`; false for any other path. */
  (req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Resolves once the work started after answers (lookups, mails) has finished: tests, and a clean stop. */
  settled(): Promise<void>;
};

const CSRF_COOKIE = `${COOKIE_PREFIX}_csrf`;
/** 32 random bytes, base64url. */
const CSRF_VALUE = /^[\w-]{43}$/;
/** No real e-mail address is longer (RFC 5321's path limit); anything longer is not looked up. */
const MAX_EMAIL = 254;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;
/** Link tokens are 43 characters; a longer value is not a link of ours and is not even hashed. */
const MAX_TICKET = 200;

const ROUTES: Readonly<Record<string, 'forgot' | PasswordLinkKind>> = {
  '/invitation': 'invitation',
  '/reset': 'reset',
  '/forgot': 'forgot',
};

const cookieValue = (req: IncomingMessage, name: string): string | undefined => cookieValues(req, name)[0];

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function createAccountPages(options: AccountPagesOptions): AccountPages {
  const { directory, mailer, portalUrl } = options;
  const guard = options.guard ?? createForgotGuard(options.now ? { now: options.now } : {});
  const clientAddress = options.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');
  const onBackgroundError =
    options.onBackgroundError ??
    ((error: unknown) =>
      console.error('[idp] account pages:', error instanceof Error ? error.message : String(error)));
  const headers = pageHeaders([]);
  const issuerOrigin = new URL(options.issuer).origin;
  const secureCookie = new URL(options.issuer).protocol === 'https:';
  const linkLimits = { ...LINK_LIMITS, ...options.linkLimits };
  const badLinks = createRateLimiter({
    policy: 'sliding-window',
    points: linkLimits.perAddress,
    windowMs: linkLimits.windowMs,
    now: options.now,
  });
  // Its own key, derived: a CSRF token never equals anything signed with the cookie key itself.
  const csrfKey = options.csrfSecret
    ? createHmac('sha256', options.csrfSecret).update('sentinel account pages csrf').digest()
    : randomBytes(32);
  const csrfToken = (cookie: string) => createHmac('sha256', csrfKey).update(cookie).digest('base64url');

  const pending = new Set<Promise<void>>();
  /** Runs `task` after the answer; its failure is reported, never shown (the answer has gone). */
  const background = (task: () => Promise<void>) => {
    const run: Promise<void> = Promise.resolve()
      .then(task)
      .catch(onBackgroundError)
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  const send = (res: ServerResponse, status: number, html: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, ...extra });
    res.end(html);
  };

  /**
   * The CSRF token for a page with a form, from the browser's cookie (several tabs share one) or a new one,
   * with the Set-Cookie header that goes with a new one.
   */
  const csrfFor = (req: IncomingMessage): { token: string; headers: Record<string, string> } => {
    const existing = cookieValue(req, CSRF_COOKIE);
    if (existing && CSRF_VALUE.test(existing)) return { token: csrfToken(existing), headers: {} };
    const fresh = randomBytes(32).toString('base64url');
    const attributes = `Path=/; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`;
    return { token: csrfToken(fresh), headers: { 'set-cookie': `${CSRF_COOKIE}=${fresh}; ${attributes}` } };
  };
  const csrfValid = (req: IncomingMessage, form: URLSearchParams) => {
    // Browsers send Origin with every form post; one naming another site (or "null", an opaque origin) is
    // refused even with a valid token. A post without Origin (an old browser) rests on the token alone.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== issuerOrigin) return false;
    const cookie = cookieValue(req, CSRF_COOKIE);
    const token = form.get('csrf');
    return !!cookie && CSRF_VALUE.test(cookie) && !!token && sameText(token, csrfToken(cookie));
  };

  const mail = (to: string, content: MailContent) => mailer.send({ to, ...content });

  /** The account a link is for, or why the link cannot be used. */
  const linkTarget = async (
    kind: PasswordLinkKind,
    ticket: string,
  ): Promise<{ account: StoredAccount } | { problem: LinkProblem }> => {
    if (!ticket || ticket.length > MAX_TICKET) return { problem: 'invalid' };
    const peeked = await directory.peekTicket(ticket, kind);
    if ('problem' in peeked) return peeked;
    const account = await directory.find(peeked.sub);
    if (!account) return { problem: 'invalid' };
    // A suspended account's link sets nothing: suspension stops every way in, this one too.
    if (account.blocked) return { problem: 'blocked' };
    return { account };
  };

  const linkProblem = (res: ServerResponse, kind: PasswordLinkKind, problem: LinkProblem) =>
    send(
      res,
      problem === 'invalid' ? 400 : problem === 'blocked' ? 403 : 410,
      linkProblemPage(kind, problem, portalUrl),
    );

  const passwordForm = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    page: { kind: PasswordLinkKind; ticket: string; email: string; errors?: readonly string[] },
  ) => {
    const csrf = csrfFor(req);
    send(res, status, setPasswordPage({ ...page, csrf: csrf.token, hint: PASSWORD_HINT }), csrf.headers);
  };

  /**
   * Reads a posted form; undefined when it cannot be taken (the answer has been sent, with a way back to the
   * page the form came from: `page` builds its address from what could be read).
   */
  const postedForm = async (
    req: IncomingMessage,
    res: ServerResponse,
    page: (form?: URLSearchParams) => string,
  ) => {
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      send(res, 413, formProblemPage(TEXTS.formTooLarge, page()), { connection: 'close' });
      return undefined;
    }
    if (!csrfValid(req, form)) {
      send(res, 403, formProblemPage(TEXTS.formExpired, page(form)));
      return undefined;
    }
    return form;
  };

  /**
   * The link for `ticket`'s account, or undefined once the answer has gone: 429 for an address past the limit
   * (whatever the link), the link's problem otherwise, which counts towards that limit.
   */
  const usableLink = async (
    req: IncomingMessage,
    res: ServerResponse,
    kind: PasswordLinkKind,
    ticket: string,
  ): Promise<StoredAccount | undefined> => {
    const address = clientAddress(req);
    const allowed = badLinks.peek(address);
    if (!allowed.ok) {
      const wait = allowed.retryAfterSeconds;
      const retry = ticket ? `/${kind}?ticket=${encodeURIComponent(ticket)}` : `/${kind}`;
      send(res, 429, formProblemPage(TEXTS.tooManyAttempts(Math.ceil(wait / 60)), retry), {
        'retry-after': String(wait),
      });
      return undefined;
    }
    const target = await linkTarget(kind, ticket);
    if ('account' in target) return target.account;
    badLinks.penalty(address);
    linkProblem(res, kind, target.problem);
    return undefined;
  };

  async function passwordLink(req: IncomingMessage, res: ServerResponse, kind: PasswordLinkKind) {
    if (req.method === 'GET') {
      const ticket = new URL(req.url ?? '/', 'http://localhost').searchParams.get('ticket') ?? '';
      const account = await usableLink(req, res, kind, ticket);
      if (!account) return undefined;
      return passwordForm(req, res, 200, { kind, ticket, email: account.email });
    }
    const form = await postedForm(req, res, (posted) => {
      const ticket = posted?.get('ticket');
      return ticket ? `/${kind}?ticket=${encodeURIComponent(ticket)}` : `/${kind}`;
    });
    if (!form) return undefined;
    const ticket = form.get('ticket') ?? '';
    const account = await usableLink(req, res, kind, ticket);
    if (!account) return undefined;
    const { email } = account;
    const password = form.get('password') ?? '';
    const policy = checkPassword(password, { email });
    const errors = [
      ...(policy.ok ? [] : policy.messages),
      ...(password !== (form.get('confirm') ?? '') ? [TEXTS.passwordsDiffer] : []),
    ];
    if (errors.length) return passwordForm(req, res, 400, { kind, ticket, email, errors });
    const used = await directory.redeemTicket(ticket, kind, password);
    if ('problem' in used) return linkProblem(res, kind, used.problem);
    if (kind === 'reset') {
      await options.endSessions?.(used.sub).catch(onBackgroundError);
      background(() => mail(email, passwordChangedMail()));
    }
    return send(res, 200, passwordSetPage(portalUrl));
  }

  /** After the neutral answer: a reset link for an account that may use one, nothing for anyone else. */
  async function mailResetLink(email: string) {
    const account = await directory.findByEmail(email);
    if (!account || account.blocked) return;
    if (account.state === 'invited') return mail(account.email, notSetUpMail());
    const { token } = await directory.createTicket(account.sub, 'reset', RESET_LINK_SECONDS);
    const link = new URL(`reset?ticket=${encodeURIComponent(token)}`, options.issuer).href;
    return mail(account.email, resetMail(link));
  }

  async function forgot(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET') {
      const csrf = csrfFor(req);
      return send(res, 200, forgotPage({ csrf: csrf.token, signInUrl: portalUrl }), csrf.headers);
    }
    const form = await postedForm(req, res, () => '/forgot');
    if (!form) return undefined;
    const email = (form.get('email') ?? '').trim();
    const again = (status: number, error: string, extra: Record<string, string> = {}) => {
      const csrf = csrfFor(req);
      send(res, status, forgotPage({ csrf: csrf.token, signInUrl: portalUrl, email, error }), {
        ...csrf.headers,
        ...extra,
      });
    };
    if (email.length > MAX_EMAIL || !LOOKS_LIKE_EMAIL.test(email)) return again(400, TEXTS.emailInvalid);
    const wait = guard.admit(emailKey(email), clientAddress(req));
    if (wait) {
      return again(429, TEXTS.tooManyAttempts(Math.ceil(wait / 60)), { 'retry-after': String(wait) });
    }
    background(() => mailResetLink(email));
    return send(res, 200, forgotSentPage(portalUrl));
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const route = ROUTES[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!route) return false;
    if (req.method !== 'GET' && req.method !== 'POST') {
      send(res, 405, errorPage('method_not_allowed'), { allow: 'GET, POST' });
      return true;
    }
    if (route === 'forgot') await forgot(req, res);
    else await passwordLink(req, res, route);
    return true;
  };
  return Object.assign(handle, {
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
  });
}
