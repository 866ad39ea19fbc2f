/**
 * The provider's account directory (REQ-auth, real accounts): who may sign in, with what password and second
 * factor, and the single-use links (invitations, password resets) that set a password. One interface, three
 * stores: in memory (tests, `createMemoryDirectory`), a SQLite file in the data folder (the embedded default)
 * and PostgreSQL (DATABASE_URL). Passwords are kept only as argon2id hashes and TOTP secrets only encrypted
 * (AES-256-GCM, key created at first start); link tokens only as SHA-256 hashes. Nothing in this interface
 * hands a password hash out.
 */

/** The profile and authorization a token carries (the demo personas have this shape, minus the password). */
export type AccountProfile = {
  readonly sub: string;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly email: string;
  /** The directory role (doctor, admin, patient, nurse, ...). */
  readonly role: string;
  /** The custom roles claim: display names. */
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  /** Knowledge specializations, lowercase-hyphenated; the first is a doctor's specialization claim. */
  readonly specializations: readonly string[];
  readonly department: string;
  readonly picture?: string;
};

/**
 * - `invited`: created by an admin, no password yet (cannot sign in; an invitation link sets the password);
 * - `active`: has a password.
 * Blocking (suspension) is separate, as in Auth0: a blocked account of either state cannot sign in.
 */
export type AccountState = 'invited' | 'active';

/** A directory entry as the provider and the Management API see it (never the password or the secret). */
export type StoredAccount = AccountProfile & {
  readonly state: AccountState;
  readonly blocked: boolean;
  /** ISO date-times. */
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly lastLogin?: string;
  readonly loginsCount: number;
  /** Whether an authenticator app (TOTP) is enrolled. */
  readonly totpEnrolled: boolean;
};

/** A new account: with a password it is active at once (seeding); without, invited. */
export type NewAccount = AccountProfile & {
  readonly password?: string;
  /** base32 TOTP secret (seeding the demo personas); stored encrypted. */
  readonly totpSecret?: string;
};

/** What an update may change (the subject and e-mail's identity stay; e-mail may change, still unique). */
export type AccountPatch = Partial<
  Pick<
    AccountProfile,
    | 'name'
    | 'given_name'
    | 'family_name'
    | 'email'
    | 'role'
    | 'roles'
    | 'permissions'
    | 'specializations'
    | 'department'
    | 'picture'
  >
> & { readonly blocked?: boolean };

export type TicketKind = 'invitation' | 'reset';

/** Why a link cannot be used: each gets its own message on the page. */
export type TicketProblem = 'invalid' | 'expired' | 'used';

export type Ticket = { readonly token: string; readonly expiresAt: string };

export type SignInCheck =
  | { readonly ok: true; readonly account: StoredAccount }
  /** Wrong e-mail or password, or an invited account (no password yet): one answer for all of them. */
  | { readonly ok: false; readonly reason: 'invalid' }
  /** The password was right but the account is blocked (suspended by an admin). */
  | { readonly ok: false; readonly reason: 'blocked' };

export type AccountList = { readonly accounts: readonly StoredAccount[]; readonly total: number };

export interface AccountDirectory {
  /**
   * Checks an e-mail (any case, surrounding spaces) and password. The hash is checked for unknown e-mails too
   * (against a fixed dummy hash), so the answer's timing does not tell which accounts exist.
   */
  authenticate(email: string, password: string): Promise<SignInCheck>;
  find(sub: string): Promise<StoredAccount | undefined>;
  findByEmail(email: string): Promise<StoredAccount | undefined>;
  /** Ordered by e-mail; `page` from 0. */
  list(options?: { page?: number; perPage?: number }): Promise<AccountList>;
  /** Creates an account; an e-mail or subject already taken is an error `DirectoryConflict`. */
  create(account: NewAccount): Promise<StoredAccount>;
  /** Undefined when no such account; an e-mail taken by another account is a `DirectoryConflict`. */
  update(sub: string, patch: AccountPatch): Promise<StoredAccount | undefined>;
  /** Removes the account with its secret and links; false when there was none. */
  remove(sub: string): Promise<boolean>;
  /** Hashes and keeps a new password; an invited account becomes active. */
  setPassword(sub: string, password: string): Promise<void>;
  /** The decrypted TOTP secret (base32), or undefined when none is enrolled. */
  totpSecret(sub: string): Promise<string | undefined>;
  /** Enrols (encrypted at rest) or, with undefined, removes the TOTP secret (an admin's reset). */
  setTotpSecret(sub: string, secret: string | undefined): Promise<void>;
  /** A completed sign-in: last login and the count. */
  recordLogin(sub: string, at: Date): Promise<void>;
  /**
   * A new single-use link token for the account (random, 32 bytes, base64url; only its hash is stored). A new
   * link of a kind replaces the account's earlier one of that kind.
   */
  createTicket(sub: string, kind: TicketKind, ttlSeconds: number): Promise<Ticket>;
  /** The account a link is for, without using it (the page that asks for the new password). */
  peekTicket(token: string, kind: TicketKind): Promise<{ sub: string } | { problem: TicketProblem }>;
  /**
   * Uses a link: marks it used and sets the password in one transaction, so a link works once even when two
   * posts race. The account becomes active.
   */
  redeemTicket(
    token: string,
    kind: TicketKind,
    password: string,
  ): Promise<{ sub: string } | { problem: TicketProblem }>;
  /** The newest link of a kind for the account: when it was made and until when it works (user state). */
  ticketInfo(
    sub: string,
    kind: TicketKind,
  ): Promise<{ createdAt: string; expiresAt: string; used: boolean } | undefined>;
  close(): Promise<void>;
}

/** An e-mail or subject already in the directory. */
export class DirectoryConflict extends Error {
  constructor(readonly field: 'email' | 'sub') {
    super(`An account with this ${field === 'email' ? 'e-mail' : 'subject'} already exists.`);
    this.name = 'DirectoryConflict';
  }
}

/** E-mail addresses are compared without case and surrounding spaces. */
export const emailKey = (email: string) => email.trim().toLowerCase();
