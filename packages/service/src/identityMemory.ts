/**
 * An identity provider in memory (REQ-users-sign-in): a directory of sign-in accounts implementing
 * `IdentityAdmin`, for the mock API and Storybook (packages/mocks), the handlers' tests and the API server's
 * tests, so the user-management handlers run unchanged everywhere (as the memory store does for the store). Each account's sign-in state is computed from what it holds (a password set, the
 * newest invitation's expiry, the second factors enrolled), by the same rule the server applies to the
 * provider's answers (`signInStatusOf`). Ids and links come from counters, never from randomness, so the same
 * calls give the same answers. The mailer keeps what it sent, for tests and stories to read.
 */
import {
  accountSpecializations,
  requiresSecondFactor,
  type ManagedUser,
  type Role,
  type SecondFactorKind,
} from '@sentinel/domain';
import {
  IdentityAdminError,
  invitationExpiry,
  signInStatusOf,
  type IdentityAdmin,
  type MailMessage,
  type Mailer,
  type SignInSnapshot,
} from './identity';

/** One sign-in account as the in-memory provider holds it. */
export type MemoryAccount = {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly department: string;
  readonly specializations: readonly string[];
  readonly blocked: boolean;
  /** A password has been set (through an invitation, or the seeded accounts' own). */
  readonly passwordSet: boolean;
  /** When the newest invitation stops working; absent when none was sent. */
  readonly invitationExpiresAt?: string;
  readonly secondFactors: readonly SecondFactorKind[];
  readonly lastLogin?: string;
  /** Invitation links sent to this account, oldest first. */
  readonly links: readonly string[];
};

export type MemoryIdentityAdmin = IdentityAdmin & {
  /** The accounts, by subject, as they are now. */
  readonly accounts: ReadonlyMap<string, MemoryAccount>;
  /** Puts an account in (or replaces it): stories showing invited, expired, TOTP or passkey users. */
  seedAccount(account: Omit<MemoryAccount, 'links'> & { readonly links?: readonly string[] }): void;
  /** Back to the accounts it was created with, counters restarted. */
  reset(): void;
};

/** Where the in-memory provider's invitation links point (the embedded provider's page). */
export const MEMORY_INVITATION_ORIGIN = 'http://localhost:4000';

/** The subject of the n-th account the in-memory provider creates: Auth0's shape, "auth0|" and 24 hex digits. */
export const memoryUserId = (n: number) => `auth0|${n.toString(16).padStart(24, '0')}`;

/**
 * The account of a user already in the directory: signed up (a password set) when they have signed in, with
 * the authenticator app their role must use (the domain's requiresSecondFactor), blocked unless active.
 */
export function accountOfUser(user: ManagedUser): MemoryAccount {
  const signedIn = user.lastLogin !== undefined;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    department: user.department,
    specializations: accountSpecializations(user),
    blocked: user.status !== 'active',
    passwordSet: signedIn,
    secondFactors: signedIn && requiresSecondFactor(user) ? ['totp'] : [],
    ...(user.lastLogin ? { lastLogin: user.lastLogin } : {}),
    links: [],
  };
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** An in-memory provider holding an account for each of `users` (`accountOfUser`). */
export function createMemoryIdentityAdmin(users: readonly ManagedUser[] = []): MemoryIdentityAdmin {
  const initial = () => new Map(users.map((user) => [user.id, accountOfUser(user)]));
  let accounts = initial();
  let created = 0;
  let tickets = 0;

  const existing = (userId: string) => {
    const account = accounts.get(userId);
    if (!account) throw new IdentityAdminError('not-found', `no account ${userId}`);
    return account;
  };
  const snapshot = (account: MemoryAccount, now: Date): SignInSnapshot => signInStatusOf(account, now);

  return {
    get accounts() {
      return accounts;
    },
    seedAccount: (account) => {
      accounts.set(account.userId, { links: [], ...account });
    },
    reset: () => {
      accounts = initial();
      created = 0;
      tickets = 0;
    },

    createUser: async (user) => {
      const email = emailKey(user.email);
      if ([...accounts.values()].some((account) => emailKey(account.email) === email)) {
        throw new IdentityAdminError('conflict', 'The user already exists.');
      }
      created += 1;
      const userId = memoryUserId(created);
      accounts.set(userId, {
        userId,
        email,
        name: user.name,
        role: user.role,
        department: user.department,
        specializations: [...user.specializations],
        blocked: false,
        passwordSet: false,
        secondFactors: [],
        links: [],
      });
      return { userId };
    },

    inviteUser: async (userId, now) => {
      const account = existing(userId);
      tickets += 1;
      const page = account.passwordSet ? 'reset' : 'invitation';
      const link = `${MEMORY_INVITATION_ORIGIN}/${page}?ticket=mock-ticket-${tickets}`;
      const expiresAt = invitationExpiry(now);
      accounts.set(userId, { ...account, invitationExpiresAt: expiresAt, links: [...account.links, link] });
      return { link, expiresAt };
    },

    updateUser: async (userId, patch) => {
      const account = existing(userId);
      accounts.set(userId, {
        ...account,
        ...(patch.blocked !== undefined ? { blocked: patch.blocked } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.department !== undefined ? { department: patch.department } : {}),
        ...(patch.specializations !== undefined ? { specializations: [...patch.specializations] } : {}),
      });
    },

    deleteUser: async (userId) => {
      existing(userId);
      accounts.delete(userId);
    },

    signInStates: async (now) =>
      new Map([...accounts.values()].map((account) => [account.userId, snapshot(account, now)])),

    signInOf: async (userId, now) => {
      const account = accounts.get(userId);
      return account ? snapshot(account, now) : undefined;
    },

    resetSecondFactor: async (userId) => {
      const account = existing(userId);
      accounts.set(userId, { ...account, secondFactors: [] });
    },
  };
}

/** A mailer that keeps every message it was given, oldest first. */
export type MemoryMailer = Mailer & { readonly sent: readonly MailMessage[]; clear(): void };

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push({ ...message });
    },
    clear: () => {
      sent.length = 0;
    },
  };
}
