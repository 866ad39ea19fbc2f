/**
 * The entities of REQ-data-claims as zod schemas, with their inferred types. Outside data (API
 * bodies, identity claims, files) is parsed with these before any rule sees it.
 */
import { z } from 'zod';
import { MAX_REFILLS, PKCE_VERIFIER_LENGTH } from './constants';

/** REQ-access-roles: roles. Only the first three have dashboards. */
export const ROLES = ['patient', 'doctor', 'admin', 'nurse', 'pharmacist', 'lab_tech', 'dietitian'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const DASHBOARD_ROLES = ['admin', 'doctor', 'patient'] as const;
export const DashboardRoleSchema = z.enum(DASHBOARD_ROLES);
export type DashboardRole = z.infer<typeof DashboardRoleSchema>;

/** REQ-access-default-permissions: every permission string the product knows. */
export const PERMISSIONS = [
  'read:profile',
  'read:patients',
  'write:patients',
  'read:prescriptions',
  'write:prescriptions',
  'read:appointments',
  'write:appointments',
  'delete:records',
  'manage:users',
  'view:analytics',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().max(max);
const requiredText = (max: number) =>
  z.string().trim().min(1, 'This field is required.').max(max, `Use at most ${max} characters.`);
/** An e-mail address, with a message a person can act on. */
export const EmailSchema = z.email('Enter a valid e-mail address.').max(254, 'Use at most 254 characters.');

/** REQ-data-current-user (as built after login). Doctor and patient extras are optional. */
export const CurrentUserSchema = z.object({
  sub: requiredText(255),
  name: text(200),
  email: text(254),
  picture: text(2048).optional(),
  role: DashboardRoleSchema,
  roles: z.array(text(100)),
  permissions: z.array(text(100)),
  medical_license: text(50).optional(),
  specialization: text(100).optional(),
  department: text(100).optional(),
  patient_id: text(50).optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** REQ-data-auth-state. isLoading starts true. */
export const AuthStateSchema = z.object({
  isAuthenticated: z.boolean(),
  isLoading: z.boolean(),
  error: z.object({ error: z.string(), message: z.string() }).optional(),
  user: CurrentUserSchema.optional(),
});
export type AuthState = z.infer<typeof AuthStateSchema>;
export const INITIAL_AUTH_STATE: AuthState = { isAuthenticated: false, isLoading: true };

/** REQ-data-login-transaction. */
export const LoginTransactionSchema = z.object({
  nonce: requiredText(200),
  code_verifier: z.string().min(PKCE_VERIFIER_LENGTH).max(128),
  state: requiredText(200),
  scope: z.string(),
  audience: z.string(),
  redirect_uri: z.string(),
  appState: z.record(z.string(), z.unknown()).optional(),
  organization: z.string().optional(),
});
export type LoginTransaction = z.infer<typeof LoginTransactionSchema>;

/** REQ-data-token-cache. `expiresAt` is the expiry timestamp in epoch seconds. */
export const TokenCacheEntrySchema = z.object({
  access_token: z.string(),
  id_token: z.string(),
  refresh_token: z.string().optional(),
  scope: z.string(),
  audience: z.string(),
  client_id: z.string(),
  expires_in: z.number().int().nonnegative(),
  expiresAt: z.number().int(),
});
export type TokenCacheEntry = z.infer<typeof TokenCacheEntrySchema>;

/** REQ-data-chat-action. */
export const CHAT_ACTION_TYPES = ['search_knowledge', 'display_document'] as const;
export const ChatActionSchema = z.object({
  type: z.enum(CHAT_ACTION_TYPES),
  parameters: z.object({ query: text(2000).optional(), documentId: text(200).optional() }),
  result: z.unknown().optional(),
});
export type ChatAction = z.infer<typeof ChatActionSchema>;

/** REQ-data-chat-message A knowledge reference in a chat message (excerpt: first 150 characters). */
export const KnowledgeRefSchema = z.object({
  documentId: requiredText(200),
  title: text(300),
  excerpt: text(150),
});
export type KnowledgeRef = z.infer<typeof KnowledgeRefSchema>;

/** REQ-data-chat-message. `system` exists only for model calls. */
export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export const ChatMessageSchema = z.object({
  id: requiredText(100),
  role: z.enum(CHAT_ROLES),
  content: text(20_000),
  timestamp: isoDateTime,
  actions: z.array(ChatActionSchema).optional(),
  sources: z.array(text(300)).optional(),
  knowledgeRefs: z.array(KnowledgeRefSchema).optional(),
  metadata: z
    .object({
      encrypted: z.boolean(),
      patientId: text(50).optional(),
      sessionId: text(100).optional(),
    })
    .optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** REQ-data-ai-reply. */
export const AiReplySchema = z.object({
  message: z.string(),
  disclaimer: z.string().optional(),
  suggestedActions: z.array(z.string()).optional(),
});
export type AiReply = z.infer<typeof AiReplySchema>;

/** REQ-data-secure-reply (`response` is accepted as an alias of `message` when parsing). */
export const SecureReplySchema = z.object({
  message: z.string(),
  disclaimer: z.string(),
  knowledgeSources: z.array(z.string()),
  accessLevel: z.string(),
  warnings: z.array(z.string()),
});
export type SecureReply = z.infer<typeof SecureReplySchema>;

/** REQ-data-builtin-item. */
export const BUILTIN_CATEGORIES = [
  'drug_information',
  'medical_procedures',
  'emergency_protocols',
  'patient_records',
  'research_data',
] as const;
export const SENSITIVITY_LEVELS = ['public', 'professional', 'restricted', 'confidential'] as const;
export const SensitivityLevelSchema = z.enum(SENSITIVITY_LEVELS);
export type SensitivityLevel = z.infer<typeof SensitivityLevelSchema>;
export const BuiltinKnowledgeItemSchema = z.object({
  id: requiredText(100),
  category: z.enum(BUILTIN_CATEGORIES),
  title: requiredText(300),
  content: requiredText(20_000),
  requiredRole: z.array(RoleSchema).min(1),
  sensitivityLevel: SensitivityLevelSchema,
  patientId: text(50).optional(),
});
export type BuiltinKnowledgeItem = z.infer<typeof BuiltinKnowledgeItemSchema>;

/** REQ-data-document and its metadata. */
export const DOCUMENT_CATEGORIES = ['diagnostic', 'medication', 'treatment'] as const;
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof DocumentCategorySchema>;
export const DOCUMENT_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export const DocumentSensitivitySchema = z.enum(DOCUMENT_SENSITIVITIES);
export type DocumentSensitivity = z.infer<typeof DocumentSensitivitySchema>;
export const KnowledgeDocumentMetadataSchema = z.object({
  accessLevel: z.array(RoleSchema).min(1),
  specializationRequired: z.array(z.string().regex(/^[a-z][a-z-]*$/, 'use lowercase-hyphenated names')),
  prescribingAuthority: z.boolean(),
  sensitivity: DocumentSensitivitySchema,
  deaSchedule: z.string().nullable(),
  patientAccessible: z.boolean(),
  lastUpdated: isoDate,
});
export type KnowledgeDocumentMetadata = z.infer<typeof KnowledgeDocumentMetadataSchema>;
export const KnowledgeDocumentSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase-hyphenated ids'),
  title: requiredText(300),
  category: DocumentCategorySchema,
  content: requiredText(200_000),
  filePath: requiredText(500),
  metadata: KnowledgeDocumentMetadataSchema,
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocumentSchema>;

/** REQ-data-access-context: role defaults to patient, specializations to family-medicine. */
export const KnowledgeAccessContextSchema = z.object({
  role: RoleSchema.default('patient'),
  specializations: z.array(z.string()).default(['family-medicine']),
  permissions: z.array(z.string()).default([]),
});
export type KnowledgeAccessContext = z.infer<typeof KnowledgeAccessContextSchema>;

/** REQ-data-access-stats, and the second summary form. */
export const AccessStatsSchema = z.object({
  totalItems: z.number().int().nonnegative(),
  accessibleItems: z.number().int().nonnegative(),
  accessPercentage: z.number().min(0).max(100),
  restrictedBy: z.array(z.string()),
});
export type AccessStats = z.infer<typeof AccessStatsSchema>;
export const KnowledgeAccessSummarySchema = z.object({
  totalKnowledge: z.number().int().nonnegative(),
  accessibleKnowledge: z.number().int().nonnegative(),
  accessibleCategories: z.array(z.string()),
  restrictedCategories: z.array(z.string()),
});
export type KnowledgeAccessSummary = z.infer<typeof KnowledgeAccessSummarySchema>;

/** REQ-data-knowledge-audit of a knowledge access decision. */
export const KnowledgeAuditEntrySchema = z.object({
  timestamp: isoDateTime,
  userId: z.string(),
  userRole: RoleSchema,
  itemId: z.string(),
  accessGranted: z.boolean(),
  reason: z.string(),
  specializations: z.array(z.string()),
});
export type KnowledgeAuditEntry = z.infer<typeof KnowledgeAuditEntrySchema>;

/** REQ-data-identity-status. */
export const IdentityStatusSchema = z.object({
  initialized: z.boolean(),
  features: z.object({ tokenVault: z.boolean(), asyncAuth: z.boolean(), fga: z.boolean() }),
  timestamp: isoDateTime,
});
export type IdentityStatus = z.infer<typeof IdentityStatusSchema>;

/**
 * REQ-access-owner The owner of an appointment, record or prescription: the account id (the token subject) of the patient it
 * belongs to, resolved by the server from the patient e-mail when the item is created and never changed after.
 * Patients see an item only when they are its owner. An item without one (its e-mail named no patient account)
 * is seen by staff only.
 */
export const OwnerIdSchema = z.string().min(1).max(255);

/** REQ-data-appointment, REQ-appt-statuses. */
export const APPOINTMENT_TYPES = ['consultation', 'follow-up', 'specialist', 'emergency'] as const;
export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatusSchema>;
export const AppointmentSchema = z.object({
  id: requiredText(100),
  patientName: text(200),
  patientEmail: text(254),
  doctorName: text(200),
  date: z.union([isoDate, z.literal('')]),
  time: z.union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM'), z.literal('')]),
  type: z.union([z.enum(APPOINTMENT_TYPES), z.literal('')]),
  status: AppointmentStatusSchema,
  notes: text(5_000),
  ownerId: OwnerIdSchema.optional(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/** REQ-data-record with optional vitals (°F, bpm, kg, cm). */
export const RECORD_TYPES = ['diagnosis', 'lab-result', 'prescription', 'visit-note', 'imaging'] as const;
export const RecordTypeSchema = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof RecordTypeSchema>;
export const CONFIDENTIALITY_LEVELS = ['normal', 'sensitive', 'restricted'] as const;
export const VitalsSchema = z.object({
  bloodPressure: z
    .string()
    .regex(/^\d{2,3}\/\d{2,3}$/, 'use systolic/diastolic, e.g. 120/80')
    .optional(),
  heartRate: z.number().int().min(20).max(300).optional(),
  temperature: z.number().min(80).max(115).optional(),
  weight: z.number().positive().max(700).optional(),
  height: z.number().positive().max(300).optional(),
});
export type Vitals = z.infer<typeof VitalsSchema>;
export const MedicalRecordSchema = z.object({
  id: requiredText(100),
  recordType: RecordTypeSchema,
  title: requiredText(300),
  description: text(10_000),
  patientName: text(200),
  patientEmail: text(254),
  patientId: text(50),
  doctor: text(200),
  date: isoDate,
  status: z.literal('active'),
  confidentialityLevel: z.enum(CONFIDENTIALITY_LEVELS),
  vitals: VitalsSchema.optional(),
  ownerId: OwnerIdSchema.optional(),
});
export type MedicalRecord = z.infer<typeof MedicalRecordSchema>;

/** REQ-data, REQ-tool-prescription-actions Prescription. */
export const PRESCRIPTION_STATUSES = ['active', 'completed', 'cancelled', 'expired'] as const;
export const PrescriptionStatusSchema = z.enum(PRESCRIPTION_STATUSES);
export type PrescriptionStatus = z.infer<typeof PrescriptionStatusSchema>;
/** REQ-rx-frequency Frequency choices. */
export const FREQUENCIES = [
  'Once daily',
  'Twice daily',
  'Three times daily',
  'Four times daily',
  'Every 8 hours',
  'As needed',
] as const;
export const PrescriptionSchema = z.object({
  id: requiredText(100),
  patientName: text(200),
  patientEmail: text(254),
  patientId: text(50),
  medication: text(200),
  dosage: text(100),
  frequency: z.union([z.enum(FREQUENCIES), z.literal('')]),
  duration: text(100),
  instructions: text(5_000),
  prescribedBy: text(200),
  prescribedDate: isoDate,
  startDate: isoDate,
  endDate: isoDate,
  status: PrescriptionStatusSchema,
  refillsAllowed: z.number().int().min(0).max(MAX_REFILLS),
  refillsUsed: z.number().int().min(0).max(MAX_REFILLS),
  pharmacy: text(200).optional(),
  sideEffects: z.array(text(300)),
  interactions: z.array(text(300)),
  ownerId: OwnerIdSchema.optional(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;

/** REQ-data-managed-user, REQ-auth Managed user. */
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;
/**
 * REQ-users-sign-in: where a user's sign-in stands at the identity provider (issue: real accounts). An admin
 * adds a user as `invited` (a single-use link sets the password, valid 72 hours); past its expiry without a
 * password the user is `invitation-expired` until an admin resends it; `active` once a password is set.
 * `unknown` when the provider could not be asked (the list still shows). Second factors enrolled: an
 * authenticator app (TOTP) and/or passkeys.
 */
export const SIGN_IN_STATES = ['invited', 'invitation-expired', 'active', 'unknown'] as const;
export const SignInStateSchema = z.enum(SIGN_IN_STATES);
export type SignInState = z.infer<typeof SignInStateSchema>;
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export const SecondFactorKindSchema = z.enum(SECOND_FACTOR_KINDS);
export type SecondFactorKind = z.infer<typeof SecondFactorKindSchema>;
export const SignInStatusSchema = z.object({
  state: SignInStateSchema,
  secondFactors: z.array(SecondFactorKindSchema),
  /** When the pending invitation stops working (invited and invitation-expired only). */
  invitationExpires: isoDateTime.optional(),
});
export type SignInStatus = z.infer<typeof SignInStatusSchema>;

export const ManagedUserSchema = z.object({
  id: requiredText(100),
  name: requiredText(200),
  email: EmailSchema,
  role: RoleSchema,
  avatar: text(2048).optional(),
  /** The last completed sign-in at the identity provider; absent for a user who never signed in. */
  lastLogin: isoDateTime.optional(),
  /** Filled in by the API from the identity provider when it lists users; absent in stored rows. */
  signIn: SignInStatusSchema.optional(),
  createdDate: isoDate,
  status: UserStatusSchema,
  department: text(100),
  specialization: text(100),
  licenseNumber: text(50).optional(),
  phone: text(40),
  address: text(500).optional(),
  permissions: z.array(PermissionSchema),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/**
 * REQ-data-new-user-form. Field validation on creation is "not shown" in the spec; we require a name and a
 * valid e-mail (a user without them cannot sign in) and accept the rest as given. Role defaults to patient.
 */
export const NewUserFormSchema = z.object({
  name: requiredText(200),
  email: EmailSchema,
  role: RoleSchema.default('patient'),
  phone: text(40).default(''),
  department: text(100).default(''),
  specialization: text(100).default(''),
  permissions: z.array(PermissionSchema).optional(),
});
export type NewUserForm = z.input<typeof NewUserFormSchema>;
