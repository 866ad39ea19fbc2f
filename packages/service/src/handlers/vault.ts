/**
 * The token vault's routes (REQ-tool-vault): the user's calendar connection (their consent, kept in the
 * store) and the calendar's events read on their behalf: connecting records the scopes (read always among them), disconnecting withdraws the consent, and
 * listing answers 409 'Connect your calendar first.' until the user connected. A failure of the identity
 * provider or the calendar answers 500 with the REQ-model-errors calendar failure text, never the upstream
 * answer.
 */
import { CALENDAR_TEXTS, fail, ok, type CurrentUser } from '@sentinel/domain';
import type { CalendarEvent, CalendarScope, VaultConnection } from '@sentinel/domain/contract';
import { outsideTransaction, type RouteImpls } from '../runner';
import type { VaultConnectionRow } from '../store/types';

/** The user a call is made for: the token subject and their verified API access token. */
export type VaultUser = { readonly sub: string; readonly accessToken: string };

/**
 * The token vault the handlers call: the server's exchanges the user's token at the identity provider and calls
 * the calendar service (apps/api/src/vault).
 */
export type Vault = {
  /** The user's calendar events, earliest first. Rejects with a VaultError. */
  listEvents(user: VaultUser): Promise<CalendarEvent[]>;
  /** Adds an event to the user's calendar. Rejects with a VaultError. */
  addEvent(user: VaultUser, draft: Omit<CalendarEvent, 'id'>): Promise<CalendarEvent>;
  /** Forgets the user's cached calendar tokens (on connect and disconnect). */
  forget(sub: string): void;
};

/** The connection as the API reports it; not connected without a row. */
export function vaultConnectionOf(row: VaultConnectionRow | undefined): VaultConnection {
  return row
    ? { connection: 'calendar', connected: true, scopes: [...row.scopes], connectedAt: row.connectedAt }
    : { connection: 'calendar', connected: false, scopes: [], connectedAt: null };
}

/** The scopes a connection grants: calendar:read always, first, then the others asked for, once each. */
export const grantedScopes = (asked: readonly CalendarScope[]): CalendarScope[] => [
  ...new Set<CalendarScope>(['calendar:read', ...asked]),
];

/** The patient a call concerns for the audit trail: a patient's own calendar; a clinician's concerns many. */
export const auditPatientOf = (user: CurrentUser) =>
  user.role === 'patient' ? (user.patient_id ?? null) : null;

export function vaultRoutes(vault: Vault) {
  return {
    getCalendarConnection: async ({ tx, caller }) =>
      ok(vaultConnectionOf(await tx.getVaultConnection(caller.user.sub))),

    connectCalendar: async ({ tx, caller, body, now, audit }) => {
      const row: VaultConnectionRow = {
        sub: caller.user.sub,
        scopes: grantedScopes(body.scopes),
        connectedAt: now.toISOString(),
      };
      await tx.putVaultConnection(row);
      // Tokens cached for an earlier connection may carry scopes the user no longer grants.
      vault.forget(caller.user.sub);
      audit({ resourceId: 'calendar', reason: `consented to ${row.scopes.join(', ')}` });
      return ok(vaultConnectionOf(row));
    },

    disconnectCalendar: async ({ tx, caller, audit }) => {
      const was = await tx.removeVaultConnection(caller.user.sub);
      vault.forget(caller.user.sub);
      audit({ resourceId: 'calendar', reason: was ? 'consent withdrawn' : 'was not connected' });
      return ok(undefined);
    },

    listCalendarEvents: async ({ tx, caller, accessToken, audit }) => {
      audit({ patientId: auditPatientOf(caller.user) });
      if (!(await tx.getVaultConnection(caller.user.sub))) {
        audit({ reason: 'calendar not connected' });
        return fail('conflict', CALENDAR_TEXTS.connectFirst);
      }
      // The token exchange and the calendar are network calls (up to their timeouts): not inside the store.
      return ok(
        outsideTransaction(async (auditAfter) => {
          try {
            const items = await vault.listEvents({ sub: caller.user.sub, accessToken });
            auditAfter({ reason: `calendar events: ${items.length}` });
            return ok({ items });
          } catch {
            // The vault logged why; the user gets the REQ-err text and the audit row a reason without
            // details.
            auditAfter({ reason: 'calendar unavailable' });
            return fail('internal', CALENDAR_TEXTS.failure);
          }
        }),
      );
    },
  } satisfies Partial<RouteImpls>;
}
