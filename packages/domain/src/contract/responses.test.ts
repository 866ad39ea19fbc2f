import { describe, expect, it } from 'vitest';
import type { MedicalRecord } from '../entities';
import { redactForViewer } from '../ownership';
import { AuditEventSchema } from './audit';
import {
  AssistantStatusResponseSchema,
  FgaSamplesResponseSchema,
  KnowledgeListItemSchema,
  ManagedUserResponseSchema,
  MedicalRecordResponseSchema,
  NoContentSchema,
  PrescriptionResponseSchema,
} from './responses';

const janesRecord: MedicalRecord = {
  id: 'rec-1001',
  recordType: 'lab-result',
  title: 'HbA1c panel',
  description: 'HbA1c 6.9%, fasting glucose 128 mg/dL.',
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  patientId: 'P-100001',
  doctor: 'Dr. Alice Smith',
  date: '2026-07-01',
  status: 'active',
  confidentialityLevel: 'normal',
  vitals: { bloodPressure: '128/82', heartRate: 72 },
};

const auditRow = {
  id: 'aud-1',
  timestamp: '2026-07-21T09:30:00.000Z',
  actorSub: 'auth0|doctor-alice',
  actorRole: 'doctor',
  action: 'read',
  resourceType: 'record',
  resourceId: 'rec-1001',
  patientId: 'P-000001',
  outcome: 'allowed',
  reason: 'read:patients',
} as const;

describe('record and prescription answers', () => {
  it("a record redacted for a patient viewer (patientName '') is still a valid answer", () => {
    const redacted = redactForViewer(janesRecord, { role: 'patient' });
    expect(redacted.patientName).toBe('');
    expect(MedicalRecordResponseSchema.safeParse(redacted).success).toBe(true);
  });

  it('a record answer with a field the contract does not name is refused', () => {
    expect(MedicalRecordResponseSchema.safeParse({ ...janesRecord, ssn: '123-45-6789' }).success).toBe(false);
    expect(
      MedicalRecordResponseSchema.safeParse({ ...janesRecord, vitals: { heartRate: 72, spo2: 98 } }).success,
    ).toBe(false);
  });

  it('a prescription answer with more refills used than the schema allows is refused', () => {
    const rx = {
      id: 'rx-1',
      patientName: '',
      patientEmail: 'jane.doe@example.com',
      patientId: 'P-100001',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '30 days',
      instructions: 'Take with meals.',
      prescribedBy: 'Dr. Alice Smith',
      prescribedDate: '2026-07-01',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      status: 'active',
      refillsAllowed: 3,
      refillsUsed: 1,
      sideEffects: ['Nausea'],
      interactions: [],
    };
    expect(PrescriptionResponseSchema.safeParse(rx).success).toBe(true);
    expect(PrescriptionResponseSchema.safeParse({ ...rx, refillsUsed: 11 }).success).toBe(false);
  });

  it('a managed-user answer never carries a password hash', () => {
    const user = {
      id: '1721550000000',
      name: 'Nora Nurse',
      email: 'nora.nurse@example.com',
      role: 'nurse',
      lastLogin: '2026-07-20T08:00:00.000Z',
      createdDate: '2026-01-05',
      status: 'active',
      department: '',
      specialization: '',
      phone: '+1 555 0100',
      permissions: ['read:profile'],
    };
    expect(ManagedUserResponseSchema.safeParse(user).success).toBe(true);
    expect(ManagedUserResponseSchema.safeParse({ ...user, passwordHash: '$2b$10$abc' }).success).toBe(false);
  });
});

describe('knowledge answers', () => {
  const item = {
    id: 'metformin',
    title: 'Metformin: Prescribing and Monitoring',
    category: 'medication',
    metadata: {
      accessLevel: ['doctor', 'admin', 'pharmacist'],
      specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
      prescribingAuthority: true,
      sensitivity: 'medium',
      deaSchedule: null,
      patientAccessible: false,
      lastUpdated: '2026-07-20',
    },
    filePath: 'knowledge/docs/metformin.md',
    excerpt: 'Metformin, a biguanide, is a long-standing foundation of type 2 diabetes (T2D) therapy.',
  };

  it('a list item carries an excerpt, never the full content', () => {
    expect(KnowledgeListItemSchema.safeParse(item).success).toBe(true);
    expect(KnowledgeListItemSchema.safeParse({ ...item, content: '# Metformin' }).success).toBe(false);
  });

  it('an excerpt longer than 150 characters is refused (REQ-limit-excerpt)', () => {
    expect(KnowledgeListItemSchema.safeParse({ ...item, excerpt: 'x'.repeat(151) }).success).toBe(false);
  });
});

describe('fine-grained sample answers (REQ-screen-demo-pillars)', () => {
  const answer = { id: 'role', query: 'Can Jane view it?', allowed: false };

  it('carry the question and the outcome, with an optional note', () => {
    expect(FgaSamplesResponseSchema.safeParse({ items: [answer] }).success).toBe(true);
    expect(
      FgaSamplesResponseSchema.safeParse({ items: [{ ...answer, allowed: true, note: 'noted' }] }).success,
    ).toBe(true);
  });

  it('refuse an outcome that is not a boolean and fields the contract does not name', () => {
    expect(FgaSamplesResponseSchema.safeParse({ items: [{ ...answer, allowed: 'no' }] }).success).toBe(false);
    expect(FgaSamplesResponseSchema.safeParse({ items: [{ ...answer, subject: 'auth0|x' }] }).success).toBe(
      false,
    );
  });
});

describe('assistant status and no-content answers', () => {
  it('the model name is optional', () => {
    expect(
      AssistantStatusResponseSchema.safeParse({ available: true, provider: 'demo', demo: true }).success,
    ).toBe(true);
    expect(
      AssistantStatusResponseSchema.safeParse({ available: true, provider: '', demo: true }).success,
    ).toBe(false);
  });

  it('a 204 answer has no body at all', () => {
    expect(NoContentSchema.safeParse(undefined).success).toBe(true);
    expect(NoContentSchema.safeParse({}).success).toBe(false);
  });
});

describe('audit rows', () => {
  it('a row of an allowed read is valid', () => {
    expect(AuditEventSchema.parse(auditRow)).toStrictEqual(auditRow);
  });

  it('a list or search row has no resource id', () => {
    expect(AuditEventSchema.safeParse({ ...auditRow, action: 'list', resourceId: null }).success).toBe(true);
  });

  it('a row with a PHI field such as the patient e-mail is refused', () => {
    expect(AuditEventSchema.safeParse({ ...auditRow, patientEmail: 'jane.doe@example.com' }).success).toBe(
      false,
    );
  });

  it('timestamps are UTC: an offset time is refused', () => {
    expect(AuditEventSchema.safeParse({ ...auditRow, timestamp: '2026-07-21T11:30:00+02:00' }).success).toBe(
      false,
    );
  });

  it('outcome, action and resource type are closed lists', () => {
    expect(AuditEventSchema.safeParse({ ...auditRow, outcome: 'maybe' }).success).toBe(false);
    expect(AuditEventSchema.safeParse({ ...auditRow, action: 'export' }).success).toBe(false);
    expect(AuditEventSchema.safeParse({ ...auditRow, resourceType: 'billing' }).success).toBe(false);
  });

  it('an empty resource id is refused (use null)', () => {
    expect(AuditEventSchema.safeParse({ ...auditRow, resourceId: '' }).success).toBe(false);
  });
});
