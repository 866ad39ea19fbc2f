/** The token vault (REQ-tool-vault): calendar consent, token exchange, the calendar client, routes and tool. */
export { VaultError } from './errors';
export { createIdpTokenExchanger } from './exchange';
export { createCalendarClient, type CalendarClient, type CalendarEventDraft } from './calendar';
export { vaultRoutes, vaultConnectionOf, grantedScopes } from '@sentinel/service';
export {
  DEFAULT_CALENDAR_AUDIENCE,
  DEFAULT_CALENDAR_URL,
  vaultSettingsFromEnv,
  type ExchangedToken,
  type IdpExchangeSettings,
  type TokenExchanger,
  type VaultSettings,
} from './settings';
export { createVault, TOKEN_STALE_LEEWAY_MS, type Vault, type VaultUser } from './vault';
