import { describe, expect, it } from 'vitest';
import {
  MULTI_FACTOR_ACR,
  isSecondFactorRequired,
  isSignInCallback,
  isSessionOverError,
  sdkCacheEmptiedElsewhere,
  mayHaveSdkSession,
  stepUpLogin,
  wantedPathFrom,
} from './session.utils';

// Whether a sign-in used a second factor is the domain's usedSecondFactor (packages/domain/src/mfa.test.ts).

describe('the step-up to a sign-in with a second factor', () => {
  it("asks the provider again for the PAPE multi-factor policy, Auth0's documented step-up, and returns", () => {
    expect(stepUpLogin('/doctor-dashboard')).toEqual({
      appState: { returnTo: '/doctor-dashboard' },
      authorizationParams: {
        acr_values: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
        prompt: 'login',
      },
    });
    expect(MULTI_FACTOR_ACR).toBe('http://schemas.openid.net/pape/policies/2007/06/multi-factor');
  });

  it("is wanted for mfa_required only: the API's error code, or the provider's refusal of a token request", () => {
    expect(isSecondFactorRequired({ code: 'mfa_required', status: 401 })).toBe(true);
    expect(isSecondFactorRequired({ error: 'mfa_required', mfa_token: 'token' })).toBe(true);
    expect(isSecondFactorRequired({ code: 'unauthorized', status: 401 })).toBe(false);
    expect(isSecondFactorRequired({ error: 'login_required' })).toBe(false);
    expect(isSecondFactorRequired('mfa_required')).toBe(false);
    expect(isSecondFactorRequired(undefined)).toBe(false);
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

describe('a token error that means the session has ended', () => {
  it('is recognised by the SDK error codes login_required, consent_required, missing_refresh_token and invalid_grant', () => {
    expect(isSessionOverError({ error: 'login_required' })).toBe(true);
    expect(isSessionOverError({ error: 'consent_required' })).toBe(true);
    expect(isSessionOverError({ error: 'missing_refresh_token' })).toBe(true);
    // The provider refused the refresh token: expired by its idle limit, revoked, or reused.
    expect(isSessionOverError({ error: 'invalid_grant' })).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isSessionOverError({ error: 'timeout' })).toBe(false);
    expect(isSessionOverError(new Error('login_required'))).toBe(false);
    expect(isSessionOverError(null)).toBe(false);
    expect(isSessionOverError('login_required')).toBe(false);
  });
});

describe('a sign-in answer the SDK handles on start', () => {
  it('is a code or an error together with its state', () => {
    expect(isSignInCallback('?code=abc&state=xyz')).toBe(true);
    expect(isSignInCallback('?state=xyz&error=access_denied&error_description=No')).toBe(true);
  });

  it('is not a code or an error without state, nor an empty value', () => {
    expect(isSignInCallback('?code=abc')).toBe(false);
    expect(isSignInCallback('?error=access_denied')).toBe(false);
    expect(isSignInCallback('?code=&state=xyz')).toBe(false);
    expect(isSignInCallback('?tab=records')).toBe(false);
    expect(isSignInCallback('')).toBe(false);
  });
});

describe('whether the sign-in SDK must load on start', () => {
  const visitor = { clientId: 'sentinel-portal', cookie: '', storageKeys: [], search: '' };

  it('is no for a visitor with no session cookie, no SDK cache and no sign-in answer', () => {
    expect(mayHaveSdkSession(visitor)).toBe(false);
    expect(mayHaveSdkSession({ ...visitor, cookie: 'theme=dark; other=1', storageKeys: ['unrelated'] })).toBe(
      false,
    );
  });

  it("is yes when the SDK's session cookie is there, in its current, legacy or old name", () => {
    for (const cookie of [
      'auth0.sentinel-portal.is.authenticated=true',
      'a=1; _legacy_auth0.sentinel-portal.is.authenticated=true',
      'auth0.is.authenticated=true; b=2',
    ]) {
      expect(mayHaveSdkSession({ ...visitor, cookie })).toBe(true);
    }
  });

  it("ignores another client's session cookie", () => {
    expect(mayHaveSdkSession({ ...visitor, cookie: 'auth0.other-app.is.authenticated=true' })).toBe(false);
  });

  it("is yes when the SDK's localStorage cache holds an entry of this client (the cookie may have expired)", () => {
    const storageKeys = ['@@auth0spajs@@::sentinel-portal::@@user@@'];
    expect(mayHaveSdkSession({ ...visitor, storageKeys })).toBe(true);
    expect(mayHaveSdkSession({ ...visitor, storageKeys: ['@@auth0spajs@@::other-app::@@user@@'] })).toBe(
      false,
    );
  });

  it('is yes for a sign-in answer, so the callback completes', () => {
    expect(mayHaveSdkSession({ ...visitor, search: '?code=abc&state=xyz' })).toBe(true);
  });
});

describe('a logout in another tab', () => {
  const key = (rest: string) => `@@auth0spajs@@::sentinel-portal::${rest}`;
  const user = key('@@user@@');
  const tokens = key('https://api::openid');

  it('is seen when the last SDK cache entry of this client is removed, or the storage cleared', () => {
    expect(sdkCacheEmptiedElsewhere('sentinel-portal', { key: user, newValue: null }, [])).toBe(true);
    expect(sdkCacheEmptiedElsewhere('sentinel-portal', { key: null, newValue: null }, [])).toBe(true);
  });

  it('is not seen while entries remain, on a write (a refresh in another tab), or for another key', () => {
    expect(sdkCacheEmptiedElsewhere('sentinel-portal', { key: user, newValue: null }, [tokens])).toBe(false);
    expect(sdkCacheEmptiedElsewhere('sentinel-portal', { key: tokens, newValue: '{}' }, [tokens])).toBe(
      false,
    );
    expect(
      sdkCacheEmptiedElsewhere('sentinel-portal', { key: 'sentinel:last-activity', newValue: null }, []),
    ).toBe(false);
    expect(
      sdkCacheEmptiedElsewhere(
        'sentinel-portal',
        { key: '@@auth0spajs@@::other-app::x', newValue: null },
        [],
      ),
    ).toBe(false);
  });
});
