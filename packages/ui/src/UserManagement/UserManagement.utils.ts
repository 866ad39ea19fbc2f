import { RETRY_LABEL } from '../ErrorState/ErrorState';
import { filterUsers, type ManagedUser, type Role, type UserFilter, type UserStatus } from '@sentinel/domain';
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
