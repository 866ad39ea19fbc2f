/**
 * The token vault: calendar calls on a user's behalf. For each call it takes a calendar token for exactly the
 * scope the call needs (calendar:read to list, calendar:write to add), from a per-user cache or by exchanging
 * the user's API access token at the identity provider, and calls the calendar service with it. Cached tokens
 * are dropped 60 seconds before they expire (REQ-limit-token-leeway), when the user disconnects, and when the
 * calendar refuses one (then one fresh exchange is tried).
 */
import type { CalendarScope } from '@sentinel/domain/contract';
import type { Vault, VaultUser } from '@sentinel/service';
import { createCalendarClient, CalendarTokenRefused } from './calendar';
import { VaultError } from './errors';
import { createIdpTokenExchanger } from './exchange';
import { DEFAULT_VAULT_TIMEOUT_MS, type TokenExchanger, type VaultSettings } from './settings';

/** REQ-limit-token-leeway A cached token counts as stale 60 seconds before it expires. */
export const TOKEN_STALE_LEEWAY_MS = 60_000;
/** Cached tokens kept at most (one per user and scope); expired ones are swept first. */
const MAX_CACHED_TOKENS = 10_000;

/** What the handlers call (@sentinel/service); this module is the server's implementation. */
export type { Vault, VaultUser };

export type VaultLog = { warn(details: object, message: string): void };

export function createVault(
  settings: VaultSettings,
  options: { readonly now?: () => Date; readonly log?: VaultLog; readonly fetch?: typeof fetch } = {},
): Vault {
  const now = options.now ?? (() => new Date());
  const timeoutMs = settings.timeoutMs ?? DEFAULT_VAULT_TIMEOUT_MS;
  const exchange: TokenExchanger =
    typeof settings.exchange === 'function'
      ? settings.exchange
      : createIdpTokenExchanger(settings.exchange, {
          timeoutMs,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
  const calendar = createCalendarClient({
    baseUrl: settings.calendarUrl,
    timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const cache = new Map<string, { token: string; staleAt: number }>();
  /** Exchanges in flight, so concurrent calls of one user share one. */
  const pending = new Map<string, Promise<string>>();
  const keyOf = (sub: string, scope: CalendarScope) => `${scope} ${sub}`;

  function remember(key: string, token: string, expiresIn: number) {
    const staleAt = now().getTime() + expiresIn * 1000 - TOKEN_STALE_LEEWAY_MS;
    if (staleAt <= now().getTime()) return;
    if (cache.size >= MAX_CACHED_TOKENS) {
      for (const [k, entry] of cache) if (entry.staleAt <= now().getTime()) cache.delete(k);
      // Still full: the oldest entry goes (a Map iterates in insertion order).
      if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value ?? '');
    }
    cache.set(key, { token, staleAt });
  }

  async function tokenFor(user: VaultUser, scope: CalendarScope): Promise<string> {
    const key = keyOf(user.sub, scope);
    const cached = cache.get(key);
    if (cached && cached.staleAt > now().getTime()) return cached.token;
    cache.delete(key);
    const running = pending.get(key);
    if (running) return running;
    // A user who disconnects while an exchange runs gets nothing cached from it (forget drops it from pending).
    const fresh: Promise<string> = exchange({ sub: user.sub, subjectToken: user.accessToken, scope })
      .then(({ accessToken, expiresIn }) => {
        if (pending.get(key) === fresh) remember(key, accessToken, expiresIn);
        return accessToken;
      })
      .finally(() => {
        if (pending.get(key) === fresh) pending.delete(key);
      });
    pending.set(key, fresh);
    return fresh;
  }

  /** Runs `call` with a calendar token; a refused cached token is replaced by a fresh one, once. */
  async function withToken<T>(user: VaultUser, scope: CalendarScope, call: (token: string) => Promise<T>) {
    try {
      try {
        return await call(await tokenFor(user, scope));
      } catch (error) {
        if (!(error instanceof CalendarTokenRefused)) throw error;
        cache.delete(keyOf(user.sub, scope));
        return await call(await tokenFor(user, scope));
      }
    } catch (error) {
      const failure =
        error instanceof VaultError
          ? error
          : new VaultError('exchange', `unexpected: ${(error as Error).name}`);
      options.log?.warn({ vault: failure.stage, reason: failure.message }, 'token vault call failed');
      throw failure;
    }
  }

  return {
    listEvents: (user) => withToken(user, 'calendar:read', (token) => calendar.listEvents(token)),
    addEvent: (user, draft) => withToken(user, 'calendar:write', (token) => calendar.addEvent(token, draft)),
    forget(sub) {
      for (const scope of ['calendar:read', 'calendar:write'] as const) {
        cache.delete(keyOf(sub, scope));
        pending.delete(keyOf(sub, scope));
      }
    },
  };
}
