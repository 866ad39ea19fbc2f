import { describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS, bearerCredential, isAllowedHost, sameSecret } from './serviceAccess';

describe('isAllowedHost', () => {
  it('accepts the loopback names on any port when no port is listed', () => {
    for (const host of ['localhost:5050', '127.0.0.1:4100', '[::1]:5050', 'LOCALHOST:5050', 'localhost']) {
      expect(isAllowedHost(host, LOOPBACK_HOSTS), host).toBe(true);
    }
  });

  it('refuses a page that rebound its own name to the loopback address, and anything malformed', () => {
    for (const host of [
      'attacker.example:5050',
      'localhost.attacker.example:5050',
      '127.0.0.1.nip.io:5050',
      'localhost:5050@attacker.example',
      'localhost:abc',
      '',
      ' ',
      undefined,
    ]) {
      expect(isAllowedHost(host, LOOPBACK_HOSTS), String(host)).toBe(false);
    }
  });

  it('holds an entry with a port to that port', () => {
    expect(isAllowedHost('model.internal:5050', ['model.internal:5050'])).toBe(true);
    expect(isAllowedHost('model.internal:5051', ['model.internal:5050'])).toBe(false);
    expect(isAllowedHost('model.internal', ['model.internal:5050'])).toBe(false);
  });
});

describe('sameSecret', () => {
  it('is true for the same secret only', () => {
    expect(sameSecret('s3cret-key', 's3cret-key')).toBe(true);
    expect(sameSecret('s3cret-kez', 's3cret-key')).toBe(false);
    expect(sameSecret('s3cret-ke', 's3cret-key')).toBe(false);
    expect(sameSecret('s3cret-key-and-more', 's3cret-key')).toBe(false);
    expect(sameSecret('', 's3cret-key')).toBe(false);
  });

  it('never accepts an empty expected secret', () => {
    expect(sameSecret('', '')).toBe(false);
  });
});

describe('bearerCredential', () => {
  it('reads the credential of a Bearer header, case-insensitively', () => {
    expect(bearerCredential('Bearer abc.DEF_-')).toBe('abc.DEF_-');
    expect(bearerCredential('bearer abc')).toBe('abc');
  });

  it('reads nothing from another scheme, an empty header or a credential with spaces', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer ', 'Bearer a b', '', undefined]) {
      expect(bearerCredential(header), String(header)).toBeUndefined();
    }
  });
});
