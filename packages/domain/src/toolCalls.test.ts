import { describe, expect, it } from 'vitest';
import { ASSISTANT_ERRORS, PERMISSION_ALERTS } from './texts';
import type { MedicalRecord } from './entities';
import { SENTINEL_FGA_MODEL, prepareFga } from './fga';
import type { KnowledgeViewer } from './knowledge';
import {
  RECORDS_TOOL_LIMIT,
  TOOL_TEXTS,
  detectToolCall,
  gateToolCall,
  proposalFromDraft,
  readPrescriptionDraft,
  recordReadCheck,
  recordsToolEvent,
  slotTimes,
} from './toolCalls';

const ALL_ON = { tokenVault: true, asyncAuth: true, fga: true };

describe('detectToolCall', () => {
  it.each(['Show my upcoming appointments', 'What is on my calendar?', "What's my schedule next week"])(
    'reads %j as a calendar view',
    (question) => {
      expect(detectToolCall(question)).toStrictEqual({
        tool: 'google_calendar_medical',
        action: 'view_appointments',
      });
    },
  );

  it('reads a booking with a date and time as scheduling that slot (12-hour times become 24-hour)', () => {
    expect(detectToolCall('Please book a follow-up appointment on 2026-12-01 at 2:15 pm')).toStrictEqual({
      tool: 'google_calendar_medical',
      action: 'schedule_appointment',
      slot: { date: '2026-12-01', time: '14:15', title: 'Follow-up' },
    });
  });

  it('schedules without a slot when the date or time is missing or impossible', () => {
    for (const question of [
      'Schedule an appointment with my doctor',
      'Schedule an appointment on 2026-02-30 at 10:00',
      'Schedule an appointment on 2026-12-01 at 25:00',
    ]) {
      expect(detectToolCall(question)).toStrictEqual({
        tool: 'google_calendar_medical',
        action: 'schedule_appointment',
        slot: undefined,
      });
    }
  });

  it('reads records questions as a records read, and a change request as another records action', () => {
    expect(detectToolCall('Show me my medical records')).toStrictEqual({
      tool: 'medical_records_fga',
      action: 'read',
    });
    expect(detectToolCall('What were my latest lab results?')).toStrictEqual({
      tool: 'medical_records_fga',
      action: 'read',
    });
    expect(detectToolCall('Update my medical record with my new weight')).toStrictEqual({
      tool: 'medical_records_fga',
      action: 'update',
    });
  });

  it('reads prescribing with its parts, before any calendar or records words', () => {
    expect(detectToolCall('Prescribe metformin 500 mg twice daily for Jane Doe for 90 days')).toStrictEqual({
      tool: 'prescription_async_auth',
      action: 'prescribe',
      draft: {
        medication: 'Metformin',
        dosage: '500 mg',
        frequency: 'Twice daily',
        duration: '90 days',
        patientName: 'Jane Doe',
      },
    });
  });

  it('reads refill and interaction checks as the prescription actions the spec names but does not support', () => {
    expect(detectToolCall('Can I get a refill of my prescription?')).toStrictEqual({
      tool: 'prescription_async_auth',
      action: 'refill',
    });
    expect(detectToolCall('Check interactions for my medications')).toStrictEqual({
      tool: 'prescription_async_auth',
      action: 'check_interactions',
    });
  });

  it('leaves knowledge questions to the knowledge base and the model', () => {
    for (const question of [
      'What are the symptoms of type 2 diabetes?',
      'Show me the metformin document',
      'What treatment options exist for hypertension?',
      'What drug interactions does metformin have?',
    ]) {
      expect(detectToolCall(question)).toBeUndefined();
    }
  });
});

describe('readPrescriptionDraft', () => {
  it('leaves out what the question does not say', () => {
    expect(readPrescriptionDraft('prescribe lisinopril')).toStrictEqual({
      medication: 'Lisinopril',
      dosage: '',
      frequency: '',
      duration: '',
      patientName: '',
    });
  });

  it('finds an empty medication when none is named', () => {
    expect(readPrescriptionDraft('please prescribe for John Roe').medication).toBe('');
    expect(readPrescriptionDraft('please prescribe for John Roe').patientName).toBe('John Roe');
  });

  it('drops markup and keeps at most four words of a medication name', () => {
    expect(readPrescriptionDraft('prescribe <b>insulin</b> glargine 10 units once daily').medication).toBe(
      'Binsulinb Glargine',
    );
  });
});

