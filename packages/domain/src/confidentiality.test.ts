import { describe, expect, it } from 'vitest';
import {
  CONFIDENTIALITY_TEXTS,
  EMERGENCY_ACCESS_MINUTES,
  EmergencyGrantSchema,
  careRelationship,
  canReadRecordLevel,
  decideEmergencyAccess,
  emergencyPatientOf,
  decideLevelChange,
  doctorAccountOf,
  emergencyGrantAuditReason,
  isEmergencyAuditReason,
  isGrantLive,
  levelChangeAuditReason,
  recordReadBasis,
  type CareFacts,
  type ConfidentialityViewer,
} from './confidentiality';
import type { MedicalRecord } from './entities';

const NOW = new Date('2026-11-02T10:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const ALICE = 'auth0|sentinel-doctor-000101';
const BEN = 'auth0|sentinel-doctor-000102';
const PRIYA = 'auth0|sentinel-doctor-000103';
const JANE_SUB = 'auth0|sentinel-patient-000001';
const JANE_ID = 'P-000001';

const users: CareFacts['users'] = [
  { id: 'auth0|sentinel-patient-000001', name: 'Jane Doe', email: 'jane.doe@example.com', role: 'patient' },
  { id: 'auth0|sentinel-patient-000002', name: 'John Roe', email: 'john.roe@example.com', role: 'patient' },
  { id: ALICE, name: 'Dr. Alice Smith', email: 'alice@example.com', role: 'doctor' },
  { id: BEN, name: 'Dr. Ben Carter', email: 'ben@example.com', role: 'doctor' },
  { id: PRIYA, name: 'Dr. Priya Patel', email: 'priya@example.com', role: 'doctor' },
  { id: 'auth0|sentinel-nurse-000301', name: 'Nora Nurse', email: 'nora@example.com', role: 'nurse' },
  { id: 'auth0|sentinel-admin-000201', name: 'Sam Admin', email: 'sam@example.com', role: 'admin' },
];

/** Jane: assigned to Alice; a scheduled appointment with Ben; a cancelled one with Priya. */
const facts: CareFacts = {
  assignments: [{ ownerId: JANE_SUB, clinicianSub: ALICE }],
  appointments: [
    { ownerId: JANE_SUB, doctorName: 'Dr. Ben Carter', status: 'scheduled' },
    { ownerId: JANE_SUB, doctorName: 'Dr. Priya Patel', status: 'cancelled' },
  ],
  users,
  grants: [],
};

const record = (level: MedicalRecord['confidentialityLevel'], doctor = 'Dr. Alice Smith') => ({
  ownerId: JANE_SUB,
  doctor,
  confidentialityLevel: level,
});
const doctor = (sub: string): ConfidentialityViewer => ({ sub, role: 'doctor' });

const grantFor = (sub: string, at: Date = NOW) => {
  const decided = decideEmergencyAccess(
    doctor(sub),
    JANE_SUB,
    'Unconscious in the emergency room',
    facts,
    at,
    'eg-1',
  );
  if (!decided.ok) throw new Error(decided.error.message);
  return decided.value;
};

describe('who a doctor name stands for', () => {
  it('is the one doctor account with that name, compared trimmed and case-insensitive', () => {
    expect(doctorAccountOf('  dr. ben carter ', users)).toBe(BEN);
  });

  it('is nobody when two accounts share the name, or the name is a non-doctor’s or empty', () => {
    const twin = {
      id: 'auth0|twin',
      name: 'Dr. Ben Carter',
      email: 'twin@example.com',
      role: 'doctor' as const,
    };
    expect(doctorAccountOf('Dr. Ben Carter', [...users, twin])).toBeUndefined();
    expect(doctorAccountOf('Sam Admin', users)).toBeUndefined();
    expect(doctorAccountOf('', users)).toBeUndefined();
  });
});

describe('the care relationship', () => {
  it('counts assignments, and appointments that are not cancelled', () => {
    expect(careRelationship(ALICE, JANE_SUB, facts, NOW)).toEqual({
      assigned: true,
      appointment: false,
      emergency: false,
    });
    expect(careRelationship(BEN, JANE_SUB, facts, NOW).appointment).toBe(true);
    expect(careRelationship(PRIYA, JANE_SUB, facts, NOW)).toEqual({
      assigned: false,
      appointment: false,
      emergency: false,
    });
  });

  it('never relates anyone to a record without owner: only its author reads it above normal', () => {
    expect(careRelationship(ALICE, '', facts, NOW).assigned).toBe(false);
    const unowned = { doctor: 'Dr. Priya Patel', confidentialityLevel: 'restricted' as const };
    expect(canReadRecordLevel(unowned, doctor(ALICE), facts, NOW)).toBe(false);
    expect(canReadRecordLevel(unowned, doctor(PRIYA), facts, NOW)).toBe(true);
  });

  it('follows the owner account, never the patient id typed into the record', () => {
    const typed = {
      ...record('restricted', 'Dr. Priya Patel'),
      ownerId: 'auth0|sentinel-patient-000002',
      patientId: JANE_ID,
    };
    expect(canReadRecordLevel(typed, doctor(ALICE), facts, NOW)).toBe(false);
  });

  it('is keyed on the account id: Jane’s doctors and grants count for no account sharing her patient id', () => {
    const twin = 'google-oauth2|twin-000001';
    const twins = { ...record('sensitive', 'Dr. Someone Else'), ownerId: twin };
    const withGrant: CareFacts = { ...facts, grants: [grantFor(PRIYA)] };
    expect(careRelationship(ALICE, twin, withGrant, NOW)).toEqual({
      assigned: false,
      appointment: false,
      emergency: false,
    });
    expect(careRelationship(BEN, twin, withGrant, NOW).appointment).toBe(false);
    expect(careRelationship(PRIYA, twin, withGrant, NOW).emergency).toBe(false);
    expect(canReadRecordLevel(twins, doctor(ALICE), withGrant, NOW)).toBe(false);
    expect(canReadRecordLevel(twins, doctor(PRIYA), withGrant, NOW)).toBe(false);
  });
});

describe('the patient a break-the-glass id names', () => {
  const twin = { id: 'google-oauth2|twin-000001', role: 'patient' as const };
  it('takes a patient’s account id as it is', () => {
    expect(emergencyPatientOf(JANE_SUB, [...users, twin])).toEqual({ ok: true, value: JANE_SUB });
  });

  it('takes a display id exactly one patient account has', () => {
    expect(emergencyPatientOf(JANE_ID, users)).toEqual({ ok: true, value: JANE_SUB });
  });

  it('refuses a display id two patient accounts share (409), never picking the first', () => {
    const decided = emergencyPatientOf(JANE_ID, [...users, twin]);
    expect(decided.ok).toBe(false);
    if (!decided.ok) {
      expect(decided.error.code).toBe('conflict');
      expect(decided.error.message).toBe(CONFIDENTIALITY_TEXTS.emergencyPatientAmbiguous);
    }
  });

  it('finds no patient for a staff account id or an unknown id (404)', () => {
    for (const id of [ALICE, 'P-999999', 'auth0|nobody']) {
      const decided = emergencyPatientOf(id, users);
      expect(decided.ok ? decided.value : decided.error.code).toBe('not_found');
    }
  });
});

describe('reading a record at its confidentiality level', () => {
  it('leaves normal records to the other rules, for every role', () => {
    for (const role of ['doctor', 'nurse', 'admin', 'pharmacist'] as const) {
      expect(canReadRecordLevel(record('normal'), { sub: 'x', role }, facts, NOW)).toBe(true);
    }
  });

  it('lets the patient read their own records at every level', () => {
    expect(recordReadBasis(record('restricted'), { sub: 'p', role: 'patient' }, facts, NOW)).toBe('patient');
  });

  it('lets the author, the assigned doctors and the appointment doctors read a sensitive record', () => {
    expect(recordReadBasis(record('sensitive'), doctor(ALICE), facts, NOW)).toBe('author');
    expect(recordReadBasis(record('sensitive', 'Dr. Priya Patel'), doctor(ALICE), facts, NOW)).toBe(
      'assigned',
    );
    expect(recordReadBasis(record('sensitive'), doctor(BEN), facts, NOW)).toBe('appointment');
    expect(canReadRecordLevel(record('sensitive'), doctor(PRIYA), facts, NOW)).toBe(false);
  });

  it('keeps a restricted record to its author and the assigned doctors', () => {
    expect(canReadRecordLevel(record('restricted', 'Dr. Priya Patel'), doctor(PRIYA), facts, NOW)).toBe(true);
    expect(canReadRecordLevel(record('restricted', 'Dr. Priya Patel'), doctor(ALICE), facts, NOW)).toBe(true);
    expect(canReadRecordLevel(record('restricted'), doctor(BEN), facts, NOW)).toBe(false);
  });

  it('never lets nurses or administrators read sensitive or restricted records', () => {
    for (const role of ['nurse', 'admin'] as const) {
      for (const level of ['sensitive', 'restricted'] as const) {
        expect(canReadRecordLevel(record(level), { sub: ALICE, role }, facts, NOW)).toBe(false);
      }
    }
  });

  it('does not make a doctor an author through a name another account shares', () => {
    const twin = {
      id: 'auth0|twin',
      name: 'Dr. Alice Smith',
      email: 'twin@example.com',
      role: 'doctor' as const,
    };
    const shared = { ...facts, users: [...users, twin], assignments: [] };
    expect(canReadRecordLevel(record('restricted'), doctor('auth0|twin'), shared, NOW)).toBe(false);
  });
});

describe('break-the-glass', () => {
  it('gives a doctor outside the team read access for 60 minutes, and not a moment longer', () => {
    const grant = grantFor(PRIYA);
    expect(EmergencyGrantSchema.parse(grant)).toEqual(grant);
    expect([grant.ownerId, grant.patientId]).toEqual([JANE_SUB, JANE_ID]);
    expect(grant.expiresAt).toBe(minutes(EMERGENCY_ACCESS_MINUTES).toISOString());
    const withGrant = { ...facts, grants: [grant] };
    const restricted = record('restricted');
    expect(recordReadBasis(restricted, doctor(PRIYA), withGrant, minutes(59))).toBe('emergency');
    expect(canReadRecordLevel(restricted, doctor(PRIYA), withGrant, minutes(60))).toBe(false);
    expect(canReadRecordLevel(restricted, doctor(PRIYA), withGrant, minutes(-1))).toBe(false);
    expect(isGrantLive(grant, minutes(60))).toBe(false);
  });

  it('reaches only the patient of the grant, and only the doctor who asked', () => {
    const withGrant = { ...facts, grants: [grantFor(PRIYA)] };
    expect(
      canReadRecordLevel(
        { ...record('restricted'), ownerId: 'auth0|sentinel-patient-000002' },
        doctor(PRIYA),
        withGrant,
        NOW,
      ),
    ).toBe(false);
    expect(canReadRecordLevel(record('restricted'), doctor(BEN), withGrant, NOW)).toBe(false);
  });

  it('lets a doctor on the team only by appointment open restricted records with it', () => {
    expect(
      decideEmergencyAccess(doctor(BEN), JANE_SUB, 'Needs the full history now', facts, NOW, 'eg-2').ok,
    ).toBe(true);
  });

  it('is for doctors only, and an assigned doctor needs none', () => {
    const nurse = decideEmergencyAccess(
      { sub: 'n', role: 'nurse' },
      JANE_SUB,
      'A long enough reason',
      facts,
      NOW,
      'x',
    );
    expect(nurse).toEqual({
      ok: false,
      error: { code: 'forbidden', message: CONFIDENTIALITY_TEXTS.emergencyDoctorsOnly },
    });
    const assigned = decideEmergencyAccess(doctor(ALICE), JANE_SUB, 'A long enough reason', facts, NOW, 'x');
    expect(assigned.ok ? undefined : assigned.error.code).toBe('conflict');
  });

  it('marks its audit reason so the patient and the administrators can single it out', () => {
    const reason = emergencyGrantAuditReason(grantFor(PRIYA));
    expect(isEmergencyAuditReason(reason)).toBe(true);
    expect(reason).toContain('Unconscious in the emergency room');
    expect(isEmergencyAuditReason('allowed')).toBe(false);
  });
});

describe('changing a record’s confidentiality', () => {
  it('lets the author set any level, a downgrade with a reason only', () => {
    expect(decideLevelChange(record('normal'), 'restricted', undefined, doctor(ALICE), facts, NOW)).toEqual({
      ok: true,
      value: 'upgrade',
    });
    const silent = decideLevelChange(record('restricted'), 'normal', undefined, doctor(ALICE), facts, NOW);
    expect(silent.ok ? undefined : silent.error).toEqual({
      code: 'invalid_input',
      message: CONFIDENTIALITY_TEXTS.reasonRequired,
      fields: { reason: CONFIDENTIALITY_TEXTS.reasonRequired },
    });
    const short = decideLevelChange(record('restricted'), 'normal', ' too short ', doctor(ALICE), facts, NOW);
    expect(short.ok).toBe(false);
    expect(
      decideLevelChange(
        record('restricted'),
        'normal',
        'Patient asked to share it',
        doctor(ALICE),
        facts,
        NOW,
      ),
    ).toEqual({ ok: true, value: 'downgrade' });
  });

  it('lets the care team move a record between normal and sensitive, never restricted', () => {
    const authoredByPriya = (level: MedicalRecord['confidentialityLevel']) =>
      record(level, 'Dr. Priya Patel');
    expect(
      decideLevelChange(authoredByPriya('normal'), 'sensitive', undefined, doctor(BEN), facts, NOW).ok,
    ).toBe(true);
    for (const [from, to] of [
      ['sensitive', 'restricted'],
      ['restricted', 'sensitive'],
    ] as const) {
      const refused = decideLevelChange(
        authoredByPriya(from),
        to,
        'A good long reason',
        doctor(ALICE),
        facts,
        NOW,
      );
      expect(refused.ok ? undefined : refused.error.code).toBe('forbidden');
    }
  });

  it('refuses everyone else, emergency access and administrators included', () => {
    const withGrant = { ...facts, grants: [grantFor(PRIYA)] };
    for (const viewer of [doctor(PRIYA), { sub: ALICE, role: 'admin' as const }]) {
      const refused = decideLevelChange(
        record('sensitive'),
        'normal',
        'A good long reason',
        viewer,
        withGrant,
        NOW,
      );
      expect(refused.ok ? undefined : refused.error.code).toBe('forbidden');
    }
  });

  it('needs nothing when the level does not change', () => {
    expect(
      decideLevelChange(record('restricted'), 'restricted', undefined, doctor(PRIYA), facts, NOW),
    ).toEqual({
      ok: true,
      value: 'unchanged',
    });
  });

  it('says in the audit row what changed and why', () => {
    expect(levelChangeAuditReason('restricted', 'normal', 'downgrade', ' Patient asked ')).toBe(
      'confidentiality downgrade restricted -> normal: Patient asked',
    );
    expect(levelChangeAuditReason('normal', 'sensitive', 'upgrade', undefined)).toBe(
      'confidentiality upgrade normal -> sensitive',
    );
  });
});
