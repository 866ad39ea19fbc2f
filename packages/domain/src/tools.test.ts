import { describe, expect, it } from 'vitest';
import { ASSISTANT_ERRORS, PERMISSION_ALERTS, ROUTE_TEXTS } from './texts';
import {
  TOOLS,
  TOOL_ACTIONS,
  TOOL_FAILURE_MESSAGES,
  TOOL_FEATURES,
  TOOL_NAMES,
  authorizeToolAction,
  decideAuthorizationRequest,
  featureOffMessage,
  formatToolFailure,
  isSensitiveAction,
  isToolName,
  recordsCompletionNote,
  requireIdentityFeature,
  resolveToolAction,
} from './tools';

describe('the tools (REQ-tool-names)', () => {
  it('names the calendar, records and prescription tools', () => {
    expect(TOOL_NAMES).toEqual(['google_calendar_medical', 'medical_records_fga', 'prescription_async_auth']);
    expect(isToolName('medical_records_fga')).toBe(true);
    expect(isToolName('email_sender')).toBe(false);
  });

  it('has a failure message for each tool', () => {
    expect(TOOL_FAILURE_MESSAGES[TOOLS.calendar]).toBe(ASSISTANT_ERRORS.calendarFailure);
    expect(TOOL_FAILURE_MESSAGES[TOOLS.records]).toBe(ASSISTANT_ERRORS.recordsFailure);
    expect(TOOL_FAILURE_MESSAGES[TOOLS.prescription]).toBe(ASSISTANT_ERRORS.prescriptionFailure);
  });
});

describe('tool actions accepted (REQ-tool-calendar-actions, REQ-tool-records-actions, REQ-tool-prescription-actions)', () => {
  it.each([
    [TOOLS.calendar, 'view_appointments'],
    [TOOLS.calendar, 'schedule_appointment'],
    [TOOLS.records, 'read'],
    [TOOLS.prescription, 'prescribe'],
  ])('%s accepts %s', (tool, action) => {
    expect(resolveToolAction(tool, action)).toEqual({
      ok: true,
      value: { tool, action, outcome: 'accepted' },
    });
  });

  it('answers any other records action with a completion note that changes nothing', () => {
    expect(resolveToolAction(TOOLS.records, 'update')).toEqual({
      ok: true,
      value: {
        tool: TOOLS.records,
        action: 'update',
        outcome: 'completion_note',
        message: recordsCompletionNote('update'),
      },
    });
    expect(recordsCompletionNote('update')).toContain('No records were changed');
  });

  it.each(['refill', 'check_interactions'])(
    'names %s as available on the prescription tool but does not support it',
    (action) => {
      expect(TOOL_ACTIONS[TOOLS.prescription].named).toContain(action);
      expect(resolveToolAction(TOOLS.prescription, action)).toEqual({
        ok: true,
        value: {
          tool: TOOLS.prescription,
          action,
          outcome: 'not_supported',
          message: ASSISTANT_ERRORS.notSupported(action),
        },
      });
    },
  );

  it('does not support an unknown calendar action', () => {
    expect(resolveToolAction(TOOLS.calendar, 'delete_calendar')).toMatchObject({
      ok: true,
      value: { outcome: 'not_supported' },
    });
  });

  it('refuses an unknown tool, listing the available tools', () => {
    expect(resolveToolAction('email_sender', 'send')).toEqual({
      ok: false,
      error: { code: 'unknown_tool', message: ASSISTANT_ERRORS.unknownTool('email_sender', TOOL_NAMES) },
    });
    expect(ASSISTANT_ERRORS.unknownTool('email_sender', TOOL_NAMES)).toContain('medical_records_fga');
  });
});

