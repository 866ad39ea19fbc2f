/**
 * People in every sign-in state (REQ-users-sign-in), for the User Management stories and tests: the seeded
 * users (the personas with their authenticator app, Dr. Ben Carter with a passkey instead, Sam Admin with
 * both) plus three people added by an admin: Maria Lopez, invited an hour ago; Tom Becker, whose invitation
 * ran out yesterday; Ana Silva, who set her password yesterday and has not signed in yet. All on the fixed
 * clock, so a story reads the same every run.
 */
import { permissionsForRole, requiresSecondFactor, type ManagedUser } from '@sentinel/domain';
import type { MemoryIdentityAdmin } from '@sentinel/service';
import {
  FIXED_NOW,
  PERSONAS,
  daysFrom,
  instantFrom,
  seed,
  seedUsers,
  type SeedData,
} from '@sentinel/demo-data';
import { createMockApi, type MockApi, type MockApiOptions } from './api/handlers';

/** The three people an admin has added, by first name. */
export const SIGN_IN_PEOPLE = {
  maria: { id: 'auth0|sentinel-invited-000201', name: 'Maria Lopez', email: 'maria.lopez@example.com' },
  tom: { id: 'auth0|sentinel-invited-000202', name: 'Tom Becker', email: 'tom.becker@example.com' },
  ana: { id: 'auth0|sentinel-invited-000203', name: 'Ana Silva', email: 'ana.silva@example.com' },
} as const;

const HOURS_72 = 72;

/**
 * The users as the list answers them, each with the sign-in state the identity provider reports (what the
 * screen is given): `signInSeed` and `seedSignInAccounts` put the same into a mock API.
 */
export function signInUsers(now: Date = FIXED_NOW): ManagedUser[] {
  const seeded = seedUsers(now).map((user): ManagedUser => {
    const secondFactors =
      user.id === PERSONAS.ben.sub
        ? (['passkey'] as const)
        : user.id === PERSONAS.sam.sub
          ? (['totp', 'passkey'] as const)
          : requiresSecondFactor(user)
            ? (['totp'] as const)
            : [];
    return { ...user, signIn: { state: 'active', secondFactors: [...secondFactors] } };
  });
  const added = (
    person: (typeof SIGN_IN_PEOPLE)[keyof typeof SIGN_IN_PEOPLE],
    rest: Pick<ManagedUser, 'role' | 'department' | 'signIn'> & { createdDaysAgo: number },
  ): ManagedUser => ({
    ...person,
    role: rest.role,
    status: 'active',
    createdDate: daysFrom(now, -rest.createdDaysAgo),
    department: rest.department,
    specialization: '',
    phone: '',
    permissions: permissionsForRole(rest.role),
    ...(rest.signIn ? { signIn: rest.signIn } : {}),
  });
  return [
    ...seeded,
    added(SIGN_IN_PEOPLE.maria, {
      role: 'doctor',
      department: 'Cardiology',
      createdDaysAgo: 0,
      // Sent an hour ago: the link works for 71 more hours.
      signIn: { state: 'invited', secondFactors: [], invitationExpires: instantFrom(now, 0, HOURS_72 - 1) },
    }),
    added(SIGN_IN_PEOPLE.tom, {
      role: 'nurse',
      department: 'Emergency',
      createdDaysAgo: 4,
      signIn: {
        state: 'invitation-expired',
        secondFactors: [],
        invitationExpires: instantFrom(now, -4, HOURS_72),
      },
    }),
    added(SIGN_IN_PEOPLE.ana, {
      role: 'pharmacist',
      department: 'Pharmacy',
      createdDaysAgo: 2,
      signIn: { state: 'active', secondFactors: [] },
    }),
  ];
}

/** The mock API's seed with those users (stored rows carry no sign-in state: the provider has it). */
export function signInSeed(now: Date = FIXED_NOW): SeedData {
  return {
    ...seed(now),
    users: signInUsers(now).map(({ signIn: _fromProvider, ...user }) => user),
  };
}

/**
 * Gives each user of `signInUsers` the account at the in-memory provider that reports their sign-in state:
 * a password set for the active ones, the invitation's expiry, the second factors. Run after every
 * `reset()`, which puts the accounts back as the provider was created.
 */
export function seedSignInAccounts(identity: MemoryIdentityAdmin, now: Date = FIXED_NOW): void {
  for (const user of signInUsers(now)) {
    const signIn = user.signIn;
    if (!signIn || signIn.state === 'unknown') continue;
    identity.seedAccount({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      department: user.department,
      specializations: [],
      blocked: user.status !== 'active',
      passwordSet: signIn.state === 'active',
      secondFactors: signIn.secondFactors,
      ...(signIn.invitationExpires ? { invitationExpiresAt: signIn.invitationExpires } : {}),
      ...(user.lastLogin ? { lastLogin: user.lastLogin } : {}),
    });
  }
}

/** A mock API of its own holding `signInUsers`, and the loader that puts it back before each story or test. */
export function createSignInMockApi(options: Omit<MockApiOptions, 'seed'> = {}): {
  readonly api: MockApi;
  readonly seed: () => Promise<Record<string, never>>;
} {
  const now = options.now ?? FIXED_NOW;
  const api = createMockApi({ ...options, seed: signInSeed(now) });
  const reseed = async () => {
    api.reset();
    seedSignInAccounts(api.identity, now);
    return {};
  };
  return { api, seed: reseed };
}
