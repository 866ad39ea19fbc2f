import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_CONFIG, authConfigFrom } from './config';

describe('the sign-in settings', () => {
  it('point at the embedded identity provider when nothing is configured', () => {
    expect(authConfigFrom({})).toEqual({
      domain: 'http://localhost:4000',
      clientId: 'sentinel-portal',
      audience: 'https://api.sentinel-health.example',
    });
  });

  it('take a real tenant from the environment', () => {
    expect(
      authConfigFrom({
        VITE_AUTH0_DOMAIN: 'acme.eu.auth0.com',
        VITE_AUTH0_CLIENT_ID: 'abc123',
        VITE_AUTH0_AUDIENCE: 'https://api.acme.example',
        VITE_ADMIN_EMAIL: 'chief@acme.example',
      }),
    ).toEqual({
      domain: 'acme.eu.auth0.com',
      clientId: 'abc123',
      audience: 'https://api.acme.example',
      adminEmail: 'chief@acme.example',
    });
  });

  it('drop trailing slashes from the domain, because the SDK adds one and expects that exact issuer', () => {
    expect(authConfigFrom({ VITE_AUTH0_DOMAIN: 'http://localhost:4000//' }).domain).toBe(
      'http://localhost:4000',
    );
  });

  it('treat blank values as unset', () => {
    const config = authConfigFrom({
      VITE_AUTH0_CLIENT_ID: '  ',
      VITE_ADMIN_EMAIL: '',
      VITE_AUTH0_DOMAIN: true,
    });
    expect(config.clientId).toBe(DEFAULT_AUTH_CONFIG.clientId);
    expect(config.domain).toBe(DEFAULT_AUTH_CONFIG.domain);
    expect(config).not.toHaveProperty('adminEmail');
  });
});
