import { RETRY_LABEL } from '../ErrorState/ErrorState';
import {
  SECOND_FACTOR_KINDS,
  filterUsers,
  type Locale,
  type ManagedUser,
  type Role,
  type SecondFactorKind,
  type SignInState,
  type SignInStatus,
  type UserFilter,
  type UserStatus,
} from '@sentinel/domain';
import { ROLE_LABELS } from '../KnowledgeBase/KnowledgeBase.utils';
import type { Tone } from '../theme/tokens';

/**
 * Words of the user-management screen that the spec does not give (labels, captions, the loading text). The
 * spec's own texts come from the domain's USER_MANAGEMENT_TEXTS.
 */
export const USER_MANAGEMENT_SCREEN_TEXTS = {
  title: 'User Management',
  searchLabel: 'Search users',
  filterLabel: 'Filter users',
  countersLabel: 'User summary',
  tableCaption: 'System users',
  loading: 'Loading users...',
  retry: RETRY_LABEL,
  create: 'Create',
  cancel: 'Cancel',
  deleteTitle: 'Delete user',
  fields: {
    name: 'Name',
    email: 'Email',
    role: 'Role',
    phone: 'Phone',
    department: 'Department',
    specialization: 'Specialization',
  },
  details: {
    email: 'Email',
    role: 'Role',
    status: 'Status',
    created: 'Created',
    lastLogin: 'Last Login',
    phone: 'Phone',
    department: 'Department',
    specialization: 'Specialization',
    license: 'License',
    address: 'Address',
    permissions: 'Permissions',
  },
  /**
   * REQ-screen says the Edit User button "does nothing". A button that silently does nothing reads as broken,
   * so it answers with this note instead (see UserDetailsDialog).
   */
  editUnavailable: 'Editing users is not available yet.',
  signIn: {
    /** Read before the sign-in part of the Status cell, for screen readers (the badges say the rest). */
    cellLabel: 'Sign-in:',
    heading: 'Sign-in',
    state: 'State',
    /** The Sign-in cell of a user the identity provider has no account for (no sign-in state sent). */
    none: 'No sign-in account',
    noAccountNote: 'This user has no account at the identity provider, so they cannot sign in.',
    activateToResend: 'Activate this user to send them a new invitation.',
    invitationExpires: 'Invitation expires',
    invitationExpired: 'Invitation expired',
    secondFactors: 'Two-step verification',
    notSetUp: 'Not set up',
    passwordOnly: 'Password only',
    noInvitation: 'No invitation sent',
    unreachable: 'Service unreachable',
    unknownNote:
      'The sign-in service could not be reached, so this sign-in state is not known. Try again in a moment.',
    resend: 'Resend invitation',
    reset: 'Reset two-step verification',
    resetTitle: 'Reset two-step verification',
    resetConfirm: 'Reset',
  },
  /** Under the Create New User form: what happens to the person once the admin presses Create. */
  invitationHint: 'They will get an e-mail invitation with a link to choose their password.',
} as const;

/** A user status in words, as a filter option shows it. */
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/**
 * REQ-users filter options in words: the values stay the spec's (all, admin, doctor, ...), the labels are Title
 * case like the spec's other texts, so a user never reads a raw value such as 'all' or 'lab_tech'.
 */
export const USER_FILTER_LABELS: Readonly<Record<UserFilter, string>> = {
  all: 'All Users',
  admin: ROLE_LABELS.admin,
  doctor: ROLE_LABELS.doctor,
  patient: ROLE_LABELS.patient,
  ...USER_STATUS_LABELS,
};

/** Accessible names of the row actions: the visible verb plus whose row it is ('Suspend Jane Doe'). */
export const rowActionLabel = (verb: string, name: string) => `${verb} ${name}`;

/** REQ-users badge tones; the badge always says the status in words too. */
export const USER_STATUS_TONE: Readonly<Record<UserStatus, Tone>> = {
  active: 'positive',
  inactive: 'neutral',
  suspended: 'critical',
};

/**
 * Role badge tones, as on the demo page's session banner (REQ-screen-demo-banner: admin purple, doctor green,
 * others blue).
 */
export function roleTone(role: Role): Tone {
  return role === 'admin' ? 'accent' : role === 'doctor' ? 'positive' : 'info';
}

/** Between the fields of a search text: no typed search contains it, so no match can span two fields. */
const FIELD_SEPARATOR = '\u0000';

