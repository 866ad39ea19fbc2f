import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './passwordPolicy';

const email = 'maria.lopez@clinic.example';
const problemsOf = (password: string, forEmail = email) => {
  const check = checkPassword(password, { email: forEmail });
  return check.ok ? [] : check.problems;
};

describe('checkPassword', () => {
  it('accepts a long password that is neither common nor built from the e-mail', () => {
    expect(checkPassword('violet kettle orbit 42', { email })).toEqual({ ok: true });
  });

  it('refuses a password shorter than 12 characters with the length rule', () => {
    expect(checkPassword('Tr0ub4dor&3', { email })).toEqual({
      ok: false,
      problems: ['too-short'],
      messages: [PASSWORD_MESSAGES['too-short']],
    });
    expect(PASSWORD_MESSAGES['too-short']).toBe('Use at least 12 characters.');
  });

  it('counts characters, not bytes or UTF-16 units: 12 accented letters or emoji are enough, 11 are not', () => {
    expect(problemsOf('é'.repeat(MIN_PASSWORD_LENGTH))).toEqual([]);
    expect(problemsOf('🔒'.repeat(MIN_PASSWORD_LENGTH - 1))).toEqual(['too-short']);
  });

  it('accepts 128 characters and refuses 129', () => {
    const long = 'plum-river-'.repeat(20);
    expect(problemsOf(long.slice(0, MAX_PASSWORD_LENGTH))).toEqual([]);
    expect(problemsOf(long.slice(0, MAX_PASSWORD_LENGTH + 1))).toEqual(['too-long']);
  });

  it('refuses passwords from the common-passwords list, whatever their case', () => {
    const longCommon = dictionary['passwords-common'].filter((word) => word.length >= MIN_PASSWORD_LENGTH);
    expect(longCommon.length).toBeGreaterThan(100);
    for (const word of [longCommon[0] ?? '', longCommon[longCommon.length - 1] ?? '', 'Qwerty123456']) {
      expect(problemsOf(word), word).toEqual(['common']);
    }
    expect(problemsOf('password1234'.toUpperCase())).toEqual(['common']);
  });

  it('refuses the e-mail address and its local part, alone or inside a password, without case', () => {
    expect(problemsOf('Maria.Lopez@Clinic.Example')).toEqual(['contains-email']);
    expect(problemsOf('maria.lopez')).toEqual(['too-short', 'contains-email']);
    expect(problemsOf('MARIA.LOPEZ-2026!')).toEqual(['contains-email']);
    expect(problemsOf('my-maria_lopez-pass')).toEqual(['contains-email']);
  });

  it('does not refuse a password for holding a very short local part inside it', () => {
    expect(problemsOf('jolly violet kettle', 'jo@clinic.example')).toEqual([]);
    expect(problemsOf('jo', 'jo@clinic.example')).toEqual(['too-short', 'contains-email']);
  });

  it('lists every broken rule with its own message', () => {
    const check = checkPassword('password', { email: 'password@clinic.example' });
    expect(check).toEqual({
      ok: false,
      problems: ['too-short', 'common', 'contains-email'],
      messages: [
        PASSWORD_MESSAGES['too-short'],
        PASSWORD_MESSAGES.common,
        PASSWORD_MESSAGES['contains-email'],
      ],
    });
  });
});
