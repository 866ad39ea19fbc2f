/**
 * Record confidentiality in the mock API (issue 15, finding 3): the server's policy (apps/api
 * @sentinel/service handlers/confidentiality.ts) over the in-memory store, decided by the same domain rules on the store's
 * clock. A record the caller may not read at its level is left out of lists and answers 404 by id; break-the-
 * glass grants read access for 60 minutes, with a marked audit row the patient sees and an entry in the
 * administrators' alert list.
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
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import type { Caller } from './auth';
import type { AuditDetail, RouteImpls } from './route';
import type { MockStore } from './store';

const notFound = () => fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);

/** Who asks, with the §6 role that tells a doctor from a nurse. */
const viewerOf = (caller: Caller): ConfidentialityViewer => ({
  sub: caller.user.sub,
  role: caller.knowledgeRole,
});

/** The facts the rules read. */
export const factsOf = (store: MockStore): CareFacts => ({
  assignments: store.careTeam,
  appointments: store.appointments,
  users: store.users,
  grants: store.emergencyGrants,
});

/** The records of a list the caller may read at their level; the rest are left out, uncounted. */
export function readableRecords(store: MockStore, caller: Caller, records: readonly MedicalRecord[]) {
  const viewer = viewerOf(caller);
  const facts = factsOf(store);
  return records.filter((record) => recordReadBasis(record, viewer, facts, store.now) !== 'denied');
}

/** One record: 404 above the caller's relationship to the patient; an emergency read says so in the audit. */
export function checkRecordRead(
  store: MockStore,
  caller: Caller,
  record: MedicalRecord,
  audit: (detail: AuditDetail) => void,
): Result<ReadBasis> {
  const basis = recordReadBasis(record, viewerOf(caller), factsOf(store), store.now);
  if (basis === 'denied') {
    audit({ reason: `record is ${record.confidentialityLevel}: no care relationship (confidentiality)` });
    return notFound();
  }
  if (basis === 'emergency') audit({ reason: emergencyReadAuditReason });
  return ok(basis);
}

/** A change of `confidentialityLevel`: who may, and a downgrade's reason. Answers the audit reason. */
export function checkLevelChange(
  store: MockStore,
  caller: Caller,
  record: MedicalRecord,
  body: {
    readonly confidentialityLevel?: ConfidentialityLevel | undefined;
    readonly reason?: string | undefined;
  },
): Result<string | undefined> {
  const to = body.confidentialityLevel;
  if (to === undefined || to === record.confidentialityLevel) return ok(undefined);
  const decided = decideLevelChange(record, to, body.reason, viewerOf(caller), factsOf(store), store.now);
  if (!decided.ok) return decided;
  return ok(levelChangeAuditReason(record.confidentialityLevel, to, decided.value, body.reason));
}

/** The audit reason of a record update, marked as break-the-glass when only a live grant allowed it. */
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

export const confidentialityRoutes = {
  createEmergencyAccess: ({ store, caller, params, body, audit }) => {
    const allowed = canUseEmergencyAccess(viewerOf(caller));
    if (!allowed.ok) return allowed;
    // The patient's account id, or a display id of exactly one patient account (a shared one is 409).
    const patient = emergencyPatientOf(params.id, store.users);
    if (!patient.ok) {
      const shared = patient.error.code === 'conflict';
      audit({
        reason: `${EMERGENCY_AUDIT_MARK}: ${shared ? 'patient id of several patients' : 'no patient with this id'}`,
      });
      return shared ? patient : notFound();
    }
    audit({ patientId: patientIdFor(patient.value), reason: `${EMERGENCY_AUDIT_MARK}: refused` });
    const decided = decideEmergencyAccess(
      viewerOf(caller),
      patient.value,
      body.reason,
      factsOf(store),
      store.now,
      store.nextId('eg'),
    );
    if (!decided.ok) {
      audit({ reason: `${EMERGENCY_AUDIT_MARK}: refused: ${decided.error.message}` });
      return decided;
    }
    store.emergencyGrants.push(decided.value);
    audit({ resourceId: decided.value.id, reason: emergencyGrantAuditReason(decided.value) });
    return ok(decided.value);
  },

  listEmergencyAccess: ({ store, audit }) => {
    const grants = [...store.emergencyGrants].reverse();
    audit({ reason: `emergency access grants: ${grants.length}` });
    return ok({ items: grants });
  },
} satisfies Partial<RouteImpls>;
