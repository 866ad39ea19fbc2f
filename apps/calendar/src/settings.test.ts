import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './settings';

describe('calendar settings', () => {
  it('default to port 4100, the embedded issuer, the calendar audience and a git-ignored data folder', () => {
    const settings = settingsFromEnv({});
    expect(settings).toMatchObject({
      port: 4100,
      host: 'localhost',
      issuer: 'http://localhost:4000/',
      audience: 'urn:sentinel:calendar',
      jwksUrl: 'http://localhost:4000/.well-known/jwks.json',
    });
    expect(settings.dataDir.endsWith(path.join('apps', 'calendar', '.data'))).toBe(true);
  });

  it('read the environment, treating empty values as unset', () => {
    const settings = settingsFromEnv({
      CALENDAR_PORT: '4200',
      CALENDAR_ISSUER: 'https://tenant.example.com',
      CALENDAR_AUDIENCE: '',
      CALENDAR_DATA_DIR: '/tmp/calendar-data',
    });
    expect(settings).toMatchObject({
      port: 4200,
      issuer: 'https://tenant.example.com/',
      audience: 'urn:sentinel:calendar',
      jwksUrl: 'https://tenant.example.com/.well-known/jwks.json',
      dataDir: '/tmp/calendar-data',
    });
  });

  it('answer the loopback names unless CALENDAR_ALLOWED_HOSTS lists others', () => {
    expect(settingsFromEnv({}).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(
      settingsFromEnv({ CALENDAR_ALLOWED_HOSTS: ' calendar.internal:4100, localhost ,' }).allowedHosts,
    ).toEqual(['calendar.internal:4100', 'localhost']);
  });

  it('stop with an error naming the variable when a value is set but unusable', () => {
    expect(() => settingsFromEnv({ CALENDAR_PORT: '41OO' })).toThrow(
      'CALENDAR_PORT must be a whole number from 0 to 65535, not "41OO".',
    );
    expect(() => settingsFromEnv({ CALENDAR_ISSUER: 'localhost:4000' })).toThrow(
      /^CALENDAR_ISSUER must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => settingsFromEnv({ CALENDAR_LOG_LEVEL: 'loud' })).toThrow(
      /^CALENDAR_LOG_LEVEL must be one of/,
    );
  });
});
