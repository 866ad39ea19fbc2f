/**
 * Record confidentiality (REQ-rec-break-glass; docs/decisions.md, "Record confidentiality"): who reads
 * `sensitive` and `restricted` medical records, who may change a record's level, and break-the-glass access
 * for a doctor outside the patient's care team. Pure: the facts (care-team assignments, appointments, the user
 * directory, emergency grants) and the clock come in, a decision goes out. The same rules are in the
 * authorization model (knowledge/fga/model.fga, type `record`), built from the same facts by
 * `confidentialityTuples` (./fga/tuples.ts).
 */
import { z } from 'zod';
import type { Appointment, CONFIDENTIALITY_LEVELS, ManagedUser, MedicalRecord, Role } from './entities';
import { patientIdFor } from './auth';
import { DEFAULT_ERROR_MESSAGES } from './contract/errors';
import { fail, ok, type Result } from './result';

export type ConfidentialityLevel = (typeof CONFIDENTIALITY_LEVELS)[number];

/** How long a break-the-glass grant lasts. */
export const EMERGENCY_ACCESS_MINUTES = 60;
/** A break-the-glass or downgrade reason: long enough to say something, short enough for an audit row. */
export const CONFIDENTIALITY_REASON_MIN = 10;
export const CONFIDENTIALITY_REASON_MAX = 500;

/** The words of the rules, once (the UI and the tests import them). */
export const CONFIDENTIALITY_TEXTS = {
  changeRefused:
    'Only the record’s author can change a restricted record’s confidentiality; the patient’s care team can move a record between normal and sensitive.',
  reasonRequired: `Give a reason of at least ${CONFIDENTIALITY_REASON_MIN} characters to lower a record’s confidentiality.`,
  emergencyDoctorsOnly: 'Only doctors can use emergency access.',
  emergencyAlreadyAssigned:
    'You are assigned to this patient’s care team and can already read their records.',
  emergencyButton: 'Emergency access',
  emergencyTitle: 'Emergency access to this patient’s records',
  emergencyExplanation: `You are not on this patient’s care team. Emergency access lets you read their sensitive and restricted records for ${EMERGENCY_ACCESS_MINUTES} minutes. The patient sees that you did, and the administrators are alerted.`,
  emergencyPatientLabel: 'Patient ID',
  emergencyPatientRequired: 'Give the patient’s ID, for example P-000001, or their account ID.',
  emergencyPatientAmbiguous:
    'More than one patient has this patient ID. Give the patient’s account ID (the owner of their records) instead.',
  emergencyReasonLabel: 'Reason for emergency access',
  emergencyReasonRequired: `Give a reason of ${CONFIDENTIALITY_REASON_MIN} to ${CONFIDENTIALITY_REASON_MAX} characters.`,
  emergencyCancel: 'Cancel',
  emergencyConfirm: 'Grant emergency access',
  emergencyGranted: 'Emergency access granted until',
} as const;

/**
 * The mark every audit row of break-the-glass carries at the start of its reason (the grant and each read under
 * it), so the patient's 'Who viewed my records' and the administrators' trail can single them out.
 */
export const EMERGENCY_AUDIT_MARK = 'EMERGENCY ACCESS (break-the-glass)';

/**
 * A doctor assigned to a patient's care team (the care_team table; seeded, see docs/decisions.md). The patient is
 * named by account id (`ownerId`, as on their records), never by the display patient id two accounts may share.
 */
export type CareTeamAssignment = { readonly ownerId: string; readonly clinicianSub: string };

const reasonText = z.string().trim().min(CONFIDENTIALITY_REASON_MIN).max(CONFIDENTIALITY_REASON_MAX);

/**
 * A break-the-glass grant: who, for which patient, why, and the 60 minutes it is live. The patient is their
 * account id (`ownerId`, what the checks compare with a record's owner); `patientId` is its display id, for the
 * administrators' list and the audit row only.
 */
