/**
 * The provider's account directory (REQ-auth, real accounts): who may sign in, with what password and second
 * factor, and the single-use links (invitations, password resets) that set a password. One interface, three
 * stores: in memory (tests, `createMemoryDirectory`), a SQLite file in the data folder (the embedded default)
 * and PostgreSQL (IDP_DATABASE_URL, else DATABASE_URL), both `openSqlDirectory` (./sql.ts). Passwords are kept
 * only as argon2id hashes and TOTP secrets only encrypted (AES-256-GCM, ./encryption.ts, key created at first
 * start); link tokens only as SHA-256 hashes. Nothing in this interface hands a password hash out.
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
  /** When a password was last set (ISO; Auth0's `last_password_reset`); absent: never (an invited account). */
  readonly passwordSetAt?: string;
  /** Free JSON the Management API writes (Auth0's `app_metadata`): department, specializations, invitation. */
  readonly appMetadata: AppMetadata;
};

/** A JSON object; values are whatever JSON holds (they are stored as JSON text). */
export type AppMetadata = Readonly<Record<string, unknown>>;

/** A new account: with a password it is active at once (seeding); without, invited. */
export type NewAccount = AccountProfile & {
  readonly password?: string;
  /** base32 TOTP secret (seeding the demo personas); stored encrypted. */
  readonly totpSecret?: string;
  /** Initial app_metadata; keys set to null are left out. */
  readonly appMetadata?: AppMetadata;
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
> & {
  readonly blocked?: boolean;
  /**
   * Merged into the stored app_metadata per top-level key, as Auth0 does: a key given replaces that key's whole
   * value (nested objects are not merged), a key set to null is removed, keys not given stay.
   */
  readonly appMetadata?: AppMetadata;
};

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

/**
 * A passkey (WebAuthn credential) enrolled as the account's second factor. Nothing in it is secret: the private
 * key never leaves the authenticator; the directory keeps the public key to check signatures with, and the
 * signature counter to tell a cloned authenticator or a replayed assertion (a counter that does not go up).
 */
export type Passkey = {
  /** The credential ID, base64url (the authenticator's, unique across accounts). */
  readonly id: string;
  readonly sub: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  /** The signature counter last seen (0 for authenticators that keep none). */
  readonly counter: number;
  /** How the browser may reach it (usb, nfc, ble, hybrid, internal). */
  readonly transports: readonly string[];
  /** What the user sees it as ("Passkey"). */
  readonly name: string;
  /** ISO date-times. */
  readonly createdAt: string;
  readonly lastUsedAt?: string;
};

/** A passkey as a registration gives it: the directory adds the account and the time. */
export type NewPasskey = Pick<Passkey, 'id' | 'publicKey' | 'counter' | 'transports' | 'name'>;

export type AccountList = { readonly accounts: readonly StoredAccount[]; readonly total: number };

export interface AccountDirectory {
  /**
   * Checks an e-mail (any case, surrounding spaces) and password. The hash is checked for unknown e-mails too
   * (against a fixed dummy hash), so the answer's timing does not tell which accounts exist.
   */
  authenticate(email: string, password: string): Promise<SignInCheck>;
  find(sub: string): Promise<StoredAccount | undefined>;
  findByEmail(email: string): Promise<StoredAccount | undefined>;
  /** Ordered by e-mail (code-unit order, the same in every store); `page` from 0, `perPage` 1 to 100 (50). */
  list(options?: { page?: number; perPage?: number }): Promise<AccountList>;
  /** Creates an account; an e-mail or subject already taken is an error `DirectoryConflict`. */
  create(account: NewAccount): Promise<StoredAccount>;
  /** Undefined when no such account; an e-mail taken by another account is a `DirectoryConflict`. */
  update(sub: string, patch: AccountPatch): Promise<StoredAccount | undefined>;
  /** Removes the account with its secret, passkeys and links; false when there was none. */
  remove(sub: string): Promise<boolean>;
  /** Hashes and keeps a new password (and when: `passwordSetAt`); an invited account becomes active. */
  setPassword(sub: string, password: string): Promise<void>;
  /** The decrypted TOTP secret (base32), or undefined when none is enrolled. */
  totpSecret(sub: string): Promise<string | undefined>;
  /** Enrols (encrypted at rest) or, with undefined, removes the TOTP secret (an admin's reset). */
  setTotpSecret(sub: string, secret: string | undefined): Promise<void>;
  /** The account's passkeys, oldest first (then by ID); none for an unknown subject. */
  passkeys(sub: string): Promise<readonly Passkey[]>;
  /**
   * Keeps a new passkey for the account. Rejects (`DirectoryNotFound`) for an unknown subject and with a
   * `DirectoryConflict('passkey')` for a credential ID already enrolled (on any account).
   */
  addPasskey(sub: string, passkey: NewPasskey): Promise<Passkey>;
  /**
   * Records a verified sign-in with the account's passkey: the new counter and when. One conditional write, so
   * of two sign-ins with the same counter (a replay, a cloned authenticator) only one is taken: false when the
   * passkey is not the account's, or its stored counter is not below `counter` (both 0: a counterless
   * authenticator, always taken).
   */
  usePasskey(sub: string, id: string, counter: number, at: Date): Promise<boolean>;
  /**
   * Removes the account's passkeys: all of them (an admin's second-factor reset), or only those of `ids`; how
   * many were removed.
   */
  removePasskeys(sub: string, ids?: readonly string[]): Promise<number>;
  /** A completed sign-in: last login and the count. */
  recordLogin(sub: string, at: Date): Promise<void>;
  /**
   * A new single-use link token for the account (random, 32 bytes, base64url; only its hash is stored). A new
   * link of a kind replaces the account's earlier one of that kind. Rejects (`DirectoryNotFound`) for an
   * unknown subject, and a `RangeError` for a lifetime that is not a positive number of seconds.
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

/**
 * Recovery codes and known devices (REQ-auth-recovery-codes, REQ-auth-new-device-notice), kept beside the
 * account and removed with it. Codes and device tokens are handed in as given and stored
 * only as keyed hashes (./secretHashes.ts).
 */
export interface AccountDirectory {
  /** Replaces the account's recovery codes with these (normalized by the caller); an empty list removes them. */
  setRecoveryCodes(sub: string, codes: readonly string[]): Promise<void>;
  /**
   * Uses one recovery code: marked used in one conditional write, so a code works once even when two posts
   * race. `remaining` counts the account's unused codes after this one.
   */
  useRecoveryCode(sub: string, code: string): Promise<{ used: true; remaining: number } | { used: false }>;
  /** How many unused recovery codes the account has. */
  recoveryCodesLeft(sub: string): Promise<number>;
  /**
   * Notes that the account signed in on the device holding this token (the device cookie's value): 'new' the
   * first time for this account, 'known' after. Nothing for an unknown subject ('known', so no notice).
   */
  rememberDevice(sub: string, deviceToken: string, at: Date): Promise<'new' | 'known'>;
}

/** An e-mail or subject already in the directory. */
export class DirectoryConflict extends Error {
  constructor(readonly field: 'email' | 'sub' | 'passkey') {
    super(
      field === 'passkey'
        ? 'This passkey is already enrolled.'
        : `An account with this ${field === 'email' ? 'e-mail' : 'subject'} already exists.`,
    );
    this.name = 'DirectoryConflict';
  }
}

/** No account with this subject (an operation that needs one, such as making a link for it). */
export class DirectoryNotFound extends Error {
  constructor() {
    super('No account with this subject exists.');
    this.name = 'DirectoryNotFound';
  }
}

/** Whether a signature counter may follow the stored one (the WebAuthn signature counter rule: both 0 means none kept). */
export const counterAdvances = (stored: number, next: number): boolean =>
  next > stored || (stored === 0 && next === 0);

/** E-mail addresses are compared without case and surrounding spaces. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Code-unit order (e-mail keys, ISO times, ids): what SQLite's BINARY and PostgreSQL's "C" collation give, so the
 * memory store lists in the SQL stores' order.
 */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const MAX_PER_PAGE = 100;

/** A page of `list` as offset and limit; a page or size that is not a whole number in range is a RangeError. */
export function pageWindow({ page = 0, perPage = 50 }: { page?: number; perPage?: number } = {}): {
  offset: number;
  limit: number;
} {
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError('page must be a whole number from 0.');
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new RangeError(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`);
  }
  return { offset: page * perPage, limit: perPage };
}

/** A link's lifetime in milliseconds; anything but a positive finite number of seconds is a RangeError. */
export function ticketLifetimeMs(ttlSeconds: number): number {
  if (typeof ttlSeconds !== 'number' || !Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError('A link lifetime must be a positive number of seconds.');
  }
  return ttlSeconds * 1000;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Auth0's app_metadata update: `patch` merged into `current` per top-level key, a key set to null removed.
 * The result is a JSON copy (what a store that keeps JSON text gives back); a patch that is not a JSON object
 * is a TypeError.
 */
export function mergeAppMetadata(current: AppMetadata, patch: AppMetadata): AppMetadata {
  if (!isPlainObject(patch)) throw new TypeError('app_metadata must be a JSON object.');
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return JSON.parse(JSON.stringify(merged)) as AppMetadata;
}

/** The profile fields of an account given with more (a demo persona carries its key, dashboard role, ...). */
export function profileOf(input: AccountProfile): AccountProfile {
  return {
    sub: input.sub,
    name: input.name,
    given_name: input.given_name,
    family_name: input.family_name,
    email: emailKey(input.email),
    role: input.role,
    roles: [...input.roles],
    permissions: [...input.permissions],
    specializations: [...input.specializations],
    department: input.department,
    ...(input.picture ? { picture: input.picture } : {}),
  };
}

const PATCHABLE = [
  'name',
  'given_name',
  'family_name',
  'role',
  'department',
] as const satisfies readonly (keyof AccountPatch)[];
const PATCHABLE_LISTS = [
  'roles',
  'permissions',
  'specializations',
] as const satisfies readonly (keyof AccountPatch)[];

/** A new directory entry: active with a password (set now), invited without one. */
export function newStoredAccount(
  input: NewAccount,
  stored: { appMetadata: AppMetadata; passwordHash: string | undefined; at: string },
): StoredAccount {
  const { appMetadata, passwordHash, at } = stored;
  return {
    ...profileOf(input),
    state: passwordHash ? 'active' : 'invited',
    blocked: false,
    createdAt: at,
    updatedAt: at,
    loginsCount: 0,
    totpEnrolled: !!input.totpSecret,
    ...(passwordHash ? { passwordSetAt: at } : {}),
    appMetadata,
  };
}

/**
 * An account with a patch applied (every store applies it through this, so they cannot differ): only the fields
 * an update may change, undefined meaning "unchanged", the e-mail as its key, app_metadata merged.
 */
export function applyPatch(account: StoredAccount, patch: AccountPatch, at: Date): StoredAccount {
  const next: Record<string, unknown> = { ...account };
  for (const field of PATCHABLE) if (patch[field] !== undefined) next[field] = patch[field];
  for (const field of PATCHABLE_LISTS)
    if (patch[field] !== undefined) next[field] = [...(patch[field] ?? [])];
  if (patch.email !== undefined) next.email = emailKey(patch.email);
  // An empty picture removes it, as an account created without one has none.
  if (patch.picture) next.picture = patch.picture;
  else if (patch.picture === '') delete next.picture;
  if (patch.blocked !== undefined) next.blocked = patch.blocked;
  if (patch.appMetadata !== undefined)
    next.appMetadata = mergeAppMetadata(account.appMetadata, patch.appMetadata);
  next.updatedAt = at.toISOString();
  return next as StoredAccount;
}
