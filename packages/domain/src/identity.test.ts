import { describe, expect, it } from 'vitest';
import { IdentityStatusSchema } from './entities';
import { identityStatus } from './identity';

const now = new Date('2026-11-02T14:30:00Z');

describe('identity service status (REQ-tool-identity-status)', () => {
  it('enables all three features once initialized', () => {
    const status = identityStatus(true, now);
    expect(status).toEqual({
      initialized: true,
      features: { tokenVault: true, asyncAuth: true, fga: true },
      timestamp: '2026-11-02T14:30:00.000Z',
    });
    expect(IdentityStatusSchema.safeParse(status).success).toBe(true);
  });
  it('enables none before it is initialized', () => {
    expect(identityStatus(false, now).features).toEqual({ tokenVault: false, asyncAuth: false, fga: false });
  });
});
