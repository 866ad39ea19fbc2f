/** Identity service status: REQ-data-identity-status and REQ-tool-identity-status. */
import type { IdentityStatus } from './entities';

/**
 * REQ-tool-identity-status: the initialized flag is set true on start, and the three features (token vault,
 * async authorization, fine-grained authorization) are all enabled whenever it is initialized.
 */
export function identityStatus(initialized: boolean, now: Date): IdentityStatus {
  return {
    initialized,
    features: { tokenVault: initialized, asyncAuth: initialized, fga: initialized },
    timestamp: now.toISOString(),
  };
}
