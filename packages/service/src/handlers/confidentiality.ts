/**
 * Record confidentiality on the store (REQ-rec-confidentiality; docs/decisions.md, "Record confidentiality"):
 * the domain's rules (`recordReadBasis`, `decideLevelChange`, `decideEmergencyAccess`) over the care-team
 * table, the appointments, the user directory and the break-the-glass grants, on the request's clock. The
 * mock API runs the same rules over its in-memory store (packages/mocks confidentiality.ts).
 *
 * A record the caller may not read at its level is left out of lists (no count leak) and answers 404 by id,
 * exactly like a missing one; the audit row says why.
 */
import {
  EMERGENCY_AUDIT_MARK,
  canUseEmergencyAccess,
  decideEmergencyAccess,
  decideLevelChange,
  emergencyGrantAuditReason,
  emergencyPatientOf,
  emergencyReadAuditReason,
  fail,
  levelChangeAuditReason,
  ok,
  patientIdFor,
  recordReadBasis,
  type CareFacts,
  type ConfidentialityLevel,
  type ConfidentialityViewer,
  type MedicalRecord,
  type ReadBasis,
  type Result,
  type Role,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import type { Caller } from '../caller';
import type { AuditDetail, RouteImpls } from '../runner';
import type { StoreTx } from '../store/types';

/** The same 404 as a missing id (clinical.ts's `notFound`, repeated here so the two modules do not cycle). */
const notFound = () => fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);

/** Who asks, with the REQ-access role that tells a doctor from a nurse. */
export const confidentialityViewer = (caller: Caller): ConfidentialityViewer => ({
  sub: caller.user.sub,
  role: caller.knowledgeRole,
});

const NO_FACTS: CareFacts = { assignments: [], appointments: [], users: [], grants: [] };

/**
 * The facts the rules read, for one viewer (only their own grants matter to them). Only a doctor's decision
 * reads them: for every other role above normal is `denied` whatever they say, so their calls skip the queries.
 */
export async function careFacts(
  tx: StoreTx,
  viewerSub: string,
  role: Role,
  ownerIds: Iterable<string | undefined>,
  directory?: CareFacts['users'],
): Promise<CareFacts> {
  if (role !== 'doctor') return NO_FACTS;
  // Only the patients the decision is about: a clinic's whole appointment book is not read for each list.
  const owners = [...new Set([...ownerIds].filter((id): id is string => !!id))];
  const assignments = [];
  const appointments = [];
  for (const ownerId of owners) {
    assignments.push(...(await tx.listCareTeam(ownerId)));
    appointments.push(...(await tx.list('appointments', { ownerId })));
  }
  const users = directory ?? (await tx.listUsers());
  const grants = await tx.listEmergencyGrants(viewerSub);
  return { assignments, appointments, users, grants };
}

/** The owners whose care facts a decision over these records needs: those of records above normal. */
const ownersAboveNormal = (records: readonly MedicalRecord[]) =>
  records.filter((r) => r.confidentialityLevel !== 'normal').map((r) => r.ownerId);

/** Does any record need the facts? Normal records, and any record a patient gets, do not. */
const needsFacts = (records: readonly MedicalRecord[], viewer: ConfidentialityViewer) =>
  viewer.role !== 'patient' && records.some((r) => r.confidentialityLevel !== 'normal');

/** The records of a list the viewer may read at their level; the rest are left out, uncounted. */
export async function readableRecords(
  tx: StoreTx,
  caller: Caller,
  records: readonly MedicalRecord[],
  now: Date,
): Promise<MedicalRecord[]> {
  const viewer = confidentialityViewer(caller);
  if (!needsFacts(records, viewer)) return [...records];
  // Facts only add access, so a record its author reads needs no care facts: most of a doctor's records above
  // normal are their own, and only the rest cost the care team and appointments of their patients.
  const authorsOnly: CareFacts = { ...NO_FACTS, users: await tx.listUsers() };
  const undecided = records.filter((r) => recordReadBasis(r, viewer, authorsOnly, now) === 'denied');
  if (undecided.length === 0) return [...records];
  const facts = await careFacts(tx, viewer.sub, viewer.role, ownersAboveNormal(undecided), authorsOnly.users);
  return records.filter((record) => recordReadBasis(record, viewer, facts, now) !== 'denied');
}

