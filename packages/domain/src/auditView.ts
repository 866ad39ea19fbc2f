/**
 * How a patient sees the actors of the audit rows they may read ('Who viewed my records'; HIPAA 164.312(b) and
 * 164.528, REQ-arch `GET /api/audit`). A patient has the right to know which member of staff
 * accessed their data, so staff are named; another patient who tried to is a person with privacy rights of their
 * own, so they are 'another user' only: their subject ends in their patient id (REQ-data-derived-ids), and their name
 * and e-mail are theirs. The rule goes by the actor's role, not by the action, so every kind of row (reads,
 * refusals, emergency access) follows it.
 */
import type { AuditEntry, AuditEvent } from './contract/audit';
import type { Role } from './entities';

/** Who reads the rows: their subject and their REQ-access-roles role (a nurse's dashboard role is 'patient'; this is 'nurse'). */
export type AuditViewer = { readonly role: Role; readonly sub: string };

/**
 * One row as `viewer` reads it. Staff and admins read rows as stored. A patient reads their own calls as stored;
 * a call by any role but patient with the actor's current account name (`nameOf`; left out when the account is
 * gone) and without the subject; a call by another patient with neither subject nor name.
 */
export function auditEntryForViewer(
  row: AuditEvent,
  viewer: AuditViewer,
  nameOf: (sub: string) => string | undefined,
): AuditEntry {
  if (viewer.role !== 'patient' || row.actorSub === viewer.sub) return row;
  if (row.actorRole === 'patient') return { ...row, actorSub: null };
  const name = nameOf(row.actorSub);
  return { ...row, actorSub: null, ...(name === undefined ? {} : { actorName: name }) };
}

/**
 * The subjects whose names a patient's view of `rows` needs (the staff among the actors), so a server looks up
 * only those accounts. Empty for staff and admins.
 */
export function staffActorsToName(
  rows: readonly Pick<AuditEvent, 'actorSub' | 'actorRole'>[],
  viewer: AuditViewer,
): string[] {
  if (viewer.role !== 'patient') return [];
  const subs = rows
    .filter((row) => row.actorRole !== 'patient' && row.actorSub !== viewer.sub)
    .map((row) => row.actorSub);
  return [...new Set(subs)];
}