export const EmergencyGrantSchema = z.strictObject({
  id: z.string().min(1).max(100),
  ownerId: z.string().min(1).max(255),
  patientId: z.string().min(1).max(100),
  clinicianSub: z.string().min(1).max(255),
  reason: reasonText,
  grantedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type EmergencyGrant = z.infer<typeof EmergencyGrantSchema>;

/** `POST /api/patients/:id/emergency-access`: the reason, 10 to 500 characters. */
export const EmergencyAccessRequestSchema = z.strictObject({ reason: reasonText });
/** A downgrade's reason in `PATCH /api/records/:id` (only read when the level goes down; audited always). */
export const ConfidentialityReasonSchema = reasonText;

type Account = Pick<ManagedUser, 'id' | 'name' | 'email' | 'role'>;

/** The facts the rules read. Appointments name their doctor only by name; their patient by owner account. */
export type CareFacts = {
  readonly assignments: readonly CareTeamAssignment[];
  readonly appointments: readonly Pick<Appointment, 'ownerId' | 'doctorName' | 'status'>[];
  readonly users: readonly Account[];
  readonly grants: readonly Pick<EmergencyGrant, 'ownerId' | 'clinicianSub' | 'grantedAt' | 'expiresAt'>[];
};

/** Who asks: the account id and the REQ-access role (nurse, pharmacist, ... told apart from doctors). */
export type ConfidentialityViewer = { readonly sub: string; readonly role: Role };

const norm = (value: string) => value.trim().toLowerCase();

/**
 * The doctor account a name stands for: the one account with the doctor role and that name (trimmed,
 * case-insensitive), else none. A name two accounts share stands for nobody, so nobody gains a relationship by
 * being given a colleague's name; an appointment's or record's free-text name is never compared with the
 * caller's own name.
 */
export function doctorAccountOf(name: string, users: readonly Account[]): string | undefined {
  const wanted = norm(name);
  if (wanted === '') return undefined;
  const matches = users.filter((u) => u.role === 'doctor' && norm(u.name) === wanted);
  return matches.length === 1 ? matches[0]!.id : undefined;
}

/** The author of a record: the one doctor account of its doctor's name (set by the server on create). */
export const recordAuthorOf = (record: Pick<MedicalRecord, 'doctor'>, users: readonly Account[]) =>
  doctorAccountOf(record.doctor, users);

/** A grant is live from its start until (not at) its expiry. */
export function isGrantLive(grant: Pick<EmergencyGrant, 'grantedAt' | 'expiresAt'>, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(grant.grantedAt) <= t && t < Date.parse(grant.expiresAt);
}

/** How one doctor is related to one patient. */
export type CareRelationship = {
  /** In the patient's care-team assignments. */
  readonly assigned: boolean;
  /** The doctor of one of the patient's appointments that is not cancelled. */
  readonly appointment: boolean;
  /** Holds a live break-the-glass grant for the patient. */
  readonly emergency: boolean;
};

/**
 * The doctors of a patient's appointments that are not cancelled, each resolved to one doctor account. The
 * patient is their account id, compared with each appointment's owner.
 */
export function appointmentClinicians(ownerId: string, facts: CareFacts): string[] {
  if (!ownerId) return [];
  const subs = facts.appointments
    .filter((a) => a.status !== 'cancelled' && a.ownerId === ownerId)
    .map((a) => doctorAccountOf(a.doctorName, facts.users))
    .filter((sub): sub is string => sub !== undefined);
  return [...new Set(subs)];
}

/**
 * How `clinicianSub` is related to the patient whose account id is `ownerId` at `now`. The account id, never the
 * display patient id: two accounts may share that, and one's doctor must not count for the other. No account:
 * no relationship.
 */
export function careRelationship(
  clinicianSub: string,
  ownerId: string,
  facts: CareFacts,
  now: Date,
): CareRelationship {
  if (!ownerId) return { assigned: false, appointment: false, emergency: false };
  return {
    assigned: facts.assignments.some((a) => a.ownerId === ownerId && a.clinicianSub === clinicianSub),
    appointment: appointmentClinicians(ownerId, facts).includes(clinicianSub),
    emergency: facts.grants.some(
      (g) => g.ownerId === ownerId && g.clinicianSub === clinicianSub && isGrantLive(g, now),
    ),
  };
}

/** Why a viewer may read a record at its level; `denied` when they may not. */
export type ReadBasis = 'normal' | 'patient' | 'author' | 'assigned' | 'appointment' | 'emergency' | 'denied';

type ConfidentialRecord = Pick<MedicalRecord, 'confidentialityLevel' | 'ownerId' | 'doctor'>;

/**
 * The patient whose care team a record concerns: its owner account (REQ-access-owner ownership), never the
 * patient id typed into it nor the display id two accounts may share; '' for a record without owner (then
 * only its author reads it above normal).
 */
export const recordOwnerOf = (record: Pick<MedicalRecord, 'ownerId'>): string => record.ownerId ?? '';

/**
 * Record confidentiality, reading. A `normal` record is left to the other rules (ownership, the data access
 * matrix). A patient reads their own records at every level (ownership decides which are theirs). Above normal
 * only doctors read: `sensitive` the record's author and the patient's care team (assigned, or with an
 * appointment that is not cancelled); `restricted` the author and the assigned doctors only; either level a
 * doctor with a live emergency grant for the patient. Nurses, administrators and other roles never read them.
 * Checked in this order so the basis names the strongest reason (an emergency read is named only when nothing
 * else would allow it).
 */
export function recordReadBasis(
  record: ConfidentialRecord,
  viewer: ConfidentialityViewer,
  facts: CareFacts,
  now: Date,
): ReadBasis {
  if (record.confidentialityLevel === 'normal') return 'normal';
  if (viewer.role === 'patient') return 'patient';
  if (viewer.role !== 'doctor') return 'denied';
  if (recordAuthorOf(record, facts.users) === viewer.sub) return 'author';
  const relation = careRelationship(viewer.sub, recordOwnerOf(record), facts, now);
  if (relation.assigned) return 'assigned';
  if (relation.appointment && record.confidentialityLevel === 'sensitive') return 'appointment';
  if (relation.emergency) return 'emergency';
  return 'denied';
}

/** Record confidentiality: may the viewer read this record at its level? */
export const canReadRecordLevel = (
  record: ConfidentialRecord,
  viewer: ConfidentialityViewer,
  facts: CareFacts,
  now: Date,
): boolean => recordReadBasis(record, viewer, facts, now) !== 'denied';

const RANK: Readonly<Record<ConfidentialityLevel, number>> = { normal: 0, sensitive: 1, restricted: 2 };

/** What a level change is, for the audit row. */
export type LevelChange = 'unchanged' | 'upgrade' | 'downgrade';

/**
 * Record confidentiality, changing the level (`PATCH /api/records/:id` with `confidentialityLevel`). The
 * record's author may set any level; the patient's care team (doctors assigned or with an appointment) may move
 * a record between normal and sensitive, never into or out of restricted; nobody else, emergency access
 * included. A downgrade needs a reason (10 to 500 characters), never silently: 403 for the wrong person, then
 * 400 for a missing reason. Unchanged levels need nothing.
 */
export function decideLevelChange(
  record: ConfidentialRecord,
  to: ConfidentialityLevel,
  reason: string | undefined,
  viewer: ConfidentialityViewer,
  facts: CareFacts,
  now: Date,
): Result<LevelChange> {
  const from = record.confidentialityLevel;
  if (from === to) return ok('unchanged');
  const author = viewer.role === 'doctor' && recordAuthorOf(record, facts.users) === viewer.sub;
  const relation = careRelationship(viewer.sub, recordOwnerOf(record), facts, now);
  const careTeam = viewer.role === 'doctor' && (relation.assigned || relation.appointment);
  if (!author && !(careTeam && from !== 'restricted' && to !== 'restricted')) {
    return fail('forbidden', CONFIDENTIALITY_TEXTS.changeRefused);
  }
  if (RANK[to] > RANK[from]) return ok('upgrade');
  if (!ConfidentialityReasonSchema.safeParse(reason ?? '').success) {
    return fail('invalid_input', CONFIDENTIALITY_TEXTS.reasonRequired, {
      reason: CONFIDENTIALITY_TEXTS.reasonRequired,
    });
  }
  return ok('downgrade');
}

/** The audit reason of a level change (the reason given, if any, kept). */
export function levelChangeAuditReason(
  from: ConfidentialityLevel,
  to: ConfidentialityLevel,
  change: LevelChange,
  reason: string | undefined,
): string {
  const given = reason?.trim() ? `: ${reason.trim()}` : '';
  return `confidentiality ${change} ${from} -> ${to}${given}`;
}

/** Break-the-glass is for doctors: checked before anything about the patient is looked up (no probing). */
export function canUseEmergencyAccess(viewer: Pick<ConfidentialityViewer, 'role'>): Result<true> {
  return viewer.role === 'doctor' ? ok(true) : fail('forbidden', CONFIDENTIALITY_TEXTS.emergencyDoctorsOnly);
}

/**
 * The patient account the id in `POST /api/patients/:id/emergency-access` names: a patient's account id (what the
 * UI sends: the `ownerId` of their records), else a display patient id that exactly one patient account has. A
 * display id several accounts share is refused (409, never the first match: the grant could land on the wrong
 * patient); an id of no patient account is 404.
 */
export function emergencyPatientOf(
  id: string,
  accounts: readonly Pick<Account, 'id' | 'role'>[],
): Result<string> {
  const patients = accounts.filter((a) => a.role === 'patient');
  if (patients.some((a) => a.id === id)) return ok(id);
  const matching = patients.filter((a) => patientIdFor(a.id) === id);
  if (matching.length === 1) return ok(matching[0]!.id);
  if (matching.length > 1) {
    const text = CONFIDENTIALITY_TEXTS.emergencyPatientAmbiguous;
    return fail('conflict', text, { id: text });
  }
  return fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);
}

/**
 * Break-the-glass (REQ-rec-break-glass): a doctor outside the patient's assigned care team, giving a reason,
 * gets read access to that patient's sensitive and restricted records for 60 minutes from `now`. Only
 * doctors; an assigned doctor needs none (409). A doctor on the team only through an appointment may use it
 * for restricted records. A new grant while one is live is allowed: each is its own audit row and alert. The
 * patient is their account id (`emergencyPatientOf`).
 */
export function decideEmergencyAccess(
  viewer: ConfidentialityViewer,
  ownerId: string,
  reason: string,
  facts: CareFacts,
  now: Date,
  id: string,
): Result<EmergencyGrant> {
  const allowed = canUseEmergencyAccess(viewer);
  if (!allowed.ok) return allowed;
  if (careRelationship(viewer.sub, ownerId, facts, now).assigned) {
    return fail('conflict', CONFIDENTIALITY_TEXTS.emergencyAlreadyAssigned);
  }
  return ok({
    id,
    ownerId,
    patientId: patientIdFor(ownerId),
    clinicianSub: viewer.sub,
    reason: reason.trim(),
    grantedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + EMERGENCY_ACCESS_MINUTES * 60_000).toISOString(),
  });
}

/** The audit reason of a grant: the mark, then the doctor's reason, the patient sees both. */
export const emergencyGrantAuditReason = (grant: Pick<EmergencyGrant, 'reason' | 'expiresAt'>) =>
  `${EMERGENCY_AUDIT_MARK}: granted until ${grant.expiresAt}: ${grant.reason}`;

/** The audit reason of a record read that only a live grant allowed. */
export const emergencyReadAuditReason = `${EMERGENCY_AUDIT_MARK}: record read under a live grant`;

/** Is this audit reason one of break-the-glass? */
export const isEmergencyAuditReason = (reason: string) => reason.startsWith(EMERGENCY_AUDIT_MARK);