/**
 * REQ-users user search (the domain's `filterUsers`: name, e-mail, department or role contains the search,
 * then the role or status filter), with each user's fields lowercased once for the whole list instead of on
 * every keystroke. Tests prove it returns what `filterUsers` returns.
 */
export function createUserFilter(users: readonly ManagedUser[]) {
  const texts = users.map((u) =>
    [u.name, u.email, u.department, u.role].map((field) => field.toLowerCase()).join(FIELD_SEPARATOR),
  );
  return (search: string, filter: UserFilter): ManagedUser[] => {
    const q = search.trim().toLowerCase();
    if (q.includes(FIELD_SEPARATOR)) return filterUsers(users, search, filter);
    return users.filter(
      (u, i) =>
        (filter === 'all' || u.role === filter || u.status === filter) &&
        (!q || (texts[i] as string).includes(q)),
    );
  };
}

/** REQ-users-sign-in: each sign-in state in words, as its badge says it. */
export const SIGN_IN_STATE_LABELS: Readonly<Record<SignInState, string>> = {
  invited: 'Invited',
  'invitation-expired': 'Invitation expired',
  active: 'Active',
  unknown: 'Unknown',
};

/**
 * Sign-in badge tones: an expired invitation needs the admin (caution); an unknown state is not a fault of the
 * user's (neutral). The badge always says the state in words too.
 */
export const SIGN_IN_TONE: Readonly<Record<SignInState, Tone>> = {
  invited: 'info',
  'invitation-expired': 'caution',
  active: 'positive',
  unknown: 'neutral',
};

/** Second factors as a person calls them, not the protocol's name. */
export const SECOND_FACTOR_LABELS: Readonly<Record<SecondFactorKind, string>> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
};

/** The enrolled second factors in a fixed order, each once ('Authenticator app, Passkey'); '' for none. */
export function secondFactorsText(factors: readonly SecondFactorKind[]): string {
  return SECOND_FACTOR_KINDS.filter((kind) => factors.includes(kind))
    .map((kind) => SECOND_FACTOR_LABELS[kind])
    .join(', ');
}

/** Whether the person has not set a password yet: they are waiting on an invitation. */
export const awaitsInvitation = (signIn: SignInStatus | undefined): boolean =>
  signIn?.state === 'invited' || signIn?.state === 'invitation-expired';

/**
 * REQ-users-sign-in: an invitation can be sent again while the person has not set a password, and only to an
 * active user (the server refuses a suspended or inactive one: a link would let in someone who is shut out).
 */
export const canResendInvitation = (user: Pick<ManagedUser, 'status' | 'signIn'>): boolean =>
  user.status === 'active' && awaitsInvitation(user.signIn);

/** REQ-users-sign-in: there is a second factor to reset only once one is enrolled. */
export const canResetSecondFactor = (signIn: SignInStatus | undefined): boolean =>
  (signIn?.secondFactors.length ?? 0) > 0;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale and options, kept: a long user table formats a date in every row it renders. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** The calendar day of an instant in a time zone, as a day count, so two instants' days can be subtracted. */
function dayNumber(at: Date, timeZone: string): number {
  const parts = formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1) / 86_400_000;
}

const readInstant = (iso: string | undefined): Date | undefined => {
  const at = iso === undefined ? undefined : new Date(iso);
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
};

/** Days a countdown is told in ('in 3 days'); further off, the date reads better. */
const RELATIVE_DAYS = 7;

/**
 * When a pending invitation stops working, in calendar days of the viewer's zone as Last Login counts them
 * (REQ-users-last-login): 'Expires today', 'Expires tomorrow', 'Expires in 3 days', beyond a week 'Expires on
 * Nov 30, 2026'. A time already past reads 'Expires today': the server said the invitation still works, and
 * the two clocks may differ by a little. '' when the time is missing or unreadable.
 */
