/**
 * How the SQL stores narrow the accounts an audit row may belong to (the rule: `@sentinel/domain`
 * auditOwner.ts; the lookups every store makes: @sentinel/service `patientAccountOf`).
 */

/**
 * A LIKE pattern (escape character '!') for the account ids whose display id may be `patientId`: those ending
 * in its characters after 'P-'. It only narrows the search; `soleAccountWithPatientId` decides (LIKE ignores
 * case on SQLite).
 */
export function accountIdPattern(patientId: string): string {
  return `%${patientId.slice(2).replace(/[!%_]/g, (c) => `!${c}`)}`;
}
