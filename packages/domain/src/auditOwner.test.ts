import { describe, expect, it } from 'vitest';
import { soleAccountWithPatientId } from './auditOwner';

describe('the one patient account of a display patient id', () => {
  const jane = { id: 'auth0|sentinel-patient-000001', role: 'patient' };
  const twin = { id: 'google-oauth2|twin-000001', role: 'patient' };
  const doctor = { id: 'auth0|doctor-000001', role: 'doctor' };

  it('is the account whose id ends in its six characters, when only one patient account does', () => {
    expect(soleAccountWithPatientId('P-000001', [jane, doctor])).toBe(jane.id);
  });

  it('is nobody when two patient accounts share it, or none has it', () => {
    expect(soleAccountWithPatientId('P-000001', [jane, twin])).toBeNull();
    expect(soleAccountWithPatientId('P-999999', [jane, twin])).toBeNull();
    expect(soleAccountWithPatientId('P-000001', [doctor])).toBeNull();
  });
});