export function invitationExpiresText(
  iso: string | undefined,
  now: Date,
  { locale = 'en-US', timeZone = 'UTC' }: Locale = {},
): string {
  const at = readInstant(iso);
  if (!at) return '';
  const days = dayNumber(at, timeZone) - dayNumber(now, timeZone);
  if (days <= 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  if (days < RELATIVE_DAYS) return `Expires in ${days} days`;
  return `Expires on ${formatter(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(at)}`;
}

/**
 * When an invitation that no longer works ran out, the same way: 'Expired today', 'Expired yesterday',
 * 'Expired 3 days ago', 'Expired on Oct 1, 2026'. '' when the time is missing or unreadable.
 */
export function invitationExpiredText(
  iso: string | undefined,
  now: Date,
  { locale = 'en-US', timeZone = 'UTC' }: Locale = {},
): string {
  const at = readInstant(iso);
  if (!at) return '';
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days <= 0) return 'Expired today';
  if (days === 1) return 'Expired yesterday';
  if (days < RELATIVE_DAYS) return `Expired ${days} days ago`;
  return `Expired on ${formatter(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(at)}`;
}

/** An invitation's expiry to the minute, with the zone it is told in: 'Nov 5, 2026, 2:30 PM UTC'. */
export function formatInvitationExpiry(
  iso: string | undefined,
  { locale = 'en-US', timeZone = 'UTC' }: Locale = {},
): string {
  const at = readInstant(iso);
  if (!at) return '';
  return formatter(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** The sign-in actions of the View dialog (REQ-users-sign-in). */
export type SignInAction = 'resend' | 'reset';

/** The result of a sign-in action, shown in the View dialog of the user it was for. */
export type SignInNotice = {
  readonly action: SignInAction;
  readonly tone: 'positive' | 'critical';
  readonly message: string;
};

/** What the table and the View dialog say about a user's sign-in: the badge's words and tone, and one detail. */
export type SignInSummary = { readonly label: string; readonly tone: Tone; readonly detail: string };

/**
 * REQ-users-sign-in: the badge (Invited, Invitation expired, Active, Unknown) and the line under it: when the
 * invitation expires or expired, the second factors of an active user ('Password only' without one), or that
 * the sign-in service could not be asked. Undefined when the server sent no sign-in state at all.
 */
export function signInSummary(
  signIn: SignInStatus | undefined,
  now: Date,
  locale: Locale = {},
): SignInSummary | undefined {
  if (!signIn) return undefined;
  const T = USER_MANAGEMENT_SCREEN_TEXTS.signIn;
  const badge = { label: SIGN_IN_STATE_LABELS[signIn.state], tone: SIGN_IN_TONE[signIn.state] };
  switch (signIn.state) {
    case 'invited':
      return { ...badge, detail: invitationExpiresText(signIn.invitationExpires, now, locale) };
    case 'invitation-expired':
      return {
        ...badge,
        detail: invitationExpiredText(signIn.invitationExpires, now, locale) || T.noInvitation,
      };
    case 'active':
      return { ...badge, detail: secondFactorsText(signIn.secondFactors) || T.passwordOnly };
    case 'unknown':
      return { ...badge, detail: T.unreachable };
  }
}

/**
 * Whole hours from `now` until an invitation's expiry, to tell the admin how long the link they just sent works
 * (the server's own expiry, not a number of ours). Undefined when the time is missing, unreadable or past.
 */
export function hoursUntil(iso: string | undefined, now: Date): number | undefined {
  const at = readInstant(iso);
  if (!at) return undefined;
  const hours = Math.round((at.getTime() - now.getTime()) / 3_600_000);
  return hours > 0 ? hours : undefined;
}

/**
 * The alert after Create or Resend invitation: 'Invitation sent to maria.lopez@example.com. The link works for
 * 72 hours.' (the hours from the expiry the server recorded; without one, only the first sentence).
 */
export function invitationSentMessage(email: string, hours: number | undefined): string {
  const sent = `Invitation sent to ${email}.`;
  if (hours === undefined) return sent;
  return `${sent} The link works for ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
}

/** The alert after a confirmed reset of a user's second factors. */
export const secondFactorResetMessage = (name: string) =>
  `Two-step verification was reset for ${name}. They will set it up again at their next sign-in.`;

/**
 * The reset confirmation: which factors stop working, and what the person will have to do. Resetting changes
 * how someone signs in, so the admin reads it before confirming.
 */
export function resetSecondFactorQuestion(name: string, factors: readonly SecondFactorKind[]): string {
  const listed = secondFactorsText(factors);
  const several = listed.includes(', ');
  const which = listed ? ` (${listed})` : '';
  return `${name}'s second factor${several ? 's' : ''}${which} will stop working. They must set up two-step verification again the next time they sign in.`;
}
