/**
 * Record confidentiality in the authorization model (knowledge/fga/model.fga, type `record`): the model, given
 * the tuples `recordCheck` builds from our data, decides exactly as the domain's rules (the data access matrix
 * for patient records, ownership for patients, `canReadRecordLevel` above normal), for every role, level,
 * author, owner and clock reading below.
 */
import { describe, expect, it } from 'vitest';
import { patientIdFor } from '../auth';
import {
  canReadRecordLevel,
  decideEmergencyAccess,
  type CareFacts,
  type ConfidentialityViewer,
} from '../confidentiality';
import { CONFIDENTIALITY_LEVELS, ROLES, type MedicalRecord, type Role } from '../entities';
import { isOwnItem } from '../ownership';
import { DATA_ACCESS_MATRIX } from '../roles';
import { prepareFga } from './check';
import { SENTINEL_FGA_MODEL } from './model';
import { careTeamTuples, recordCheck } from './tuples';

const NOW = new Date('2026-11-02T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const JANE = 'auth0|sentinel-patient-000001';
const JOHN = 'auth0|sentinel-patient-000002';
const ALICE = 'auth0|sentinel-doctor-000101';
const BEN = 'auth0|sentinel-doctor-000102';
const PRIYA = 'auth0|sentinel-doctor-000103';
/** A patient account whose id ends like Jane's: the same display patient id, another patient. */
const TWIN = 'google-oauth2|twin-000001';

const users: CareFacts['users'] = [
  { id: JANE, name: 'Jane Doe', email: 'jane.doe@example.com', role: 'patient' },
  { id: JOHN, name: 'John Roe', email: 'john.roe@example.com', role: 'patient' },
  { id: TWIN, name: 'Toni Twin', email: 'toni.twin@example.com', role: 'patient' },
  { id: ALICE, name: 'Dr. Alice Smith', email: 'alice@example.com', role: 'doctor' },
  { id: BEN, name: 'Dr. Ben Carter', email: 'ben@example.com', role: 'doctor' },
  { id: PRIYA, name: 'Dr. Priya Patel', email: 'priya@example.com', role: 'doctor' },
  { id: 'auth0|nurse', name: 'Nora Nurse', email: 'nora@example.com', role: 'nurse' },
];

const base: CareFacts = {
  assignments: [
    { ownerId: JANE, clinicianSub: ALICE },
    { ownerId: JOHN, clinicianSub: BEN },
  ],
  appointments: [
    { ownerId: JANE, doctorName: 'Dr. Ben Carter', status: 'scheduled' },
    { ownerId: JOHN, doctorName: 'Dr. Priya Patel', status: 'cancelled' },
  ],
  users,
  grants: [],
};
const grant = decideEmergencyAccess(
  { sub: PRIYA, role: 'doctor' },
  JANE,
  'Unconscious in the emergency room',
  base,
  NOW,
  'eg-1',
);
if (!grant.ok) throw new Error(grant.error.message);
const withGrant: CareFacts = { ...base, grants: [grant.value] };

type Viewer = ConfidentialityViewer & { specializations: string[]; patientId?: string };
const viewerOf = (sub: string, role: Role): Viewer =>
  role === 'patient'
    ? { sub, role, specializations: [], patientId: patientIdFor(sub) }
    : { sub, role, specializations: [] };

/** Every role as a stranger, the two patients, the three doctors, and a doctor's account seen as a nurse. */
const VIEWERS: Viewer[] = [
  ...ROLES.map((role) => viewerOf(`auth0|someone-${role}`, role)),
  viewerOf(JANE, 'patient'),
  viewerOf(JOHN, 'patient'),
  viewerOf(TWIN, 'patient'),
  viewerOf(ALICE, 'doctor'),
  viewerOf(BEN, 'doctor'),
  viewerOf(PRIYA, 'doctor'),
  viewerOf(ALICE, 'nurse'),
];

const RECORDS: Pick<MedicalRecord, 'id' | 'ownerId' | 'doctor' | 'confidentialityLevel'>[] = [];
for (const confidentialityLevel of CONFIDENTIALITY_LEVELS) {
  for (const doctor of ['Dr. Alice Smith', 'Dr. Priya Patel', 'Nora Nurse', '']) {
    for (const ownerId of [JANE, JOHN, TWIN, undefined]) {
      RECORDS.push({
        id: `rec-${RECORDS.length + 1}`,
        doctor,
        confidentialityLevel,
        ...(ownerId ? { ownerId } : {}),
      });
    }
  }
}

const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);
const modelSays = (viewer: Viewer, record: (typeof RECORDS)[number], facts: CareFacts, now: Date) => {
  const result = evaluate(recordCheck(viewer, record, facts, now));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const rulesSay = (viewer: Viewer, record: (typeof RECORDS)[number], facts: CareFacts, now: Date) => {
  const matrix =
    viewer.role === 'patient'
      ? isOwnItem(record, viewer)
      : DATA_ACCESS_MATRIX.patient_records.read.includes(viewer.role);
  return matrix && canReadRecordLevel(record, viewer, facts, now);
};

describe('record confidentiality in the authorization model', () => {
  it.each([
    ['no grant', base, NOW],
    ['a live grant', withGrant, at(30)],
    ['a grant just expired', withGrant, at(60)],
    ['a grant not started yet', withGrant, at(-1)],
  ] as const)('decides as the domain rules for every viewer and record, with %s', (_, facts, now) => {
    let granted = 0;
    for (const viewer of VIEWERS) {
      for (const record of RECORDS) {
        const expected = rulesSay(viewer, record, facts, now);
        expect(
          modelSays(viewer, record, facts, now),
          `${viewer.sub} as ${viewer.role} on ${JSON.stringify(record)}`,
        ).toBe(expected);
        if (expected) granted += 1;
      }
    }
    // The comparison means something only if both answers occur.
    expect(granted).toBeGreaterThan(0);
    expect(granted).toBeLessThan(VIEWERS.length * RECORDS.length);
  });

  it('lets the emergency doctor read Jane’s restricted record only while the grant is live', () => {
    const restricted = {
      id: 'rec-x',
      ownerId: JANE,
      doctor: 'Dr. Alice Smith',
      confidentialityLevel: 'restricted' as const,
    };
    const priya = viewerOf(PRIYA, 'doctor');
    expect(modelSays(priya, restricted, base, NOW)).toBe(false);
    expect(modelSays(priya, restricted, withGrant, at(59))).toBe(true);
    expect(modelSays(priya, restricted, withGrant, at(60))).toBe(false);
  });

  it('builds an emergency tuple only for a live grant, and none for a cancelled appointment', () => {
    const live = careTeamTuples(JANE, withGrant, at(1)).map((t) => t.relation);
    expect(live).toContain('emergency_access');
    expect(careTeamTuples(JANE, withGrant, at(61)).map((t) => t.relation)).not.toContain('emergency_access');
    const john = careTeamTuples(JOHN, base, NOW);
    expect(john.filter((t) => t.relation === 'appointment_clinician')).toEqual([]);
  });

  it('keys the care team on the owner account: Jane’s doctors and grants count for no twin account', () => {
    expect(patientIdFor(TWIN)).toBe(patientIdFor(JANE));
    const twinsRecord = {
      id: 'rec-t',
      ownerId: TWIN,
      doctor: '',
      confidentialityLevel: 'sensitive' as const,
    };
    expect(modelSays(viewerOf(ALICE, 'doctor'), twinsRecord, base, NOW)).toBe(false);
    expect(modelSays(viewerOf(BEN, 'doctor'), twinsRecord, base, NOW)).toBe(false);
    expect(modelSays(viewerOf(PRIYA, 'doctor'), twinsRecord, withGrant, at(1))).toBe(false);
    expect(modelSays(viewerOf(TWIN, 'patient'), twinsRecord, base, NOW)).toBe(true);
    expect(modelSays(viewerOf(JANE, 'patient'), twinsRecord, base, NOW)).toBe(false);
  });
});
