/**
 * Request bodies of the API. Every body is a strict object: a key the contract does not name (an id, an owner,
 * a status on create, a prescriber, permissions on update) is refused with 400 instead of being dropped
 * silently, so a role can never set a field by adding it to the JSON.
 */
import { z } from 'zod';
import {
  EmailSchema,
  APPOINTMENT_TYPES,
  AppointmentStatusSchema,
  CONFIDENTIALITY_LEVELS,
  FREQUENCIES,
  NewUserFormSchema,
  RecordTypeSchema,
  RoleSchema,
  VitalsSchema,
} from '../entities';
import { ConfidentialityReasonSchema } from '../confidentiality';
import { coerceRefillsAllowed } from '../prescriptions';

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).default('');
const email = EmailSchema;
const emailOrEmpty = z.union([email, z.literal('')]);
const isoDate = z.iso.date();
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM');

/** At least one key: an update that changes nothing is a client bug, reported rather than ignored. */
const notEmpty = (value: object) => Object.values(value).some((v) => v !== undefined);
const NOTHING_TO_UPDATE = { message: 'Give at least one field to update.' };

/** Vitals as a body field: the entity's limits, unknown keys refused. */
export const VitalsInputSchema = z.strictObject(VitalsSchema.shape);

/**
 * `POST /api/appointments`. REQ-appt-form: appointment creation has no required-field validation; a missing
 * value becomes an empty string. REQ-appt-form: the status is not settable, a new appointment starts as
 * scheduled. The date and time come from pickers, so a non-empty value must be YYYY-MM-DD and HH:MM.
 */
export const AppointmentCreateSchema = z.strictObject({
  patientName: optionalText(200),
  patientEmail: emailOrEmpty.default(''),
  doctorName: optionalText(200),
  date: z.union([isoDate, z.literal('')]).default(''),
  time: z.union([clockTime, z.literal('')]).default(''),
  type: z.union([z.enum(APPOINTMENT_TYPES), z.literal('')]).default(''),
  notes: optionalText(5_000),
});
export type AppointmentCreate = z.input<typeof AppointmentCreateSchema>;

/**
 * `PATCH /api/appointments/:id`. REQ-appt-status-change: Confirm and Complete set the status directly, no
 * order enforced.
 */
export const AppointmentStatusUpdateSchema = z.strictObject({ status: AppointmentStatusSchema });
export type AppointmentStatusUpdate = z.input<typeof AppointmentStatusUpdateSchema>;

const recordEditable = {
  recordType: RecordTypeSchema,
  title: z.string().trim().min(1).max(300),
  description: text(10_000),
  date: isoDate,
  confidentialityLevel: z.enum(CONFIDENTIALITY_LEVELS),
  vitals: VitalsInputSchema,
};

/**
 * `POST /api/records` (REQ-data-record). The record type, title, patient e-mail and date are required;
 * confidentiality defaults to normal. The id, doctor (the signed-in user) and status (active) are set by the
 * server.
 */
export const RecordCreateSchema = z.strictObject({
  recordType: recordEditable.recordType,
  title: recordEditable.title,
  description: recordEditable.description.default(''),
  patientEmail: email,
  patientName: optionalText(200),
  patientId: optionalText(50),
  date: recordEditable.date,
  confidentialityLevel: recordEditable.confidentialityLevel.default('normal'),
  vitals: recordEditable.vitals.optional(),
});
export type RecordCreate = z.input<typeof RecordCreateSchema>;

/**
 * `PATCH /api/records/:id`: any of the editable fields; the patient a record belongs to cannot change. `reason`
 * (10 to 500 characters) goes with a change of `confidentialityLevel`: required to lower it, audited always
 * (REQ-rec, `decideLevelChange`); on its own it changes nothing, so it does not count as a field to update.
 */
export const RecordUpdateSchema = z
  .strictObject({
    recordType: recordEditable.recordType.optional(),
    title: recordEditable.title.optional(),
    description: recordEditable.description.optional(),
    date: recordEditable.date.optional(),
    confidentialityLevel: recordEditable.confidentialityLevel.optional(),
    vitals: recordEditable.vitals.optional(),
    reason: ConfidentialityReasonSchema.optional(),
  })
  .refine(({ reason: _reason, ...fields }) => notEmpty(fields), NOTHING_TO_UPDATE);
export type RecordUpdate = z.input<typeof RecordUpdateSchema>;

/**
 * `POST /api/prescriptions`. REQ-appt: required-field checks are not shown and empty values are allowed; the
 * patient e-mail field is of e-mail type (so a non-empty value must be an address); Refills Allowed is a
 * number from 0 to 10 and a non-numeric value becomes 0 (`coerceRefillsAllowed`). REQ-limit-new-prescription:
 * patient ID, prescriber, dates, status and refillsUsed are set by the server.
 */
export const PrescriptionCreateSchema = z.strictObject({
  patientName: optionalText(200),
  patientEmail: emailOrEmpty.default(''),
  medication: optionalText(200),
  dosage: optionalText(100),
  frequency: z.union([z.enum(FREQUENCIES), z.literal('')]).default(''),
  duration: optionalText(100),
  instructions: optionalText(5_000),
  refillsAllowed: z.unknown().optional().transform(coerceRefillsAllowed),
  pharmacy: text(200).optional(),
  sideEffects: z.array(text(300)).max(50).default([]),
  interactions: z.array(text(300)).max(50).default([]),
});
export type PrescriptionCreate = z.input<typeof PrescriptionCreateSchema>;

/**
 * `POST /api/users` (REQ-data-new-user-form), strict. Role defaults to patient. The server derives
 * permissions from the role (REQ-users-create), so listed permissions never grant more than the role's
 * defaults.
 */
export const UserCreateSchema = z.strictObject(NewUserFormSchema.shape);
export type UserCreate = z.input<typeof UserCreateSchema>;

/**
 * `PATCH /api/users/:id`. REQ-users: Suspend sets suspended, Activate sets active; a transition to inactive
 * is not offered. Permissions are not settable here, so a role change cannot smuggle in extra grants.
 */
export const UserUpdateSchema = z
  .strictObject({
    status: z.enum(['active', 'suspended']).optional(),
    role: RoleSchema.optional(),
    department: text(100).optional(),
    specialization: text(100).optional(),
    phone: text(40).optional(),
  })
  .refine(notEmpty, NOTHING_TO_UPDATE);
export type UserUpdate = z.input<typeof UserUpdateSchema>;
