/**
 * The identity provider as the user-management handlers manage it (REQ-users-sign-in, issue: real accounts):
 * the port `IdentityAdmin`, the `Mailer` that sends the invitation, and the rules both sides of the port share.
 * apps/api implements the port with the `auth0` ManagementClient (the embedded provider or a real Auth0
 * tenant); packages/mocks with an in-memory directory for the mock API and Storybook.
 */
import type { Role, SecondFactorKind, SignInStatus } from '@sentinel/domain';

/** How long an invitation link works: 72 hours. */
export const INVITATION_TTL_SECONDS = 72 * 60 * 60;

/** A person the provider should create: no password yet, they set one through the invitation. */
export type NewIdentity = {
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly department: string;
  /** Knowledge specializations as slugs ('internal-medicine'); empty for roles other than doctor. */
  readonly specializations: readonly string[];
};

/** A change at the provider; absent fields stay as they are. */
export type IdentityPatch = {
  /** Blocked accounts cannot sign in (suspension). */
  readonly blocked?: boolean;
  readonly role?: Role;
  readonly name?: string;
  readonly department?: string;
  readonly specializations?: readonly string[];
};

/** Where one person's sign-in stands, and their last completed sign-in. */
export type SignInSnapshot = SignInStatus & { readonly lastLogin?: string };

export type IdentityFailure = 'conflict' | 'not-found' | 'unavailable';

/**
 * What an `IdentityAdmin` rejects with: `conflict` (the e-mail is taken), `not-found` (no such account at the
 * provider), `unavailable` (no answer, or one we cannot use). The message is for logs and the audit trail,
 * never for the user: it may name the provider's own error.
 */
export class IdentityAdminError extends Error {
  override readonly name = 'IdentityAdminError';
  constructor(
    readonly kind: IdentityFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The identity provider's user management. Every method rejects with an IdentityAdminError; any other
 * rejection is treated as `unavailable`.
 */
export interface IdentityAdmin {
  /** Creates the account without a password; its subject becomes the API's user id. */
  createUser(user: NewIdentity): Promise<{ readonly userId: string }>;
  /**
   * A single-use link that sets the password, valid INVITATION_TTL_SECONDS from `now`, recorded on the account
   * (so the provider's list tells invited from invitation-expired).
   */
  inviteUser(userId: string, now: Date): Promise<{ readonly link: string; readonly expiresAt: string }>;
  updateUser(userId: string, patch: IdentityPatch): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** Every account's sign-in state, by subject, in one paged listing (not one call per user). */
  signInStates(now: Date): Promise<ReadonlyMap<string, SignInSnapshot>>;
  /** One account's sign-in state; undefined when the provider has no such account. */
  signInOf(userId: string, now: Date): Promise<SignInSnapshot | undefined>;
  /** Removes every second factor: the user enrols again at their next sign-in. */
  resetSecondFactor(userId: string): Promise<void>;
}

/** One e-mail: plain text for every client, HTML for those that show it. */
export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
};

/** Sends mail (server-kit's createMailer on the server; a list of sent messages in the mocks). */
export type Mailer = { send(message: MailMessage): Promise<void> };

/** What the account at the provider says, reduced to what the sign-in state is decided from. */
export type ProviderAccount = {
  /** A password has been set (Auth0: `last_password_reset`, or any completed sign-in). */
  readonly passwordSet: boolean;
  /** When the newest invitation stops working; absent when none was recorded. */
  readonly invitationExpiresAt?: string | undefined;
  readonly secondFactors: readonly SecondFactorKind[];
  readonly lastLogin?: string | undefined;
};

/**
 * REQ-users-sign-in: active once a password is set; before that invited while the newest invitation works,
 * and invitation-expired from its expiry on (or when none was ever recorded: nothing lets them in until an
 * admin sends one).
 */
export function signInStatusOf(account: ProviderAccount, now: Date): SignInSnapshot {
  const secondFactors = [...new Set(account.secondFactors)];
  const lastLogin = account.lastLogin ? { lastLogin: account.lastLogin } : {};
  if (account.passwordSet) return { state: 'active', secondFactors, ...lastLogin };
  const expires = account.invitationExpiresAt;
  const pending = expires !== undefined && Date.parse(expires) > now.getTime();
  return {
    state: pending ? 'invited' : 'invitation-expired',
    secondFactors,
    ...(expires ? { invitationExpires: expires } : {}),
    ...lastLogin,
  };
}

/** When an invitation sent at `now` stops working. */
export const invitationExpiry = (now: Date) =>
  new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000).toISOString();

/** What the user-management routes answer when the provider is involved (shown to the admin as sent). */
export const IDENTITY_TEXTS = {
  unavailable:
    'The sign-in service could not be reached, so nothing was changed. Please try again in a moment.',
  notSaved: 'The new user could not be saved, so nothing was created. Please try again.',
  notInvited:
    'The invitation e-mail could not be sent, so the user was not created. Please check the mail settings and try again.',
  resendFailed: 'The invitation e-mail could not be sent. Please check the mail settings and try again.',
  alreadySignedUp:
    'This user has already set a password, so there is no invitation to resend. They can use "Forgot password?" on the sign-in page.',
  suspendedNoInvitation: 'This user is suspended. Activate them before sending a new invitation.',
  noSignIn: 'This user has no sign-in account at the identity provider.',
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The invitation e-mail (in our words): who invited them, the link, how long it works, what to do if unexpected. */
export function invitationMail(invite: {
  readonly to: string;
  readonly name: string;
  readonly invitedBy: string;
  readonly link: string;
}): MailMessage {
  const hours = INVITATION_TTL_SECONDS / 3600;
  const lines = [
    `Hello ${invite.name},`,
    '',
    `${invite.invitedBy} has created an account for you at Sentinel Health.`,
    'Open this link to choose your password and finish setting up your sign-in:',
    '',
    invite.link,
    '',
    `The link works once and for ${hours} hours. After that, ask your administrator to send a new invitation.`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail: no account is usable until a password is set.',
  ];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const html = [
    paragraph(`Hello ${invite.name},`),
    paragraph(`${invite.invitedBy} has created an account for you at Sentinel Health.`),
    `<p><a href="${escapeHtml(invite.link)}">Choose your password</a></p>`,
    paragraph(
      `The link works once and for ${hours} hours. After that, ask your administrator to send a new invitation.`,
    ),
    paragraph(
      'If you did not expect this invitation, you can ignore this e-mail: no account is usable until a password is set.',
    ),
  ].join('\n');
  return {
    to: invite.to,
    subject: `${invite.invitedBy} invited you to Sentinel Health`,
    text: lines.join('\n'),
    html,
  };
}

/** An IdentityAdminError's kind; anything else thrown by an adapter counts as the provider being unavailable. */
export const failureOf = (error: unknown): IdentityFailure =>
  error instanceof IdentityAdminError ? error.kind : 'unavailable';
