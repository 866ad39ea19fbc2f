/**
 * The HIPAA audit trail served by `GET /api/audit` (REQ-audit-fields: admins see all rows, others see the
 * access to their own data). A row says who did what to which resource and whether it was allowed. It never
 * carries PHI: no names, e-mails, record content or chat text, only opaque ids and a short reason.
 */
import { z } from 'zod';
import { RoleSchema, type CurrentUser } from '../entities';

export const AUDIT_ACTIONS = ['list', 'read', 'search', 'create', 'update', 'delete'] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_RESOURCE_TYPES = [
  'appointment',
  'record',
  'prescription',
  'user',
  'knowledge',
  'audit',
  'chat',
  'calendar',
  'approval',
] as const;
export const AuditResourceTypeSchema = z.enum(AUDIT_RESOURCE_TYPES);
export type AuditResourceType = z.infer<typeof AuditResourceTypeSchema>;

export const AUDIT_OUTCOMES = ['allowed', 'denied'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;

/**
 * One audit row. `timestamp` is ISO 8601 in UTC (`Z`); `resourceId` is null for list, search and create-denied.
 * `patientId` names the one patient whose data the call touched (an item read or written, a patient's own
 * list), so that patient can see who accessed it; it is null when the call concerns no patient or several (a
 * clinician's list of everyone's items, which admins review).
 */
export const AuditEventSchema = z.strictObject({
  id: z.string().min(1).max(100),
  timestamp: z.iso.datetime(),
  actorSub: z.string().min(1).max(255),
  actorRole: RoleSchema,
  action: AuditActionSchema,
  resourceType: AuditResourceTypeSchema,
  resourceId: z.string().min(1).max(200).nullable(),
  patientId: z.string().min(1).max(100).nullable(),
  outcome: AuditOutcomeSchema,
  reason: z.string().max(500),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * A row as `GET /api/audit` answers it (HIPAA 164.528: a patient may learn who accessed their data). Staff and
 * admins get the rows as stored. A patient gets them as `auditEntryForViewer` (auditView.ts) shows them: their own
 * calls as stored; a staff member by role and `actorName` (the account's name), without the subject; another
 * patient by role only, with `actorSub` null and no name: 'another user'.
 */
export const AuditEntrySchema = AuditEventSchema.extend({
  actorSub: AuditEventSchema.shape.actorSub.nullable(),
  actorName: z.string().min(1).max(200).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * HIPAA 164.312(b), REQ-arch: who may read an audit row. Admins read every row; anyone else the
 * rows of their own calls and, for a patient, the rows of calls that touched their data ('Who viewed my
 * records').
 */
export function canSeeAuditRow(
  row: Pick<AuditEvent, 'actorSub' | 'patientId'>,
  viewer: Pick<CurrentUser, 'role' | 'sub' | 'patient_id'>,
): boolean {
  if (viewer.role === 'admin') return true;
  if (row.actorSub === viewer.sub) return true;
  return viewer.role === 'patient' && !!viewer.patient_id && row.patientId === viewer.patient_id;
}
