/**
 * The identity pillars for real (REQ-screen-demo-pillars): the token vault's calendar connection and calendar events,
 * the asynchronous authorization of prescriptions proposed by the assistant, and the chat `tool` event that
 * carries a tool's outcome to the panel. The behaviour behind these schemas lives in the domain
 * (approvals.ts, calendar.ts) and on the server; this file is only the shape on the wire.
 */
import { z } from 'zod';
import { FREQUENCIES } from '../entities';
import { TOOLS } from '../tools';

const isoDateTime = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(100);

/**
 * Token vault. The calendar is an outside service the assistant may call for the user only after the user
 * connected it (consent): then the API exchanges the user's access token at the identity provider for a
 * calendar-scoped token (RFC 8693) and calls the calendar service with it. `scopes` are the calendar scopes
 * granted; `connectedAt` is null while not connected.
 */
export const CALENDAR_SCOPES = ['calendar:read', 'calendar:write'] as const;
export const CalendarScopeSchema = z.enum(CALENDAR_SCOPES);
export type CalendarScope = z.infer<typeof CalendarScopeSchema>;

export const VaultConnectionSchema = z.strictObject({
  connection: z.literal('calendar'),
  connected: z.boolean(),
  scopes: z.array(CalendarScopeSchema).max(CALENDAR_SCOPES.length),
  connectedAt: isoDateTime.nullable(),
});
export type VaultConnection = z.infer<typeof VaultConnectionSchema>;

/** `POST /api/vault/calendar`: connect the calendar with these scopes (read at least). */
export const VaultConnectSchema = z.strictObject({
  scopes: z
    .array(CalendarScopeSchema)
    .min(1)
    .max(CALENDAR_SCOPES.length)
    .refine((scopes) => scopes.includes('calendar:read'), {
      message: 'Calendar access needs calendar:read.',
    }),
});
export type VaultConnect = z.infer<typeof VaultConnectSchema>;

/** One event of the calendar service (seeded from the appointments). Times are ISO 8601 with offset. */
export const CalendarEventSchema = z.strictObject({
  id,
  title: z.string().min(1).max(300),
  start: isoDateTime,
  end: isoDateTime,
  location: z.string().max(300),
  description: z.string().max(2_000),
  /** The appointment the event was made from, when there is one. */
  appointmentId: id.nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export const CalendarEventListResponseSchema = z.strictObject({ items: z.array(CalendarEventSchema) });

/**
 * Asynchronous authorization. A prescription the assistant proposes is never written at once: it becomes an
 * approval request that a clinician approves or denies in the app, out of band of the chat. A pending request
 * expires at `expiresAt` (APPROVAL_TTL_MS after creation); only an approval writes the prescription.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'denied', 'expired'] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** The prescription an approval would write (the fields of REQ-data-prescription the assistant fills). */
export const ProposedPrescriptionSchema = z.strictObject({
  patientName: z.string().max(200),
  patientEmail: z.string().max(254),
  medication: z.string().min(1).max(200),
  dosage: z.string().max(100),
  frequency: z.union([z.enum(FREQUENCIES), z.literal('')]),
  duration: z.string().max(100),
  instructions: z.string().max(5_000),
  refillsAllowed: z.number().int().min(0).max(10),
});
export type ProposedPrescription = z.infer<typeof ProposedPrescriptionSchema>;

export const ApprovalRequestSchema = z.strictObject({
  id,
  tool: z.literal('prescription_async_auth'),
  action: z.literal('prescribe'),
  status: ApprovalStatusSchema,
  /** The clinician whose assistant proposed it (token subject). */
  requestedBy: z.string().min(1).max(255),
  /** Who must decide: the same clinician, in the app, out of band of the chat. */
  approverSub: z.string().min(1).max(255),
  /** The patient concerned, when the proposal names a known patient. */
  patientId: z.string().max(50),
  /** One line for lists: "Metformin 500 mg, Twice daily, for Jane Doe". */
  summary: z.string().min(1).max(500),
  prescription: ProposedPrescriptionSchema,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** The prescription written on approval. */
  prescriptionId: id.nullable(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;
export const ApprovalListResponseSchema = z.strictObject({ items: z.array(ApprovalRequestSchema) });

/** `POST /api/approvals/:id/decision`. */
export const ApprovalDecisionSchema = z.strictObject({ decision: z.enum(['approve', 'deny']) });
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** A record as the records tool lists it: no description, vitals or other patients' names. */
export const RecordSummarySchema = z.strictObject({
  id,
  title: z.string().min(1).max(300),
  recordType: z.string().max(50),
  date: z.iso.date(),
  doctor: z.string().max(200),
});
export type RecordSummary = z.infer<typeof RecordSummarySchema>;

/**
 * How a tool call ended. `ok`: it ran; `denied`: the caller may not (REQ-model texts); `consent_required`:
 * the token vault has no calendar connection yet; `approval_requested`: an approval request was created and
 * waits; `not_supported`: REQ-tool actions named but not supported; `failed`: the tool's service failed
 * (REQ-model texts); `feature_off`: the identity feature is not configured (REQ-err); `needs_input`: the
 * question lacks what the tool needs (a date and time to schedule, a medication to prescribe), so nothing
 * ran.
 */
export const TOOL_OUTCOMES = [
  'ok',
  'denied',
  'consent_required',
  'approval_requested',
  'not_supported',
  'failed',
  'feature_off',
  'needs_input',
] as const;
export const ToolOutcomeSchema = z.enum(TOOL_OUTCOMES);
export type ToolOutcome = z.infer<typeof ToolOutcomeSchema>;

/**
 * A tool the assistant ran for this reply, sent after `meta` and before the reply's tokens. The panel shows it
 * as a card: the calendar's events (with an .ics download), the records list, the consent request or the
 * approval request and its live status.
 */
export const ChatToolEventSchema = z.strictObject({
  type: z.literal('tool'),
  tool: z.enum([TOOLS.calendar, TOOLS.records, TOOLS.prescription]),
  action: z.string().min(1).max(50),
  outcome: ToolOutcomeSchema,
  message: z.string().min(1).max(2_000),
  events: z.array(CalendarEventSchema).max(50).optional(),
  records: z.array(RecordSummarySchema).max(50).optional(),
  approval: ApprovalRequestSchema.optional(),
});
export type ChatToolEvent = z.infer<typeof ChatToolEventSchema>;