/**
 * One record, by id: 404 when its level is above the viewer's relationship to the patient. A read that only a
 * live emergency grant allows says so in its audit row (the patient sees it).
 */
export async function checkRecordRead(
  tx: StoreTx,
  caller: Caller,
  record: MedicalRecord,
  now: Date,
  audit: (detail: AuditDetail) => void,
): Promise<Result<ReadBasis>> {
  const viewer = confidentialityViewer(caller);
  if (!needsFacts([record], viewer)) return ok(viewer.role === 'patient' ? 'patient' : 'normal');
  const facts = await careFacts(tx, viewer.sub, viewer.role, [record.ownerId]);
  const basis = recordReadBasis(record, viewer, facts, now);
  if (basis === 'denied') {
    audit({ reason: `record is ${record.confidentialityLevel}: no care relationship (confidentiality)` });
    return notFound();
  }
  if (basis === 'emergency') audit({ reason: emergencyReadAuditReason });
  return ok(basis);
}

/**
 * The audit reason of a record update: the fields changed, the level change and its reason, marked as
 * break-the-glass when only a live grant let the doctor at the record.
 */
export function updateAuditReason(
  basis: ReadBasis,
  changed: readonly string[],
  levelChange: string | undefined,
) {
  return [
    ...(basis === 'emergency' ? [EMERGENCY_AUDIT_MARK] : []),
    `changed ${[...changed].sort().join(', ')}`,
    ...(levelChange ? [levelChange] : []),
  ].join('; ');
}

/**
 * A `PATCH /api/records/:id` that gives `confidentialityLevel`: who may change it, and the reason a downgrade
 * needs. Answers the audit reason of the change (undefined when the level does not change).
 */
export async function checkLevelChange(
  tx: StoreTx,
  caller: Caller,
  record: MedicalRecord,
  body: {
    readonly confidentialityLevel?: ConfidentialityLevel | undefined;
    readonly reason?: string | undefined;
  },
  now: Date,
): Promise<Result<string | undefined>> {
  const to = body.confidentialityLevel;
  if (to === undefined || to === record.confidentialityLevel) return ok(undefined);
  const viewer = confidentialityViewer(caller);
  const decided = decideLevelChange(
    record,
    to,
    body.reason,
    viewer,
    await careFacts(tx, viewer.sub, viewer.role, [record.ownerId]),
    now,
  );
  if (!decided.ok) return decided;
  return ok(levelChangeAuditReason(record.confidentialityLevel, to, decided.value, body.reason));
}

export const confidentialityRoutes = {
  /**
   * Break-the-glass: the grant, its audit row (marked, naming the patient), and the administrators' alert. The
   * path id is the patient's account id, or a display id exactly one patient account has (`emergencyPatientOf`:
   * a shared one is 409, never the first match).
   */
  createEmergencyAccess: async ({ tx, caller, params, body, now, audit }) => {
    const allowed = canUseEmergencyAccess(confidentialityViewer(caller));
    if (!allowed.ok) return allowed;
    const patient = emergencyPatientOf(params.id, await tx.listUsers());
    if (!patient.ok) {
      const shared = patient.error.code === 'conflict';
      audit({
        reason: `${EMERGENCY_AUDIT_MARK}: ${shared ? 'patient id of several patients' : 'no patient with this id'}`,
      });
      return shared ? patient : notFound();
    }
    const ownerId = patient.value;
    audit({ patientId: patientIdFor(ownerId), reason: `${EMERGENCY_AUDIT_MARK}: refused` });
    const viewer = confidentialityViewer(caller);
    const decided = decideEmergencyAccess(
      viewer,
      ownerId,
      body.reason,
      await careFacts(tx, viewer.sub, viewer.role, [ownerId]),
      now,
      await tx.nextId('eg'),
    );
    if (!decided.ok) {
      audit({ reason: `${EMERGENCY_AUDIT_MARK}: refused: ${decided.error.message}` });
      return decided;
    }
    await tx.insertEmergencyGrant(decided.value);
    audit({ resourceId: decided.value.id, reason: emergencyGrantAuditReason(decided.value) });
    return ok(decided.value);
  },

  /** The administrators' alert list: every grant, newest first. */
  listEmergencyAccess: async ({ tx, audit }) => {
    const grants = (await tx.listEmergencyGrants()).reverse();
    audit({ reason: `emergency access grants: ${grants.length}` });
    return ok({ items: grants });
  },
} satisfies Partial<RouteImpls>;
