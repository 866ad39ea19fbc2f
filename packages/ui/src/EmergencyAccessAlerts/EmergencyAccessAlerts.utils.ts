/**
 * Pure helpers of the administrators' emergency-access alert screen (REQ-rec-break-glass). A
 * grant lets a doctor outside a patient's care team read their confidential records for 60 minutes; every grant
 * is listed to admins (`GET /api/emergency-access`), and this screen makes them noticeable: how many are live or
 * from the last 7 days, and per grant the doctor, the patient, the reason, when it was granted and until when,
 * and whether it is still live (in words, not only by colour).
 */
import {
  formatLastLogin,
  formatTimeOfDay,
  isGrantLive,
  type EmergencyGrant,
  type Locale,
  type ManagedUser,
} from '@sentinel/domain';
import type { Tone } from '../theme/tokens';

export { EMERGENCY_ACCESS_TEXTS } from './EmergencyAccessAlerts.texts';

/** How far back a grant still counts as recent for the alert badge. */
export const RECENT_DAYS = 7;
const DAY_MS = 86_400_000;

export const GRANT_STATUSES = ['live', 'expired'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** The status badge says it in words; the tone only repeats it (REQ-screen-a11y). */
export const GRANT_STATUS_LABELS: Readonly<Record<GrantStatus, string>> = {
  live: 'Live',
  expired: 'Expired',
};
export const GRANT_STATUS_TONES: Readonly<Record<GrantStatus, Tone>> = {
  live: 'critical',
  expired: 'neutral',
};

/** Live from its grant until (not at) its expiry: the domain's rule (`isGrantLive`), which the servers apply. */
export function grantStatus(grant: Pick<EmergencyGrant, 'grantedAt' | 'expiresAt'>, now: Date): GrantStatus {
  return isGrantLive(grant, now) ? 'live' : 'expired';
}

/** The grants an admin should notice: still live, or granted in the last `RECENT_DAYS` days. */
export function recentGrants<G extends Pick<EmergencyGrant, 'grantedAt' | 'expiresAt'>>(
  grants: readonly G[],
  now: Date,
): G[] {
  const since = now.getTime() - RECENT_DAYS * DAY_MS;
  return grants.filter((g) => grantStatus(g, now) === 'live' || Date.parse(g.grantedAt) >= since);
}

/** The badge beside the title: '2 in the last 7 days, 1 live'; undefined when there is nothing to notice. */
export function alertSummary(grants: readonly EmergencyGrant[], now: Date): string | undefined {
  const recent = recentGrants(grants, now);
  if (recent.length === 0) return undefined;
  const live = recent.filter((g) => grantStatus(g, now) === 'live').length;
  return `${recent.length} in the last ${RECENT_DAYS} days${live > 0 ? `, ${live} live` : ''}`;
}

/** A moment in the viewer's zone: 'Today at 2:30 PM', 'Yesterday at 9:05 AM', then a date. */
export function formatGrantTime(iso: string, now: Date, locale: Locale = {}): string {
  return `${formatLastLogin(iso, now, locale)} at ${formatTimeOfDay(iso, locale)}`;
}

/** The doctor by the name of their account, else by subject (an account deleted since). */
export function doctorOf(grant: Pick<EmergencyGrant, 'clinicianSub'>, users: readonly ManagedUser[]): string {
  return users.find((u) => u.id === grant.clinicianSub)?.name ?? grant.clinicianSub;
}

/**
 * The patient by their patient id, with the name of the account the grant is for ('Jane Doe, P-000001'). The
 * grant names its patient by account id (`ownerId`), so two accounts sharing a patient id (the last six
 * characters of the account id) each get their own name; an account gone since shows the patient id only.
 */
export function patientOf(
  grant: Pick<EmergencyGrant, 'ownerId' | 'patientId'>,
  users: readonly ManagedUser[],
): string {
  const name = users.find((u) => u.id === grant.ownerId && u.role === 'patient')?.name;
  return name ? `${name}, ${grant.patientId}` : grant.patientId;
}
