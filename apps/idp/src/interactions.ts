/**
 * The sign-in interaction: `/interaction/<uid>` shows the e-mail and password form; accounts that need a second
 * factor (accounts.ts, requiresSecondFactor) then use their passkey (passkeys.ts) or enter a TOTP code, and
 * those with neither enrol one of the two first. Forms post to an address carrying the
 * interaction uid, and oidc-provider checks that uid against its SameSite interaction cookie, so a cross-site
 * form cannot complete someone else's sign-in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type Provider from 'oidc-provider';
import type { Role } from '@sentinel/domain';
import { secondFactorFor } from './accounts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { DirectoryConflict, type AccountDirectory } from './directory/types';
import { groupedKey, newEnrolment, qrSvg, ENROLMENT_TEXTS } from './enrolment';
import type { DeviceCheck } from './newDevice';
import {
  codePage,
  enrolPage,
  errorPage,
  loginPage,
  passkeyPage,
  passkeyProblem,
  PASSKEY_TEXTS,
  TEXTS,
} from './pages';
import {
  authenticationOptions,
  parseCredential,
  passkeyAmr,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
} from './passkeys';
import type { SignInGuard } from './rateLimit';
import { createRecoverySteps } from './recoverySignIn';
import type { TotpVerifier } from './totp';

const MAX_BODY = 16 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The page headers. Chromium applies form-action to the redirects that follow a form post too, so the portal's
 * origin (where the sign-in redirects back to) must be listed beside 'self', or the browser stops on the login
 * page after a correct password.
 */
export function pageHeaders(formActionOrigins: readonly string[]) {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self' ${formActionOrigins.join(' ')}; frame-ancestors 'none'`,
  };
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

async function grantMissing(provider: Provider, details: Details): Promise<void> {
  const { accountId } = details.session ?? {};
  const clientId = String(details.params.client_id ?? '');
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: accountId ?? '', clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  details.grantId = await grant.save();
}

type Pending = { accountId: string; expiresAt: number };
/**
 * A password step passed for an account with a second factor: whether it has an authenticator app, and, when it
 * has passkeys, the options (with the challenge) the passkey page hands to the browser.
 */
type PendingMfa = Pending & { totp: boolean; passkeyOptions?: PublicKeyCredentialRequestOptionsJSON };
/**
 * A password step passed for an account without its needed second factor: the TOTP secret being enrolled, and
 * the options (with the challenge) for enrolling a passkey instead.
 */
type PendingEnrolment = Pending & {
  secret: string;
  uri: string;
  passkeyOptions: PublicKeyCredentialCreationOptionsJSON;
};

/** How long the code or enrolment step may take after the password. */
const SECOND_STEP_MS = 10 * 60 * 1000;

export type InteractionOptions = {
  /** Who may sign in. */
  directory: AccountDirectory;
  guard: SignInGuard;
  /** Origins the sign-in may redirect back to after a form post (the portal's). */
  formActionOrigins: readonly string[];
  /** The client address of a request, for the sign-in limits (clientAddress.ts). */
  clientAddress: (req: IncomingMessage) => string;
  totp: TotpVerifier;
  /** Roles that need a second factor besides the fixed ones (MFA_REQUIRED_ROLES): they enrol at first sign-in. */
  mfaRequiredRoles?: readonly Role[];
  /** The device cookie and the new-device notice (newDevice.ts); none: neither. */
  deviceCheck?: DeviceCheck;
  /** Where sign-in events worth an audit line go (a sign-in with a recovery code); none: not written. */
  log?: (line: string) => void;
  /** The provider as a WebAuthn relying party: its host and origin (passkeys.ts relyingPartyOf). */
  relyingParty: RelyingParty;
};