describe('who may run a tool action (REQ-access-matrix, REQ-err)', () => {
  it('lets a patient view appointments and read records', () => {
    expect(authorizeToolAction('patient', 'view_appointments')).toEqual({
      ok: true,
      value: 'view_appointments',
    });
    expect(authorizeToolAction('patient', 'read').ok).toBe(true);
  });

  it('refuses medical records to a pharmacist with the records-denied text', () => {
    expect(authorizeToolAction('pharmacist', 'read')).toEqual({
      ok: false,
      error: { code: 'forbidden', message: ASSISTANT_ERRORS.recordsDenied },
    });
  });

  it('refuses the calendar to a dietitian', () => {
    expect(authorizeToolAction('dietitian', 'view_appointments')).toMatchObject({
      ok: false,
      error: { message: ROUTE_TEXTS.accessDeniedBody },
    });
  });

  it('lets only doctors and admins schedule appointments and prescribe', () => {
    expect(authorizeToolAction('doctor', 'prescribe').ok).toBe(true);
    expect(authorizeToolAction('admin', 'schedule_appointment').ok).toBe(true);
    expect(authorizeToolAction('patient', 'schedule_appointment')).toMatchObject({
      error: { message: PERMISSION_ALERTS.createAppointments },
    });
    expect(authorizeToolAction('nurse', 'prescribe')).toMatchObject({
      error: { message: PERMISSION_ALERTS.createPrescriptions },
    });
  });

  it('needs no grant for actions that run nothing', () => {
    expect(authorizeToolAction('patient', 'refill')).toEqual({ ok: true, value: 'refill' });
    expect(authorizeToolAction('patient', 'toString')).toEqual({ ok: true, value: 'toString' });
  });
});

describe('tool failures (REQ-err-tool-unknown, REQ-err-tool-failure)', () => {
  it('formats an error as "Error executing {name}: {message}"', () => {
    expect(formatToolFailure(TOOLS.calendar, new Error('timeout'))).toBe(
      ASSISTANT_ERRORS.toolFailure(TOOLS.calendar, 'timeout'),
    );
    expect(formatToolFailure(TOOLS.calendar, 'offline')).toBe(`Error executing ${TOOLS.calendar}: offline`);
  });

  it('says "Unknown error" when the failure carries no message', () => {
    expect(formatToolFailure(TOOLS.records, { code: 1 })).toBe(
      `Error executing ${TOOLS.records}: Unknown error`,
    );
    expect(formatToolFailure(TOOLS.records, '')).toBe(`Error executing ${TOOLS.records}: Unknown error`);
  });
});

describe('identity features (REQ-tool-identity-status, REQ-err-feature-off)', () => {
  const allOn = { tokenVault: true, asyncAuth: true, fga: true };

  it('maps each tool to its pillar', () => {
    expect(TOOL_FEATURES).toEqual({
      google_calendar_medical: 'tokenVault',
      medical_records_fga: 'fga',
      prescription_async_auth: 'asyncAuth',
    });
  });

  it('has a feature-off message per feature asking to configure it', () => {
    expect(featureOffMessage('tokenVault')).toBe(ASSISTANT_ERRORS.tokenVaultOff);
    expect(featureOffMessage('fga')).toBe(ASSISTANT_ERRORS.fgaOff);
    expect(featureOffMessage('asyncAuth')).toBe(ASSISTANT_ERRORS.asyncAuthOff);
  });

  it('allows an enabled feature and refuses a disabled one with its message', () => {
    expect(requireIdentityFeature(allOn, 'fga')).toEqual({ ok: true, value: 'fga' });
    expect(requireIdentityFeature({ ...allOn, tokenVault: false }, 'tokenVault')).toEqual({
      ok: false,
      error: { code: 'feature_off', message: ASSISTANT_ERRORS.tokenVaultOff },
    });
  });
});

describe('simulated authorization requests (REQ-tool-simulated-approval)', () => {
  it('treats prescribing and records writes as sensitive, reading and scheduling as not', () => {
    expect(isSensitiveAction(TOOLS.prescription, 'prescribe')).toBe(true);
    expect(isSensitiveAction(TOOLS.records, 'update')).toBe(true);
    expect(isSensitiveAction(TOOLS.records, 'read')).toBe(false);
    expect(isSensitiveAction(TOOLS.prescription, 'refill')).toBe(false);
    expect(isSensitiveAction(TOOLS.calendar, 'schedule_appointment')).toBe(false);
  });

  it('always approves, marked as simulated, with a stronger message for sensitive actions', () => {
    const sensitive = decideAuthorizationRequest(TOOLS.prescription, 'prescribe');
    const plain = decideAuthorizationRequest(TOOLS.calendar, 'view_appointments');
    expect(sensitive).toMatchObject({ approved: true, simulated: true, sensitive: true });
    expect(plain).toMatchObject({ approved: true, simulated: true, sensitive: false });
    expect(sensitive.message).toContain('additional verification');
    expect(plain.message).not.toBe(sensitive.message);
  });
});
