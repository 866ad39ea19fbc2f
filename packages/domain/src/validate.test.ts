import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, ok } from './result';
import { parseWith } from './validate';
import {
  AppointmentSchema,
  ChatMessageSchema,
  KnowledgeAccessContextSchema,
  LoginTransactionSchema,
  MedicalRecordSchema,
  NewUserFormSchema,
  TokenCacheEntrySchema,
  VitalsSchema,
} from './entities';

describe('results', () => {
  it('wraps values and errors', () => {
    expect(ok(1)).toEqual({ ok: true, value: 1 });
    expect(fail('x', 'y')).toEqual({ ok: false, error: { code: 'x', message: 'y' } });
    expect(fail('x', 'y', { a: 'b' })).toEqual({
      ok: false,
      error: { code: 'x', message: 'y', fields: { a: 'b' } },
    });
  });
});

describe('parsing outside data', () => {
  it('returns the parsed value', () => {
    expect(parseWith(z.object({ a: z.number() }), { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
  });
  it('names every failing field, and the root when the input is not an object', () => {
    const r = parseWith(
      z.object({ a: z.number(), b: z.object({ c: z.string() }) }),
      { a: 'x', b: {} },
      'thing',
    );
    expect(!r.ok && r.error.fields).toEqual({ a: expect.any(String), 'b.c': expect.any(String) });
    expect(!r.ok && r.error.message).toMatch(/^Invalid thing: a: /);
    const root = parseWith(z.object({}), 'text');
    expect(!root.ok && Object.keys(root.error.fields ?? {})).toEqual(['(root)']);
  });
});

describe('entity schemas (REQ-data)', () => {
  it('default the knowledge access context to patient and family-medicine', () => {
    expect(KnowledgeAccessContextSchema.parse({})).toEqual({
      role: 'patient',
      specializations: ['family-medicine'],
      permissions: [],
    });
  });
  it('default the new-user form role to patient', () => {
    expect(NewUserFormSchema.parse({ name: 'A', email: 'a@example.com' }).role).toBe('patient');
  });
  it('accept an appointment with empty date, time and type, and refuse a malformed time', () => {
    const a = {
      id: '1',
      patientName: '',
      patientEmail: '',
      doctorName: '',
      date: '',
      time: '',
      type: '',
      status: 'scheduled',
      notes: '',
    };
    expect(AppointmentSchema.safeParse(a).success).toBe(true);
    expect(AppointmentSchema.safeParse({ ...a, time: '25:00' }).success).toBe(false);
    expect(AppointmentSchema.safeParse({ ...a, status: 'lost' }).success).toBe(false);
  });
  it('keep vitals within human ranges', () => {
    expect(
      VitalsSchema.safeParse({
        bloodPressure: '120/80',
        heartRate: 72,
        temperature: 98.6,
        weight: 70,
        height: 170,
      }).success,
    ).toBe(true);
    expect(VitalsSchema.safeParse({ bloodPressure: '120-80' }).success).toBe(false);
    expect(VitalsSchema.safeParse({ temperature: 37 }).success).toBe(false);
  });
  it('refuse a record with an unknown type or confidentiality level', () => {
    const rec = {
      id: 'r',
      recordType: 'diagnosis',
      title: 'T',
      description: '',
      patientName: '',
      patientEmail: '',
      patientId: '',
      doctor: '',
      date: '2026-11-02',
      status: 'active',
      confidentialityLevel: 'normal',
    };
    expect(MedicalRecordSchema.safeParse(rec).success).toBe(true);
    expect(MedicalRecordSchema.safeParse({ ...rec, recordType: 'xray' }).success).toBe(false);
    expect(MedicalRecordSchema.safeParse({ ...rec, confidentialityLevel: 'secret' }).success).toBe(false);
  });
  it('require a 43+ character PKCE verifier in a login transaction', () => {
    const t = {
      nonce: 'n',
      code_verifier: 'v'.repeat(43),
      state: 's',
      scope: 'openid',
      audience: 'api',
      redirect_uri: 'http://localhost:5173',
    };
    expect(LoginTransactionSchema.safeParse(t).success).toBe(true);
    expect(LoginTransactionSchema.safeParse({ ...t, code_verifier: 'short' }).success).toBe(false);
  });
  it('parse token cache entries and chat messages', () => {
    expect(
      TokenCacheEntrySchema.safeParse({
        access_token: 'a',
        id_token: 'i',
        scope: 's',
        audience: 'a',
        client_id: 'c',
        expires_in: 60,
        expiresAt: 1,
      }).success,
    ).toBe(true);
    expect(
      ChatMessageSchema.safeParse({ id: '1', role: 'robot', content: '', timestamp: '2026-11-02T14:30:00Z' })
        .success,
    ).toBe(false);
  });
});

it('starts the auth state loading and signed out (REQ-data-auth-state: isLoading starts true)', async () => {
  const { INITIAL_AUTH_STATE, AuthStateSchema } = await import('./entities');
  expect(INITIAL_AUTH_STATE).toEqual({ isAuthenticated: false, isLoading: true });
  expect(AuthStateSchema.safeParse(INITIAL_AUTH_STATE).success).toBe(true);
});