/** Handles `/interaction/...` requests; returns false for any other path. */
export function createInteractionHandler(provider: Provider, options: InteractionOptions) {
  const { directory, guard, clientAddress: clientIp, totp, relyingParty: rp } = options;
  const headers = pageHeaders(options.formActionOrigins);
  const send = (res: ServerResponse, status: number, html: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, ...extra });
    res.end(html);
  };
  /** A refused attempt: 429 with the wait in Retry-After (seconds) and on the page (minutes). */
  const tooMany = (res: ServerResponse, seconds: number, page: (error: string) => string) =>
    send(res, 429, page(TEXTS.tooManyAttempts(Math.ceil(seconds / 60))), { 'retry-after': String(seconds) });
  /**
   * The limits before an attempt is looked at: an address past its own limit waits its turn (or, its queue
   * full, is told to come back in a few seconds); then the hard limits of the account, from this address and
   * from any. True when the attempt may go on; otherwise the 429 has been sent.
   */
  const admitted = async (
    res: ServerResponse,
    step: 'pwd' | 'otp',
    account: string,
    ip: string,
    page: (error: string) => string,
  ) => {
    const pace = guard.slowDown(ip);
    if (pace.retryAfter) {
      tooMany(res, pace.retryAfter, page);
      return false;
    }
    if (pace.delayMs) await sleep(pace.delayMs);
    const wait = guard.retryAfter(step, account, ip);
    if (wait) {
      tooMany(res, wait, page);
      return false;
    }
    return true;
  };
  /** Interactions whose password step passed and that wait for the TOTP code (uid -> account). */
  const pendingMfa = new Map<string, PendingMfa>();
  /** Interactions whose password step passed and that enrol their first authenticator (uid -> secret). */
  const pendingEnrolment = new Map<string, PendingEnrolment>();
  const showEnrolment = async (res: ServerResponse, uid: string, entry: PendingEnrolment, error?: string) =>
    send(
      res,
      error ? 401 : 200,
      enrolPage(uid, {
        qrSvg: await qrSvg(entry.uri),
        setupKey: groupedKey(entry.secret),
        passkeyOptions: JSON.stringify(entry.passkeyOptions),
        ...(error ? { error } : {}),
      }),
    );
  const showPasskey = (res: ServerResponse, uid: string, entry: PendingMfa, status = 200, error?: string) =>
    send(
      res,
      status,
      passkeyPage(uid, {
        options: JSON.stringify(entry.passkeyOptions ?? {}),
        totpAlternative: entry.totp,
        ...(error ? { error } : {}),
      }),
    );
  const showCode = (res: ServerResponse, uid: string, entry: PendingMfa, status = 200, error?: string) =>
    send(
      res,
      status,
      codePage(uid, { passkeyAlternative: !!entry.passkeyOptions, ...(error ? { error } : {}) }),
    );

  /**
   * Ends the interaction signed in with the methods used. Not remembered: the provider's session cookie then
   * has no expiry of its own and ends with the browser, while the server's idle limit (config.ts) decides how
   * long the session lasts; a Log out after hours of use (the session kept alive by the portal's refreshes)
   * still finds it and ends it.
   */
  const signedIn = async (req: IncomingMessage, res: ServerResponse, accountId: string, amr: string[]) => {
    const before = options.deviceCheck && (await directory.find(accountId));
    if (before) await options.deviceCheck?.signedIn(req, res, before);
    await directory.recordLogin(accountId, new Date());
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, amr, remember: false } },
      { mergeWithLastSubmission: false },
    );
  };
  // Recovery codes (recoverySignIn.ts): shown after enrolment, taken instead of the app's code.
  const recovery = createRecoverySteps({
    directory,
    guard,
    send,
    admitted,
    signedIn,
    clientIp,
    ...(options.log ? { log: options.log } : {}),
  });

  /** Whether the account has a second factor enrolled (app or passkey): a new enrolment must not add another. */
  const hasSecondFactor = async (sub: string) =>
    !!(await directory.totpSecret(sub)) || (await directory.passkeys(sub)).length > 0;

  /**
   * The checks every enrolment post starts with (app or passkey): the password step of this sign-in came first,
   * the step's limits allow another try, and the account may still enrol. Answers the request itself and
   * returns undefined when one fails.
   */
  const enrolmentStep = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    enrolling: PendingEnrolment | undefined,
  ) => {
    if (!enrolling) {
      send(res, 400, loginPage(uid, { error: 'Enter your email and password first.' }));
      return undefined;
    }
    const ip = clientIp(req);
    const page = (error: string) => loginPage(uid, { error });
    if (!(await admitted(res, 'otp', enrolling.accountId, ip, page))) return undefined;
    const account = await directory.find(enrolling.accountId);
    // A second enrolment cannot replace a factor set up meanwhile (another tab): the code step then applies.
    if (!account || account.blocked || (await hasSecondFactor(account.sub))) {
      pendingEnrolment.delete(uid);
      send(res, 400, loginPage(uid, { error: 'Sign in again to continue.' }));
      return undefined;
    }
    return { account, ip };
  };

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match =
      /^\/interaction\/([\w-]+)(?:\/(login|otp|enrol|enrol-passkey|passkey|abort|recovery|continue))?$/.exec(
        url.pathname,
      );
    if (!match) return false;
    const [, uid = '', action] = match;
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      send(
        res,
        400,
        errorPage('invalid_request', 'This sign-in has expired. Go back to the app and sign in again.'),
      );
      return true;
    }
    if (details.uid !== uid) {
      send(res, 400, errorPage('invalid_request', 'This sign-in does not match your browser session.'));
      return true;
    }
    for (const [key, entry] of pendingMfa) if (entry.expiresAt <= Date.now()) pendingMfa.delete(key);
    for (const [key, entry] of pendingEnrolment)
      if (entry.expiresAt <= Date.now()) pendingEnrolment.delete(key);
    const pending = pendingMfa.get(uid);
    const mfaWaiting = pending && pending.expiresAt > Date.now() ? pending : undefined;
    const enrolling = pendingEnrolment.get(uid);

    if (req.method === 'GET' && !action && details.prompt.name === 'consent') {
      // First-party client: grant whatever is missing without asking (loadExistingGrant normally covers it).
      await grantMissing(provider, details);
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: details.grantId } },
        { mergeWithLastSubmission: true },
      );
      return true;
    }
    recovery.sweep();
    if (req.method === 'GET' && action === 'recovery') {
      recovery.showEntry(res, uid, !!mfaWaiting);
      return true;
    }
    if (req.method === 'GET' && !action && recovery.showPending(res, uid)) return true;
    if (req.method === 'GET' && !action) {
      if (enrolling) await showEnrolment(res, uid, enrolling);
      // An account with a passkey is asked for it; one that also has an app may ask for the code instead.
      else if (mfaWaiting?.passkeyOptions && !(mfaWaiting.totp && url.searchParams.get('use') === 'code'))
        showPasskey(res, uid, mfaWaiting);
      else if (mfaWaiting) showCode(res, uid, mfaWaiting);
      else send(res, 200, loginPage(uid));
      return true;
    }
    if (req.method === 'GET' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return true;
    }
    if (req.method !== 'POST' || !action || action === 'abort') {
      send(res, 405, errorPage('method_not_allowed'));
      return true;
    }
    const form = await readForm(req);
    if (action === 'continue') {
      await recovery.continueSignIn(req, res, uid);
      return true;
    }
    if (action === 'recovery') {
      if (!mfaWaiting) {
        send(res, 400, loginPage(uid, { error: 'Enter your email and password first.' }));
        return true;
      }
      if (await recovery.useCode(req, res, uid, mfaWaiting.accountId, form.get('code') ?? '')) {
        pendingMfa.delete(uid);
      }
      return true;
    }

    if (action === 'login') {
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const ip = clientIp(req);
      if (!(await admitted(res, 'pwd', email, ip, (error) => loginPage(uid, { email, error })))) return true;
      const checked = await directory.authenticate(email, form.get('password') ?? '');
      if (!checked.ok && checked.reason === 'invalid') {
        guard.failed('pwd', email, ip);
        send(res, 401, loginPage(uid, { email, error: TEXTS.wrongCredentials }));
        return true;
      }
      guard.succeeded('pwd', email, ip);
      // Said only after the right password, so the message tells nobody else that the account exists.
      if (!checked.ok) {
        send(res, 403, loginPage(uid, { email, error: TEXTS.accountBlocked }));
        return true;
      }
      const persona = checked.account;
      const second = await secondFactorFor(directory, persona, options.mfaRequiredRoles);
      if (second.kind === 'not-enrolled') {
        // The password alone does not let this account in: it enrols an authenticator first (enrolment.ts).
        pendingMfa.delete(uid);
        pendingEnrolment.set(uid, {
          accountId: persona.sub,
          expiresAt: Date.now() + SECOND_STEP_MS,
          ...newEnrolment(persona.email),
          passkeyOptions: await registrationOptions(rp, persona, []),
        });
        res.writeHead(303, {
          location: `/interaction/${encodeURIComponent(uid)}`,
          'cache-control': 'no-store',
        });
        res.end();
        return true;
      }
      if (second.kind === 'totp' || second.kind === 'passkey') {
        pendingEnrolment.delete(uid);
        pendingMfa.set(uid, {
          accountId: persona.sub,
          expiresAt: Date.now() + SECOND_STEP_MS,
          totp: second.kind === 'totp' || !!second.secret,
          ...(second.kind === 'passkey'
            ? { passkeyOptions: await authenticationOptions(rp, second.passkeys) }
            : {}),
        });
        res.writeHead(303, {
          location: `/interaction/${encodeURIComponent(uid)}`,
          'cache-control': 'no-store',
        });
        res.end();
        return true;
      }
      await signedIn(req, res, persona.sub, ['pwd']);
      return true;
    }

    if (action === 'enrol') {
      const step = await enrolmentStep(req, res, uid, enrolling);
      if (!step || !enrolling) return true;
      const { account, ip } = step;
      const code = (form.get('code') ?? '').replace(/\s+/g, '');
      if (!(await totp.verify(account.sub, enrolling.secret, code))) {
        guard.failed('otp', enrolling.accountId, ip);
        await showEnrolment(res, uid, enrolling, ENROLMENT_TEXTS.wrongCode);
        return true;
      }
      guard.succeeded('otp', enrolling.accountId, ip);
      pendingEnrolment.delete(uid);
      await directory.setTotpSecret(account.sub, enrolling.secret);
      // The sign-in completes on the recovery codes page's Continue.
      await recovery.issueCodes(res, uid, account.sub, ['pwd', 'otp']);
      return true;
    }

    if (action === 'enrol-passkey') {
      const step = await enrolmentStep(req, res, uid, enrolling);
      if (!step || !enrolling) return true;
      const { account, ip } = step;
      const expected = enrolling.passkeyOptions.challenge;
      // Each challenge is answered once: any next attempt gets a new one.
      enrolling.passkeyOptions = await registrationOptions(rp, account, []);
      const credential = parseCredential<Parameters<typeof verifyRegistration>[1]>(form.get('credential'));
      if (!credential) {
        await showEnrolment(res, uid, enrolling, passkeyProblem(form.get('problem') || null, 'enrol'));
        return true;
      }
      const registered = await verifyRegistration(rp, credential, expected);
      if (!registered) {
        guard.failed('otp', enrolling.accountId, ip);
        await showEnrolment(res, uid, enrolling, PASSKEY_TEXTS.enrolFailed);
        return true;
      }
      try {
        await directory.addPasskey(account.sub, registered.passkey);
      } catch (error) {
        if (!(error instanceof DirectoryConflict)) throw error;
        await showEnrolment(res, uid, enrolling, PASSKEY_TEXTS.alreadyEnrolled);
        return true;
      }
      guard.succeeded('otp', enrolling.accountId, ip);
      pendingEnrolment.delete(uid);
      // As after the app: ten recovery codes for a lost device, and the sign-in completes on Continue.
      await recovery.issueCodes(res, uid, account.sub, passkeyAmr(registered.backedUp));
      return true;
    }

    if (action === 'passkey') {
      if (!mfaWaiting?.passkeyOptions) {
        send(res, 400, loginPage(uid, { error: 'Enter your email and password first.' }));
        return true;
      }
      const waiting = mfaWaiting;
      const found = await directory.find(waiting.accountId);
      const persona = found && !found.blocked ? found : undefined;
      const ip = clientIp(req);
      const page = (error: string) =>
        passkeyPage(uid, {
          options: JSON.stringify(waiting.passkeyOptions),
          totpAlternative: waiting.totp,
          error,
        });
      if (!(await admitted(res, 'otp', waiting.accountId, ip, page))) return true;
      const second = persona
        ? await secondFactorFor(directory, persona, options.mfaRequiredRoles)
        : undefined;
      const expected = waiting.passkeyOptions?.challenge ?? '';
      const passkeys = second?.kind === 'passkey' ? second.passkeys : [];
      // Each challenge is answered once: a replayed answer, or any next attempt, meets a new one.
      waiting.passkeyOptions = await authenticationOptions(rp, passkeys);
      const credential = parseCredential<Parameters<typeof verifyAssertion>[1]>(form.get('credential'));
      if (persona && !credential) {
        showPasskey(res, uid, waiting, 400, passkeyProblem(form.get('problem') || null, 'sign-in'));
        return true;
      }
      const verified =
        persona && credential ? await verifyAssertion(rp, credential, expected, passkeys) : undefined;
      // The counter is kept by one conditional write: of two answers with one counter only one gets in.
      if (
        !persona ||
        !verified ||
        !(await directory.usePasskey(persona.sub, verified.passkey.id, verified.counter, new Date()))
      ) {
        guard.failed('otp', waiting.accountId, ip);
        showPasskey(res, uid, waiting, 401, PASSKEY_TEXTS.signInFailed);
        return true;
      }
      guard.succeeded('otp', waiting.accountId, ip);
      pendingMfa.delete(uid);
      await signedIn(req, res, persona.sub, passkeyAmr(verified.backedUp));
      return true;
    }

    // action === 'otp'
    if (!mfaWaiting) {
      send(res, 400, loginPage(uid, { error: 'Enter your email and password first.' }));
      return true;
    }
    const found = await directory.find(mfaWaiting.accountId);
    // Blocked between the two steps: the code step ends like an unknown account.
    const persona = found && !found.blocked ? found : undefined;
    const ip = clientIp(req);
    const codeError = (error: string) =>
      codePage(uid, { passkeyAlternative: !!mfaWaiting.passkeyOptions, error });
    if (!(await admitted(res, 'otp', mfaWaiting.accountId, ip, codeError))) return true;
    const second = persona ? await secondFactorFor(directory, persona, options.mfaRequiredRoles) : undefined;
    const secret = second?.kind === 'totp' || second?.kind === 'passkey' ? second.secret : undefined;
    const code = (form.get('code') ?? '').replace(/\s+/g, '');
    if (!persona || !secret || !(await totp.verify(persona.sub, secret, code))) {
      guard.failed('otp', mfaWaiting.accountId, ip);
      send(res, 401, codeError(TEXTS.wrongCode));
      return true;
    }
    guard.succeeded('otp', mfaWaiting.accountId, ip);
    pendingMfa.delete(uid);
    await signedIn(req, res, persona.sub, ['pwd', 'otp']);
    return true;
  };
}
