/**
 * Which tool a chat question asks for (REQ-tool tools; REQ-tool): the calendar
 * (view or schedule appointments, through the token vault), the records (read, through fine-grained
 * authorization) or a prescription (prescribe, through asynchronous authorization). The server runs the tool;
 * this module only reads the question, so the mock API and the server pick the same tool for the same words.
 */
import type { ApprovalRequest, ChatToolEvent, ProposedPrescription, RecordSummary } from './contract/pillars';
import { type IdentityStatus, type MedicalRecord } from './entities';
import { patientDataCheck, type FgaCheckRequest } from './fga';
import type { KnowledgeViewer } from './knowledge';
import { APPROVAL_TTL_MS } from './approvals';
import { ASSISTANT_ERRORS } from './texts';
import {
  TOOLS,
  TOOL_FEATURES,
  authorizeToolAction,
  featureOffMessage,
  resolveToolAction,
  type ToolName,
} from './tools';
import type { Role, FREQUENCIES } from './entities';

/** A prescription as the question states it; empty strings where it says nothing. */
export type PrescriptionDraft = {
  readonly medication: string;
  readonly dosage: string;
  readonly frequency: (typeof FREQUENCIES)[number] | '';
  readonly duration: string;
  readonly patientName: string;
};

/** An appointment slot as the question states it (local date and time as written). */
export type SlotDraft = { readonly date: string; readonly time: string; readonly title: string };

export type ToolCall =
  | { readonly tool: typeof TOOLS.calendar; readonly action: 'view_appointments' }
  | {
      readonly tool: typeof TOOLS.calendar;
      readonly action: 'schedule_appointment';
      /** Undefined when the question gives no date and time. */
      readonly slot: SlotDraft | undefined;
    }
  | { readonly tool: typeof TOOLS.records; readonly action: string }
  | {
      readonly tool: typeof TOOLS.prescription;
      readonly action: 'prescribe';
      readonly draft: PrescriptionDraft;
    }
  | { readonly tool: typeof TOOLS.prescription; readonly action: 'refill' | 'check_interactions' };

/** The texts of tool replies that the spec does not give. */
export const TOOL_TEXTS = {
  scheduleNeedsSlot:
    "To schedule an appointment, give a date and a time, for example 'Schedule an appointment on 2026-12-01 at 10:30'.",
  prescribeNeedsMedication:
    "To propose a prescription, name the medication, for example 'Prescribe Metformin 500 mg twice daily for Jane Doe'.",
  recordsNone: 'No medical records were found that you are allowed to see.',
  recordsFound: (count: number) =>
    count === 1
      ? 'Here is 1 medical record you are allowed to see.'
      : `Here are ${count} medical records you are allowed to see.`,
  approvalRequested: (summary: string) =>
    `I proposed a prescription: ${summary}. Nothing is prescribed until you approve it under Approvals. The request expires in ${APPROVAL_TTL_MS / 60_000} minutes.`,
} as const;

const SCHEDULE_VERB =
  /\b(schedule|book|arrange|set up|make)\b[^.?!]*\b(appointment|visit|consultation|follow-up|check-up)\b/i;
const CALENDAR_WORD = /\b(appointments?|calendar|schedule|agenda)\b/i;
const RECORDS_WORD =
  /\b(medical records?|health records?|my records?|patient records?|lab results?|test results?)\b/i;
const RECORD_WRITE = /\b(update|change|edit|delete|remove|add to)\b/i;
const PRESCRIBE = /\bprescribe\b/i;
const REFILL = /\brefill\b/i;
const CHECK_INTERACTIONS = /\bcheck\b[^.?!]*\binteractions?\b/i;

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/;
const TIME = /\b(?:at\s+)?(\d{1,2}):(\d{2})\s*(am|pm)?\b/i;

