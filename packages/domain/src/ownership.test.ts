import { describe, expect, it } from 'vitest';
import { patientIdFor } from './auth';
import {
  OWNERSHIP_TEXTS,
  canOpenRecord,
  isOwnItem,
  ownerPatientIdOf,
  redactForViewer,
  resolveItemOwner,
  visibleTo,
} from './ownership';
import { PERMISSION_ALERTS } from './texts';

const JANE_SUB = 'auth0|sentinel-patient-000001';
/** A second patient with Jane's name: nothing but the account tells them apart. */
const OTHER_JANE_SUB = 'auth0|sentinel-patient-000101';
const jane = {
  role: 'patient' as const,
  sub: JANE_SUB,
  email: 'jane.doe@example.com',
  name: 'Jane Doe',
  patient_id: 'P-000001',
  permissions: ['read:profile'],
};
const doctor = {
  role: 'doctor' as const,
  sub: 'auth0|sentinel-doctor-000003',
  permissions: ['read:patients'],
};
const items = [
  {
    id: 'own',
    ownerId: JANE_SUB,
    patientEmail: 'jane.doe@example.com',
    patientName: 'Jane Doe',
    patientId: 'P-000001',
  },
  {
    id: 'namesake',
    ownerId: OTHER_JANE_SUB,
    patientEmail: 'jane.doe2@example.com',
    patientName: 'Jane Doe',
    patientId: 'P-000101',
  },
  {
    id: 'carries-her-email',
    ownerId: 'auth0|sentinel-patient-000002',
    patientEmail: 'JANE.DOE@example.com',
    patientName: 'John Roe',
    patientId: 'P-000001',
  },
  { id: 'no-owner', patientEmail: 'jane.doe@example.com', patientName: 'Jane Doe', patientId: 'P-000001' },
];

describe('patients see only their own data (REQ-access-patient-own)', () => {
  it('matches own items by the owner account alone, never by e-mail, name or patient id', () => {
    expect(visibleTo(items, jane).map((i) => i.id)).toEqual(['own']);
  });
  it('gives an item without owner to no patient', () => {
    expect(isOwnItem({}, jane)).toBe(false);
    expect(isOwnItem({ ownerId: '' }, { sub: '' })).toBe(false);
  });
  it('lets doctors and admins see every item', () => {
    expect(visibleTo(items, doctor)).toHaveLength(4);
  });
  it("blanks patient names for a patient viewer so another patient's name never shows", () => {
    expect(redactForViewer(items[2]!, jane).patientName).toBe('');
    expect(redactForViewer(items[2]!, doctor).patientName).toBe('John Roe');
  });
});

describe('record opening (REQ-rec-open-own)', () => {
  it('lets a patient open a record they own', () => {
    expect(canOpenRecord({ ownerId: JANE_SUB }, jane).ok).toBe(true);
  });
  it("refuses a namesake's record, and one owned by nobody, with the spec's alert", () => {
    for (const record of [{ ownerId: OTHER_JANE_SUB }, {}]) {
      const r = canOpenRecord(record, jane);
      expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.ownRecordsOnly);
    }
  });
  it('lets anyone holding read:patients open any record', () => {
    expect(canOpenRecord({ ownerId: OTHER_JANE_SUB }, doctor).ok).toBe(true);
  });
});

describe('the patient an audit row names', () => {
  it('is the patient id of the owner account, whatever patient id the item carries', () => {
    expect(ownerPatientIdOf(items[2]!)).toBe('P-000002');
    expect(ownerPatientIdOf(items[1]!)).toBe(patientIdFor(OTHER_JANE_SUB));
  });
  it('is nobody for an item without owner', () => {
    expect(ownerPatientIdOf(items[3]!)).toBeNull();
  });
});

describe('the owner of a new item', () => {
  const account = {
    id: OTHER_JANE_SUB,
    name: 'Jane Doe',
    email: 'jane.doe2@example.com',
    role: 'patient' as const,
    status: 'active' as const,
  };
  const refusal = (result: ReturnType<typeof resolveItemOwner>) =>
    result.ok ? undefined : { code: result.error.code, message: result.error.message };

  it('is the patient account with the e-mail, whose name and patient id fill the item', () => {
    expect(resolveItemOwner({ patientEmail: ' Jane.Doe2@example.com ' }, account)).toStrictEqual({
      ok: true,
      value: {
        ownerId: OTHER_JANE_SUB,
        patientEmail: 'jane.doe2@example.com',
        patientName: 'Jane Doe',
        patientId: 'P-000101',
      },
    });
  });
  it('accepts a name and patient id that are the account’s, in any case', () => {
    const owner = resolveItemOwner(
      { patientEmail: account.email, patientName: ' jane doe ', patientId: 'p-000101' },
      account,
    );
    expect(owner.ok && owner.value.ownerId).toBe(OTHER_JANE_SUB);
  });
  it('refuses a name or patient id of anyone else', () => {
    expect(
      refusal(resolveItemOwner({ patientEmail: account.email, patientName: 'John Roe' }, account)),
    ).toStrictEqual({
      code: 'invalid_input',
      message: OWNERSHIP_TEXTS.nameMismatch,
    });
    expect(
      refusal(resolveItemOwner({ patientEmail: account.email, patientId: 'P-000001' }, account)),
    ).toStrictEqual({
      code: 'invalid_input',
      message: OWNERSHIP_TEXTS.patientIdMismatch,
    });
  });
  it('refuses an e-mail of no account, of a staff account, of an account not active, or another’s account', () => {
    const unknown = { code: 'invalid_input', message: OWNERSHIP_TEXTS.unknownPatient };
    expect(refusal(resolveItemOwner({ patientEmail: 'nobody@example.com' }, undefined))).toStrictEqual(
      unknown,
    );
    expect(refusal(resolveItemOwner({ patientEmail: '' }, undefined))).toStrictEqual(unknown);
    expect(
      refusal(resolveItemOwner({ patientEmail: account.email }, { ...account, role: 'doctor' })),
    ).toStrictEqual(unknown);
    expect(
      refusal(resolveItemOwner({ patientEmail: account.email }, { ...account, status: 'suspended' })),
    ).toStrictEqual(unknown);
    expect(refusal(resolveItemOwner({ patientEmail: 'jane.doe@example.com' }, account))).toStrictEqual(
      unknown,
    );
  });
});
