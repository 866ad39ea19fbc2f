/** Prescription rules: REQ-rx (statuses, form, refills) and REQ-limit-new-prescription. */
import { MAX_REFILLS, PRESCRIPTION_DURATION_HOURS } from './constants';
import type { Permission, Prescription } from './entities';
import { PRESCRIPTION_STATUSES } from './entities';
import { fail, ok, type Result } from './result';
import { PERMISSION_ALERTS, PRESCRIPTION_TEXTS } from './texts';
import { toIsoDate } from './format';
import { patientIdFor } from './auth';

/**
 * REQ-rx-refills-allowed: Refills Allowed is a number from 0 to 10, and a non-numeric value becomes 0.
 * Out-of-range numbers are clamped into 0..10 and fractions rounded down, so the stored value always
 * satisfies the schema.
 */
export function coerceRefillsAllowed(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return 0;
  return Math.min(MAX_REFILLS, Math.max(0, Math.floor(n)));
}

/** REQ-limit: the prescriber is the signed-in user's name, with the fallback 'Dr. Unknown'. */
export function prescriberName(name: string | undefined | null): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : 'Dr. Unknown';
}

/** REQ-limit: start and prescribed date are today; the end date is 720 hours (30 days) after today. */
export function newPrescriptionDates(now: Date): {
  prescribedDate: string;
  startDate: string;
  endDate: string;
} {
  const today = toIsoDate(now);
  const end = new Date(now.getTime() + PRESCRIPTION_DURATION_HOURS * 3_600_000);
  return { prescribedDate: today, startDate: today, endDate: toIsoDate(end) };
}

export type NewPrescriptionInput = Pick<
  Prescription,
  'patientName' | 'patientEmail' | 'medication' | 'dosage' | 'frequency' | 'duration' | 'instructions'
> & {
  refillsAllowed: unknown;
  patientId?: string;
  /**
   * REQ-access-owner The patient account the prescription belongs to (`resolveItemOwner`); its patient id
   * wins.
   */
  ownerId?: string;
  pharmacy?: string;
  sideEffects?: string[];
  interactions?: string[];
};

/**
 * REQ-rx-dates, REQ-limit-new-user: a new prescription starts active with refillsUsed 0, dated today, ending 30 days later, prescribed by
 * the signed-in user (fallback 'Dr. Unknown'). The patient ID is the owner account's (REQ-access-owner).
 * REQ-limit derives it from the clock instead; we do not: a made-up 'P-' id names no patient, or worse, one
 * whose id it happens to be. A prescription without owner keeps the id it was given, or none.
 */
export function createPrescription(
  input: NewPrescriptionInput,
  ctx: { id: string; now: Date; prescriber: string | undefined },
): Prescription {
  return {
    id: ctx.id,
    patientName: input.patientName,
    patientEmail: input.patientEmail,
    patientId: input.ownerId ? patientIdFor(input.ownerId) : (input.patientId?.trim() ?? ''),
    medication: input.medication,
    dosage: input.dosage,
    frequency: input.frequency,
    duration: input.duration,
    instructions: input.instructions,
    prescribedBy: prescriberName(ctx.prescriber),
    ...newPrescriptionDates(ctx.now),
    status: 'active',
    refillsAllowed: coerceRefillsAllowed(input.refillsAllowed),
    refillsUsed: 0,
    ...(input.pharmacy ? { pharmacy: input.pharmacy } : {}),
    sideEffects: input.sideEffects ?? [],
    interactions: input.interactions ?? [],
    ...(input.ownerId ? { ownerId: input.ownerId } : {}),
  };
}

/** REQ-rx: refills left = allowed minus used. */
export function refillsRemaining(p: Pick<Prescription, 'refillsAllowed' | 'refillsUsed'>): number {
  return Math.max(0, p.refillsAllowed - p.refillsUsed);
}

/** REQ-rx-tiles tiles: Refills Available is the sum of allowed minus used. */
export function totalRefillsAvailable(
  list: readonly Pick<Prescription, 'refillsAllowed' | 'refillsUsed'>[],
): number {
  return list.reduce((sum, p) => sum + refillsRemaining(p), 0);
}

/**
 * REQ-rx-refill-button: the Refill button shows only with write:prescriptions, an active status and refills
 * remaining.
 */
export function canShowRefill(
  p: Pick<Prescription, 'status' | 'refillsAllowed' | 'refillsUsed'>,
  permissions: readonly string[],
): boolean {
  return (
    permissions.includes('write:prescriptions' satisfies Permission) &&
    p.status === 'active' &&
    refillsRemaining(p) > 0
  );
}

/**
 * REQ-rx-refill-limit, REQ-access: a refill raises refillsUsed by one, only while refillsUsed is below
 * refillsAllowed, and only for a user holding write:prescriptions ('You do not have permission to process
 * refills'). Refilling an inactive prescription is refused too: the button never shows for one.
 */
export function refill(p: Prescription, permissions: readonly string[]): Result<Prescription> {
  if (!permissions.includes('write:prescriptions'))
    return fail('forbidden', PERMISSION_ALERTS.processRefills);
  if (p.status !== 'active')
    return fail('conflict', `Only an active prescription can be refilled (status: ${p.status}).`);
  if (p.refillsUsed >= p.refillsAllowed) return fail('conflict', 'No refills remain on this prescription.');
  return ok({ ...p, refillsUsed: p.refillsUsed + 1 });
}

/** REQ-rx: 'My Prescriptions' for patients, 'Prescription Management' for others. */
export const prescriptionsTitle = (role: string) =>
  role === 'patient' ? PRESCRIPTION_TEXTS.titlePatient : PRESCRIPTION_TEXTS.titleOther;

/** REQ-rx-status-filter Status filter: all, active, completed, cancelled, expired. */
export const PRESCRIPTION_FILTERS = ['all', ...PRESCRIPTION_STATUSES] as const;
export type PrescriptionFilter = (typeof PRESCRIPTION_FILTERS)[number];

/** REQ-rx-search: search covers medication, patient name and prescriber; then the status filter. */
export function filterPrescriptions<
  T extends Pick<Prescription, 'medication' | 'patientName' | 'prescribedBy' | 'status'>,
>(list: readonly T[], search: string, status: PrescriptionFilter): T[] {
  const q = search.trim().toLowerCase();
  return list.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (!q || [p.medication, p.patientName, p.prescribedBy].some((f) => f.toLowerCase().includes(q))),
  );
}

/** REQ-rx-tiles Tiles: Total, Active, Completed, Refills Available. */
export function prescriptionStats(list: readonly Prescription[]) {
  return {
    total: list.length,
    active: list.filter((p) => p.status === 'active').length,
    completed: list.filter((p) => p.status === 'completed').length,
    refillsAvailable: totalRefillsAvailable(list),
  };
}

/** REQ-access: creating a prescription needs write:prescriptions. */
export function canCreatePrescription(permissions: readonly string[]): Result<true> {
  return permissions.includes('write:prescriptions')
    ? ok(true)
    : fail('forbidden', PERMISSION_ALERTS.createPrescriptions);
}