/** '10:30', '2:15 pm' → 'HH:MM' (24 h); undefined for an impossible time. */
function readTime(question: string): string | undefined {
  const match = TIME.exec(question);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half === 'pm' && hours < 12) hours += 12;
  if (half === 'am' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

function readDate(question: string): string | undefined {
  const match = ISO_DATE.exec(question);
  if (!match?.[1]) return undefined;
  const parsed = new Date(`${match[1]}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== match[1]
    ? undefined
    : match[1];
}

const SLOT_KINDS = ['follow-up', 'consultation', 'check-up', 'visit'] as const;

function readSlot(question: string): SlotDraft | undefined {
  const date = readDate(question);
  const time = readTime(question);
  if (!date || !time) return undefined;
  const kind = SLOT_KINDS.find((k) => question.toLowerCase().includes(k)) ?? 'appointment';
  return {
    date,
    time,
    title: kind === 'appointment' ? 'Appointment' : kind[0]!.toUpperCase() + kind.slice(1),
  };
}

const FREQUENCY_WORDS: ReadonlyArray<readonly [RegExp, PrescriptionDraft['frequency']]> = [
  [/\b(twice (a |per )?day|twice daily|two times (a )?day|bid)\b/i, 'Twice daily'],
  [/\b(three times (a |per )?day|three times daily|tid)\b/i, 'Three times daily'],
  [/\b(four times (a |per )?day|four times daily|qid)\b/i, 'Four times daily'],
  [/\bevery 8 hours\b/i, 'Every 8 hours'],
  [/\b(as needed|prn)\b/i, 'As needed'],
  // Last: plain 'daily' is also part of 'twice daily'.
  [/\b(once (a |per )?day|once daily|daily|every day)\b/i, 'Once daily'],
];
const DOSAGE = /\b(\d+(?:\.\d+)?)\s?(mg|mcg|g|ml|units?|iu)\b/i;
const DURATION = /\bfor\s+(\d{1,3}\s+(?:days?|weeks?|months?))\b/i;
const PATIENT = /\bfor\s+(?:patient\s+)?([A-Za-z][A-Za-z'-]+(?:\s+[A-Za-z][A-Za-z'-]+)?)\b/;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'prescribe metformin 500 mg twice daily for jane doe for 90 days' → its parts. */
export function readPrescriptionDraft(question: string): PrescriptionDraft {
  const after = question.slice((PRESCRIBE.exec(question)?.index ?? -1) + 'prescribe'.length).trim();
  const frequency = FREQUENCY_WORDS.find(([pattern]) => pattern.test(after))?.[1] ?? '';
  const dosageMatch = DOSAGE.exec(after);
  const dosage = dosageMatch ? `${dosageMatch[1]} ${dosageMatch[2]!.toLowerCase()}` : '';
  const duration = DURATION.exec(after)?.[1] ?? '';
  const withoutDuration = duration ? after.replace(DURATION, ' ') : after;
  const patientMatch = PATIENT.exec(withoutDuration);
  const patientName = patientMatch?.[1] ? patientMatch[1].split(/\s+/).map(capitalise).join(' ') : '';
  // The medication: the words before the first dosage, frequency or 'for'.
  const stops = [
    dosageMatch?.index,
    ...FREQUENCY_WORDS.map(([pattern]) => pattern.exec(after)?.index),
    /\bfor\b/i.exec(after)?.index,
  ].filter((i): i is number => i !== undefined);
  const end = stops.length > 0 ? Math.min(...stops) : after.length;
  const medication = after
    .slice(0, end)
    .replace(/^(a|an|the|some)\s+/i, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .map(capitalise)
    .join(' ');
  return { medication, dosage, frequency, duration, patientName };
}

/**
 * REQ-tool The tool a question asks for, or undefined for a question for the knowledge base and the model.
 * Prescribing wins over the calendar and the records (it names an action); scheduling over viewing.
 */
export function detectToolCall(question: string): ToolCall | undefined {
  const text = question.trim();
  if (PRESCRIBE.test(text)) {
    return { tool: TOOLS.prescription, action: 'prescribe', draft: readPrescriptionDraft(text) };
  }
  if (REFILL.test(text) && /\b(prescription|medication|medicine|refill my|request a refill)\b/i.test(text)) {
    return { tool: TOOLS.prescription, action: 'refill' };
  }
  if (CHECK_INTERACTIONS.test(text) && /\b(my|these|for)\b/i.test(text)) {
    return { tool: TOOLS.prescription, action: 'check_interactions' };
  }
  if (SCHEDULE_VERB.test(text)) {
    return { tool: TOOLS.calendar, action: 'schedule_appointment', slot: readSlot(text) };
  }
  if (RECORDS_WORD.test(text)) {
    return { tool: TOOLS.records, action: RECORD_WRITE.test(text) ? 'update' : 'read' };
  }
  if (CALENDAR_WORD.test(text)) return { tool: TOOLS.calendar, action: 'view_appointments' };
  return undefined;
}

/** What a tool call comes to before anything runs: run it, or answer at once with an outcome and message. */
export type ToolGate =
  | { readonly run: true }
  | {
      readonly run: false;
      readonly outcome: 'denied' | 'not_supported' | 'feature_off' | 'needs_input' | 'ok';
      readonly message: string;
    };

/**
 * REQ-tool-records-actions, REQ-access, REQ-err The checks every tool call passes before it runs, in this order: the identity feature it stands
 * on is enabled; the action is accepted (a records action other than read only gets its completion note,
 * refill and check_interactions are not supported); the caller's role may take the action; the question gives
 * what the action needs.
 */
export function gateToolCall(call: ToolCall, role: Role, features: IdentityStatus['features']): ToolGate {
  const tool: ToolName = call.tool;
  if (!features[TOOL_FEATURES[tool]]) {
    return { run: false, outcome: 'feature_off', message: featureOffMessage(TOOL_FEATURES[tool]) };
  }
  const resolved = resolveToolAction(tool, call.action);
  if (!resolved.ok) return { run: false, outcome: 'not_supported', message: resolved.error.message };
  if (resolved.value.outcome === 'not_supported') {
    return { run: false, outcome: 'not_supported', message: resolved.value.message };
  }
  const allowed = authorizeToolAction(role, call.action);
  if (!allowed.ok) return { run: false, outcome: 'denied', message: allowed.error.message };
  if (resolved.value.outcome === 'completion_note') {
    return { run: false, outcome: 'ok', message: resolved.value.message };
  }
  if (call.action === 'schedule_appointment' && 'slot' in call && !call.slot) {
    return { run: false, outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot };
  }
  if (call.action === 'prescribe' && 'draft' in call && !call.draft.medication) {
    return {
      run: false,
      outcome: 'needs_input',
      message: `${ASSISTANT_ERRORS.prescriptionFailure} ${TOOL_TEXTS.prescribeNeedsMedication}`,
    };
  }
  return { run: true };
}

/** The most records the records tool lists (newest first). */
export const RECORDS_TOOL_LIMIT = 20;

/**
 * REQ-access The records tool's question to the authorization model for one record: may this viewer read the
 * records of the record's patient? A record linked to no patient stands for a patient of its own
 * (`unlinked-<id>`), which the clinic's staff may read and no patient owns.
 */
export function recordReadCheck(
  subject: string,
  viewer: KnowledgeViewer,
  record: Pick<MedicalRecord, 'id' | 'patientId'>,
): FgaCheckRequest {
  return patientDataCheck(
    subject,
    viewer,
    record.patientId || `unlinked-${record.id}`,
    'patient_records',
    'read',
  );
}

/** The records the authorization model allowed, as the tool lists them: newest first, at most the limit. */
export function recordSummaries(records: readonly MedicalRecord[]): RecordSummary[] {
  return [...records]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, RECORDS_TOOL_LIMIT)
    .map(({ id, title, recordType, date, doctor }) => ({ id, title, recordType, date, doctor }));
}

/** The tool event of a call that ran nothing (the gate stopped it). */
export function gatedToolEvent(call: ToolCall, gate: Extract<ToolGate, { run: false }>): ChatToolEvent {
  return { type: 'tool', tool: call.tool, action: call.action, outcome: gate.outcome, message: gate.message };
}

/**
 * The records tool's event: the records listed, or the REQ-err failure text when the check could not be made.
 */
export function recordsToolEvent(
  action: string,
  allowed: readonly MedicalRecord[] | undefined,
): ChatToolEvent {
  if (!allowed) {
    return {
      type: 'tool',
      tool: TOOLS.records,
      action,
      outcome: 'failed',
      message: ASSISTANT_ERRORS.recordsFailure,
    };
  }
  const records = recordSummaries(allowed);
  return {
    type: 'tool',
    tool: TOOLS.records,
    action,
    outcome: 'ok',
    message: records.length === 0 ? TOOL_TEXTS.recordsNone : TOOL_TEXTS.recordsFound(records.length),
    records,
  };
}

/** The prescription tool's event: the approval request it created, waiting for the clinician. */
export function approvalToolEvent(approval: ApprovalRequest): ChatToolEvent {
  return {
    type: 'tool',
    tool: TOOLS.prescription,
    action: 'prescribe',
    outcome: 'approval_requested',
    message: TOOL_TEXTS.approvalRequested(approval.summary),
    approval,
  };
}

/**
 * REQ-err-tool-failure The prescription tool could not file the proposal: the spec's failure text, then why.
 */
export function prescriptionFailure(reason: string): ChatToolEvent {
  return {
    type: 'tool',
    tool: TOOLS.prescription,
    action: 'prescribe',
    outcome: 'failed',
    message: `${ASSISTANT_ERRORS.prescriptionFailure} ${reason}`.slice(0, 2_000),
  };
}

/** The proposal the prescription tool files for approval: the question's draft, nothing made up. */
export function proposalFromDraft(draft: PrescriptionDraft): ProposedPrescription {
  return {
    patientName: draft.patientName,
    patientEmail: '',
    medication: draft.medication,
    dosage: draft.dosage,
    frequency: draft.frequency,
    duration: draft.duration,
    instructions: '',
    refillsAllowed: 0,
  };
}

/** The calendar slot a scheduling question names, as event times (UTC, 30 minutes). */
export function slotTimes(slot: SlotDraft): { start: string; end: string } {
  const start = new Date(`${slot.date}T${slot.time}:00Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
}

/** The audit row of a tool call the gate refused: what it would have touched, and why it was refused. */
export function toolDenialAudit(
  call: ToolCall,
  message: string,
): { action: 'list' | 'create'; resourceType: 'record' | 'approval' | 'calendar'; reason: string } {
  const resourceType =
    call.tool === TOOLS.records ? 'record' : call.tool === TOOLS.prescription ? 'approval' : 'calendar';
  const action = call.tool === TOOLS.records || call.action === 'view_appointments' ? 'list' : 'create';
  return { action, resourceType, reason: `${call.tool} ${call.action}: ${message}` };
}
