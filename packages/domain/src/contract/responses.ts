/**
 * Response bodies of the API. Envelopes and entities are strict: a field the contract does not name (a
 * password hash, another patient's data) fails the contract tests instead of reaching the browser unnoticed.
 */
import { z } from 'zod';
import {
  AccessStatsSchema,
  AppointmentSchema,
  CurrentUserSchema,
  IdentityStatusSchema,
  KnowledgeAccessSummarySchema,
  KnowledgeDocumentSchema,
  ManagedUserSchema,
  MedicalRecordSchema,
  PrescriptionSchema,
  RoleSchema,
} from '../entities';
import { EXCERPT_LENGTH } from '../constants';
import { AuditEntrySchema } from './audit';
import { VitalsInputSchema } from './bodies';

/** `{ items: T[] }`, the shape of every list answer. */
export const listOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item) });

export const AppointmentResponseSchema = z.strictObject(AppointmentSchema.shape);

/**
 * A record as the API returns it. REQ-appt-form, REQ-access-names-hidden: patients cannot see other patients'
 * names, so the server blanks `patientName` for a patient viewer (`redactForViewer`); the schema allows the
 * empty string for that case.
 */
export const MedicalRecordResponseSchema = z.strictObject({
  ...MedicalRecordSchema.shape,
  vitals: VitalsInputSchema.optional(),
});

/** A prescription as the API returns it; `patientName` is '' for a patient viewer, as for records. */
export const PrescriptionResponseSchema = z.strictObject(PrescriptionSchema.shape);

export const ManagedUserResponseSchema = z.strictObject(ManagedUserSchema.shape);

/**
 * `GET /api/me`: the current user (REQ-data), the role used for knowledge access (REQ-kb-access) and whether
 * MFA was used.
 */
export const MeResponseSchema = z.strictObject({
  user: z.strictObject(CurrentUserSchema.shape),
  knowledgeRole: RoleSchema,
  mfa: z.boolean(),
});

/**
 * A knowledge document in a list: everything but the full content, plus the first 150 characters
 * (REQ-data-chat-message).
 */
export const KnowledgeListItemSchema = z.strictObject({
  id: KnowledgeDocumentSchema.shape.id,
  title: KnowledgeDocumentSchema.shape.title,
  category: KnowledgeDocumentSchema.shape.category,
  metadata: z.strictObject(KnowledgeDocumentSchema.shape.metadata.shape),
  filePath: KnowledgeDocumentSchema.shape.filePath,
  excerpt: z.string().max(EXCERPT_LENGTH),
});
export type KnowledgeListItem = z.infer<typeof KnowledgeListItemSchema>;

/**
 * `GET /api/knowledge`: the accessible items with the stats and summary of REQ-data-access-stats, and the
 * context used (REQ-data-access-context).
 */
export const KnowledgeListResponseSchema = z.strictObject({
  items: z.array(KnowledgeListItemSchema),
  stats: z.strictObject(AccessStatsSchema.shape),
  summary: z.strictObject(KnowledgeAccessSummarySchema.shape),
  context: z.strictObject({ role: RoleSchema, specializations: z.array(z.string().max(100)) }),
});

export const KnowledgeDocumentResponseSchema = z.strictObject({
  ...KnowledgeDocumentSchema.shape,
  metadata: KnowledgeListItemSchema.shape.metadata,
});

/** `GET /api/assistant/status` (REQ-chat provider status lookup: available and provider). */
export const AssistantStatusResponseSchema = z.strictObject({
  available: z.boolean(),
  provider: z.string().min(1).max(100),
  model: z.string().min(1).max(200).optional(),
  demo: z.boolean(),
});
export type AssistantStatus = z.infer<typeof AssistantStatusResponseSchema>;

export const IdentityStatusResponseSchema = z.strictObject({
  ...IdentityStatusSchema.shape,
  features: z.strictObject(IdentityStatusSchema.shape.features.shape),
});

/**
 * One fine-grained sample query's answer (REQ-screen-demo-pillars, REQ-kb-explainer): the question, allowed
 * or not, and any note.
 */
export const FgaSampleResultSchema = z.strictObject({
  id: z.string().min(1).max(100),
  query: z.string().min(1).max(500),
  allowed: z.boolean(),
  note: z.string().min(1).max(500).optional(),
});

/** A 204 answer has no body. */
export const NoContentSchema = z.undefined();

export const AppointmentListResponseSchema = listOf(AppointmentResponseSchema);
export const MedicalRecordListResponseSchema = listOf(MedicalRecordResponseSchema);
export const PrescriptionListResponseSchema = listOf(PrescriptionResponseSchema);
export const ManagedUserListResponseSchema = listOf(ManagedUserResponseSchema);
export const KnowledgeSearchResponseSchema = listOf(KnowledgeListItemSchema);
export const AuditListResponseSchema = listOf(AuditEntrySchema);
/** `GET /api/identity/fga-samples`: the demo page's four sample queries, answered in order. */
export const FgaSamplesResponseSchema = listOf(FgaSampleResultSchema);
