/**
 * Pure helpers of the 'Who viewed my records' view: its texts (the spec gives none; REQ-arch only
 * says `GET /api/audit` shows a patient the access to their own data), and the mapping of an audit row to what a
 * person reads: when, who, what, and whether it was allowed. Stored audit rows carry no names; the server names
 * staff to a patient and hides other patients (`auditEntryForViewer`). A row without a name is shown by role and a
 * short tag derived from its subject.
 */
import { formatLastLogin, formatTimeOfDay, type Locale, type Role } from '@sentinel/domain';
import type {
  AuditAction,
  AuditEntry,
  AuditEvent,
  AuditOutcome,
  AuditResourceType,
} from '@sentinel/domain/contract';
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import type { Tone } from '../theme/tokens';

export const ACCESS_LOG_TEXTS = {
  title: 'Who viewed my records',
  description: 'Everyone who opened, listed or changed your health information, or tried to, newest first.',
  caption: 'Access to your records',
  columns: { when: 'When', who: 'Who', what: 'What', outcome: 'Outcome' },
  you: 'You',
  anotherUser: 'Another user',
  empty: 'No one has accessed your records yet.',
  loading: 'Loading who viewed your records...',
  retry: RETRY_LABEL,
} as const;

/** The verb of each audited action, in the past tense: 'Opened record rec-001'. */
export const ACCESS_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  list: 'Listed',
  read: 'Opened',
  search: 'Searched',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

/**
 * What each resource type is called: `one` before an id ('record rec-001') or with an article when the row
 * names none ('a record'), `all` after list and search ('Listed records').
 */
export const ACCESS_RESOURCE_LABELS: Readonly<
  Record<AuditResourceType, { one: string; article: 'a' | 'an'; all: string }>
> = {
  appointment: { one: 'appointment', article: 'an', all: 'appointments' },
  record: { one: 'record', article: 'a', all: 'records' },
  prescription: { one: 'prescription', article: 'a', all: 'prescriptions' },
  user: { one: 'user account', article: 'a', all: 'user accounts' },
  knowledge: { one: 'knowledge article', article: 'a', all: 'knowledge articles' },
  audit: { one: 'access history entry', article: 'an', all: 'access history' },
  chat: { one: 'assistant chat', article: 'an', all: 'assistant chats' },
  calendar: { one: 'calendar connection', article: 'a', all: 'calendar events' },
  approval: { one: 'approval request', article: 'an', all: 'approval requests' },
};

/** REQ-access roles as people read them. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  patient: 'Patient',
  doctor: 'Doctor',
  admin: 'Administrator',
  nurse: 'Nurse',
  pharmacist: 'Pharmacist',
  lab_tech: 'Lab technician',
  dietitian: 'Dietitian',
};

/** The outcome badge says it in words; the tone only repeats it (REQ-screen-a11y). */
export const ACCESS_OUTCOME_LABELS: Readonly<Record<AuditOutcome, string>> = {
  allowed: 'Allowed',
  denied: 'Refused',
};

export const ACCESS_OUTCOME_TONES: Readonly<Record<AuditOutcome, Tone>> = {
  allowed: 'positive',
  denied: 'critical',
};

/** Characters of the actor tag. */
const TAG_LENGTH = 4;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A short tag for a subject, e.g. '#K3F9': the same subject always gets the same tag, so a patient can tell
 * that two rows were the same person, but the tag gives away nothing of the subject. The subject's own tail
 * would not do: its last six characters are the person's patient id or medical licence
 * (REQ-data-derived-ids). FNV-1a, 32 bits, in base 36.
 */
export function actorTag(sub: string): string {
  let hash = FNV_OFFSET;
  for (const char of sub) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  const digits = hash.toString(36).toUpperCase().padStart(TAG_LENGTH, '0');
  return `#${digits.slice(-TAG_LENGTH)}`;
}

/**
 * Who made the call: 'You' for the viewer's own calls; a member of staff by the name the server gives, tagged with
 * their role ('Dr. Alice Smith', 'Doctor'); another patient, whom the server names by neither subject nor name
 * (`auditEntryForViewer`), as 'Another user'; otherwise the role and the actor's tag ('Doctor', '#K3F9').
 */
export function actorOf(
  row: Pick<AuditEntry, 'actorSub' | 'actorRole'> & Partial<Pick<AuditEntry, 'actorName'>>,
  viewerSub: string,
): { label: string; tag: string | undefined } {
  if (row.actorSub === viewerSub) return { label: ACCESS_LOG_TEXTS.you, tag: undefined };
  if (row.actorName !== undefined) return { label: row.actorName, tag: ROLE_LABELS[row.actorRole] };
  if (row.actorSub === null) {
    return row.actorRole === 'patient'
      ? { label: ACCESS_LOG_TEXTS.anotherUser, tag: undefined }
      : { label: ROLE_LABELS[row.actorRole], tag: undefined };
  }
  return { label: ROLE_LABELS[row.actorRole], tag: actorTag(row.actorSub) };
}

/**
 * What was done: 'Opened record rec-001', 'Listed records', 'Created a record' (a refused create names no id).
 */
export function describeAccess(row: Pick<AuditEvent, 'action' | 'resourceType' | 'resourceId'>): string {
  const verb = ACCESS_ACTION_LABELS[row.action];
  const resource = ACCESS_RESOURCE_LABELS[row.resourceType];
  if (row.resourceId !== null) return `${verb} ${resource.one} ${row.resourceId}`;
  if (row.action === 'list' || row.action === 'search') return `${verb} ${resource.all}`;
  return `${verb} ${resource.article} ${resource.one}`;
}

/**
 * When it happened, in the viewer's zone: the day as the domain's relative formatter gives it ('Today',
 * 'Yesterday', '3 days ago', then a date) and the time of day, e.g. 'Today at 2:30 PM'.
 */
export function formatAccessTime(iso: string, now: Date, locale: Locale = {}): string {
  return `${formatLastLogin(iso, now, locale)} at ${formatTimeOfDay(iso, locale)}`;
}

/**
 * Newest first. Rows of the same instant keep the server's order reversed: the audit trail is appended to, so of
 * two rows stamped alike the later one in the answer is the newer.
 */
export function newestFirst<Row extends Pick<AuditEvent, 'timestamp'>>(rows: readonly Row[]): Row[] {
  return rows
    .map((row, index) => ({ row, index, at: Date.parse(row.timestamp) }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .map(({ row }) => row);
}