describe('gateToolCall', () => {
  it('runs an accepted action the role may take', () => {
    expect(gateToolCall({ tool: 'medical_records_fga', action: 'read' }, 'nurse', ALL_ON)).toStrictEqual({
      run: true,
    });
  });

  it('stops at a disabled identity feature first, with its configure message', () => {
    expect(
      gateToolCall({ tool: 'google_calendar_medical', action: 'view_appointments' }, 'patient', {
        ...ALL_ON,
        tokenVault: false,
      }),
    ).toStrictEqual({ run: false, outcome: 'feature_off', message: ASSISTANT_ERRORS.tokenVaultOff });
  });

  it("refuses a patient's prescribing with the spec's alert, and a pharmacist's records read with 'Access Denied'", () => {
    const draft = {
      medication: 'Metformin',
      dosage: '',
      frequency: '',
      duration: '',
      patientName: '',
    } as const;
    expect(
      gateToolCall({ tool: 'prescription_async_auth', action: 'prescribe', draft }, 'patient', ALL_ON),
    ).toStrictEqual({
      run: false,
      outcome: 'denied',
      message: PERMISSION_ALERTS.createPrescriptions,
    });
    expect(gateToolCall({ tool: 'medical_records_fga', action: 'read' }, 'pharmacist', ALL_ON)).toStrictEqual(
      {
        run: false,
        outcome: 'denied',
        message: ASSISTANT_ERRORS.recordsDenied,
      },
    );
  });

  it('answers refill as not supported and a records change with its completion note, running nothing', () => {
    expect(
      gateToolCall({ tool: 'prescription_async_auth', action: 'refill' }, 'doctor', ALL_ON),
    ).toStrictEqual({
      run: false,
      outcome: 'not_supported',
      message: ASSISTANT_ERRORS.notSupported('refill'),
    });
    const note = gateToolCall({ tool: 'medical_records_fga', action: 'update' }, 'patient', ALL_ON);
    expect(note).toMatchObject({ run: false, outcome: 'ok' });
    expect(note.run === false && note.message).toContain('No records were changed');
  });

  it('asks for what is missing: a slot to schedule, a medication to prescribe', () => {
    expect(
      gateToolCall(
        { tool: 'google_calendar_medical', action: 'schedule_appointment', slot: undefined },
        'doctor',
        ALL_ON,
      ),
    ).toStrictEqual({ run: false, outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot });
    const draft = {
      medication: '',
      dosage: '',
      frequency: '',
      duration: '',
      patientName: 'Jane Doe',
    } as const;
    const gate = gateToolCall(
      { tool: 'prescription_async_auth', action: 'prescribe', draft },
      'doctor',
      ALL_ON,
    );
    expect(gate).toMatchObject({ run: false, outcome: 'needs_input' });
    expect(gate.run === false && gate.message).toContain(ASSISTANT_ERRORS.prescriptionFailure);
  });

  it("refuses a patient's scheduling with the appointment alert before asking for a slot", () => {
    expect(
      gateToolCall(
        { tool: 'google_calendar_medical', action: 'schedule_appointment', slot: undefined },
        'patient',
        ALL_ON,
      ),
    ).toStrictEqual({ run: false, outcome: 'denied', message: PERMISSION_ALERTS.createAppointments });
  });
});

describe('the records tool under the authorization model', () => {
  const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);
  const record = (id: string, patientId: string, date: string): MedicalRecord => ({
    id,
    recordType: 'lab-result',
    title: `Record ${id}`,
    description: 'private text',
    patientName: 'Someone',
    patientEmail: 'someone@example.com',
    patientId,
    doctor: 'Dr. Alice Smith',
    date,
    status: 'active',
    confidentialityLevel: 'normal',
  });
  const allowed = (viewer: KnowledgeViewer, r: MedicalRecord) => {
    const answer = evaluate(recordReadCheck('auth0|viewer', viewer, r));
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };
  const janes = record('rec-1', 'P-1001', '2026-05-01');
  const johns = record('rec-2', 'P-1002', '2026-06-01');
  const unlinked = record('rec-3', '', '2026-07-01');

  it("lets a patient read their own records only, never another patient's or an unlinked one", () => {
    const jane: KnowledgeViewer = { role: 'patient', specializations: [], patientId: 'P-1001' };
    expect([janes, johns, unlinked].map((r) => allowed(jane, r))).toStrictEqual([true, false, false]);
  });

  it('lets doctors, nurses and admins read every record, and refuses pharmacists and dietitians', () => {
    for (const role of ['doctor', 'nurse', 'admin'] as const) {
      expect([janes, johns, unlinked].every((r) => allowed({ role, specializations: [] }, r))).toBe(true);
    }
    for (const role of ['pharmacist', 'dietitian'] as const) {
      expect([janes, johns, unlinked].some((r) => allowed({ role, specializations: [] }, r))).toBe(false);
    }
  });

  it('lists records newest first without their description, at most the limit', () => {
    const many = Array.from({ length: RECORDS_TOOL_LIMIT + 5 }, (_, i) =>
      record(`rec-${i}`, 'P-1001', `2026-01-${String(i + 1).padStart(2, '0')}`),
    );
    const event = recordsToolEvent('read', many);
    expect(event.records).toHaveLength(RECORDS_TOOL_LIMIT);
    expect(event.records?.[0]).toStrictEqual({
      id: 'rec-24',
      title: 'Record rec-24',
      recordType: 'lab-result',
      date: '2026-01-25',
      doctor: 'Dr. Alice Smith',
    });
    expect(JSON.stringify(event)).not.toContain('private text');
    expect(event.message).toBe(TOOL_TEXTS.recordsFound(RECORDS_TOOL_LIMIT));
  });

  it("says so when nothing is allowed, and gives the spec's failure text when the check failed", () => {
    expect(recordsToolEvent('read', [])).toMatchObject({
      outcome: 'ok',
      message: TOOL_TEXTS.recordsNone,
      records: [],
    });
    expect(recordsToolEvent('read', undefined)).toStrictEqual({
      type: 'tool',
      tool: 'medical_records_fga',
      action: 'read',
      outcome: 'failed',
      message: ASSISTANT_ERRORS.recordsFailure,
    });
  });
});

describe('tool inputs', () => {
  it('files exactly what the question said as the proposal, with no refills', () => {
    expect(
      proposalFromDraft({
        medication: 'Metformin',
        dosage: '500 mg',
        frequency: 'Twice daily',
        duration: '',
        patientName: 'Jane Doe',
      }),
    ).toStrictEqual({
      patientName: 'Jane Doe',
      patientEmail: '',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '',
      instructions: '',
      refillsAllowed: 0,
    });
  });

  it('turns a slot into a 30-minute event', () => {
    expect(slotTimes({ date: '2026-12-01', time: '23:45', title: 'Visit' })).toStrictEqual({
      start: '2026-12-01T23:45:00.000Z',
      end: '2026-12-02T00:15:00.000Z',
    });
  });
});
