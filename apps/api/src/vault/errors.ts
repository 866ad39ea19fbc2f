/**
 * Why the token vault could not reach the calendar. The reason is for the server's log only: users get the
 * REQ-model calendar failure text, never the provider's or the service's answer.
 */
export class VaultError extends Error {
  override readonly name = 'VaultError';
  constructor(
    readonly stage: 'exchange' | 'calendar',
    reason: string,
  ) {
    super(`${stage}: ${reason}`);
  }
}
