/**
 * Record confidentiality in the store (REQ-rec-confidentiality): the care-team assignments (which doctor is
 * assigned to which patient) and the break-the-glass grants, both keyed on the patient's account id (migration
 * 0008), never the display patient id two accounts may share. Kept beside `operations` so the entity
 * operations stay as they are; `operations` spreads these into every transaction.
 */
import { patientIdFor, type CareTeamAssignment, type EmergencyGrant } from '@sentinel/domain';
import { DuplicateIdError } from './errors';
import { arg, prepare, type Runner } from './queries';
import type { StoreTx } from './types';

type ConfidentialityTx = Pick<
  StoreTx,
  'listCareTeam' | 'insertCareTeamAssignment' | 'listEmergencyGrants' | 'insertEmergencyGrant'
>;

const GRANT_COLUMNS = ['id', 'owner_id', 'clinician_sub', 'reason', 'granted_at', 'expires_at'] as const;

const Q = {
  listCareTeam: prepare((db) =>
    db
      .selectFrom('care_team')
      .select(['owner_id', 'clinician_sub'])
      .orderBy('owner_id')
      .orderBy('clinician_sub'),
  ),
  listCareTeamOf: prepare((db) =>
    db
      .selectFrom('care_team')
      .select(['owner_id', 'clinician_sub'])
      .where('owner_id', '=', arg(0))
      .orderBy('clinician_sub'),
  ),
  insertCareTeam: prepare((db) =>
    db
      .insertInto('care_team')
      .values({ owner_id: arg(0), clinician_sub: arg(1) })
      .onConflict((oc) => oc.doNothing()),
  ),
  listGrantsAll: prepare((db) => db.selectFrom('emergency_access').select(GRANT_COLUMNS).orderBy('seq')),
  listGrantsOf: prepare((db) =>
    db
      .selectFrom('emergency_access')
      .select(GRANT_COLUMNS)
      .where('clinician_sub', '=', arg(0))
      .orderBy('seq'),
  ),
  insertGrant: prepare((db) =>
    db
      .insertInto('emergency_access')
      .values({
        id: arg(0),
        owner_id: arg(1),
        clinician_sub: arg(2),
        reason: arg(3),
        granted_at: arg(4),
        expires_at: arg(5),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
  ),
};

const grantOf = (row: {
  id: string;
  owner_id: string;
  clinician_sub: string;
  reason: string;
  granted_at: string;
  expires_at: string;
}): EmergencyGrant => ({
  id: row.id,
  ownerId: row.owner_id,
  patientId: patientIdFor(row.owner_id),
  clinicianSub: row.clinician_sub,
  reason: row.reason,
  grantedAt: row.granted_at,
  expiresAt: row.expires_at,
});

export function confidentialityOperations(run: Runner): ConfidentialityTx {
  return {
    async listCareTeam(ownerId?: string) {
      const rows =
        ownerId === undefined
          ? await run.rows(Q.listCareTeam, [])
          : await run.rows(Q.listCareTeamOf, [ownerId]);
      return rows.map((row): CareTeamAssignment => ({
        ownerId: row.owner_id,
        clinicianSub: row.clinician_sub,
      }));
    },

    async insertCareTeamAssignment(assignment) {
      await run.changes(Q.insertCareTeam, [assignment.ownerId, assignment.clinicianSub]);
    },

    async listEmergencyGrants(clinicianSub) {
      const rows =
        clinicianSub === undefined
          ? await run.rows(Q.listGrantsAll, [])
          : await run.rows(Q.listGrantsOf, [clinicianSub]);
      return rows.map(grantOf);
    },

    async insertEmergencyGrant(grant) {
      const inserted = await run.rows(Q.insertGrant, [
        grant.id,
        grant.ownerId,
        grant.clinicianSub,
        grant.reason,
        grant.grantedAt,
        grant.expiresAt,
      ]);
      if (inserted.length === 0) throw new DuplicateIdError('emergency_access', grant.id);
    },
  };
}
