import { describe, expect, it } from 'vitest';
import { isSignedOutTokenError, usedSecondFactor, wantedPathFrom } from './session.utils';

describe('whether the sign-in used a second factor', () => {
  it('is yes when amr names otp (the embedded provider) or mfa (Auth0)', () => {
    expect(usedSecondFactor({ amr: ['pwd', 'otp'] })).toBe(true);
    expect(usedSecondFactor({ amr: ['mfa'] })).toBe(true);
  });

  it('is no for a password only, a malformed amr, or no claims at all', () => {
    expect(usedSecondFactor({ amr: ['pwd'] })).toBe(false);
    expect(usedSecondFactor({ amr: 'otp' })).toBe(false);
    expect(usedSecondFactor({})).toBe(false);
    expect(usedSecondFactor(undefined)).toBe(false);
  });
});

describe('the path a visitor wanted before being sent to /', () => {
  it('is read from the router state when it is a path of this site', () => {
    expect(wantedPathFrom({ returnTo: '/admin-dashboard' })).toBe('/admin-dashboard');
  });

  it('is ignored when it would leave the site or is not a path', () => {
    expect(wantedPathFrom({ returnTo: '//evil.example' })).toBeUndefined();
    expect(wantedPathFrom({ returnTo: '/\\evil.example' })).toBeUndefined();
    expect(wantedPathFrom({ returnTo: 'https://evil.example/' })).toBeUndefined();
    expect(wantedPathFrom({ returnTo: 42 })).toBeUndefined();
    expect(wantedPathFrom({})).toBeUndefined();
    expect(wantedPathFrom(null)).toBeUndefined();
    expect(wantedPathFrom('/admin-dashboard')).toBeUndefined();
  });
});

describe('a silent token error that means the session has ended', () => {
  it('is recognised by the SDK error codes login_required, consent_required and missing_refresh_token', () => {
    expect(isSignedOutTokenError({ error: 'login_required' })).toBe(true);
    expect(isSignedOutTokenError({ error: 'consent_required' })).toBe(true);
    expect(isSignedOutTokenError({ error: 'missing_refresh_token' })).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isSignedOutTokenError({ error: 'timeout' })).toBe(false);
    expect(isSignedOutTokenError(new Error('login_required'))).toBe(false);
    expect(isSignedOutTokenError(null)).toBe(false);
    expect(isSignedOutTokenError('login_required')).toBe(false);
  });
});
