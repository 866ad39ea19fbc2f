import { USER_FILTERS, filterUsers, type ManagedUser, type SignInStatus } from '@sentinel/domain';
import { seedUsers } from '@sentinel/mocks';
import { describe, expect, it } from 'vitest';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  canResendInvitation,
  canResetSecondFactor,
  createUserFilter,
  formatInvitationExpiry,
  hoursUntil,
  invitationExpiredText,
  invitationExpiresText,
  invitationSentMessage,
  resetSecondFactorQuestion,
  secondFactorResetMessage,
  secondFactorsText,
  signInSummary,
} from './UserManagement.utils';

/** The seeded users plus a few with mixed case, accents and shared words across fields. */
const users: ManagedUser[] = [
  ...seedUsers(),
  ...['ÉLODIE Durand', 'Dr. Ömer Kaya', 'Ann Doctor', 'Zoë Adminson'].map((name, i): ManagedUser => ({
    ...(seedUsers()[i] as ManagedUser),
    id: `extra-${i}`,
    name,
    email: `person.${i}@Example.COM`,
    department: i % 2 === 0 ? 'Cardiology' : '',
  })),
];

const SEARCHES = [
  '',
  '   ',
  'jane',
  'JANE',
  ' jane ',
  'doe',
  'e',
  'example.com',
  '@example',
  'cardio',
  'doctor',
  'admin',
  'élodie',
  'ömer',
  'zoë',
  'dr. ',
  'patientjane',
  'zzz',
  'a\u0000b',
];

describe('the user search of the user-management screen', () => {
  it('returns exactly what the domain rule filterUsers returns, for every filter and search', () => {
    const filterOf = createUserFilter(users);
    for (const filter of USER_FILTERS) {
      for (const search of SEARCHES) {
        expect(filterOf(search, filter), `${filter} / '${search}'`).toEqual(
          filterUsers(users, search, filter),
        );
      }
    }
  });

  it('finds a user by a word of their department, whatever its case', () => {
    const found = createUserFilter(users)('CARDIO', 'all').map((u) => u.id);
    expect(found).toContain('extra-0');
    expect(found).not.toContain('extra-1');
  });

  it('never matches across two fields, e.g. the end of a name and the start of an e-mail', () => {
    // Jane Doe's name ends in 'doe' and her e-mail starts with 'jane': 'doejane' spans the two.
    expect(createUserFilter(users)('doejane', 'all')).toEqual([]);
  });
});

const NOW = new Date('2026-11-02T14:30:00Z');
const UTC = { locale: 'en-US', timeZone: 'UTC' };
const NEW_YORK = { locale: 'en-US', timeZone: 'America/New_York' };

describe('when a pending invitation expires (invitationExpiresText)', () => {
  it('counts calendar days: today, tomorrow, in N days under a week, then the date', () => {
    expect(invitationExpiresText('2026-11-02T23:59:00Z', NOW, UTC)).toBe('Expires today');
    expect(invitationExpiresText('2026-11-03T00:01:00Z', NOW, UTC)).toBe('Expires tomorrow');
    expect(invitationExpiresText('2026-11-05T13:30:00Z', NOW, UTC)).toBe('Expires in 3 days');
    expect(invitationExpiresText('2026-11-08T10:00:00Z', NOW, UTC)).toBe('Expires in 6 days');
    expect(invitationExpiresText('2026-11-09T10:00:00Z', NOW, UTC)).toBe('Expires on Nov 9, 2026');
  });

  it('counts the days of the viewer’s time zone', () => {
    // 02:00 UTC on Nov 3 is still the evening of Nov 2 in New York.
    expect(invitationExpiresText('2026-11-03T02:00:00Z', NOW, UTC)).toBe('Expires tomorrow');
    expect(invitationExpiresText('2026-11-03T02:00:00Z', NOW, NEW_YORK)).toBe('Expires today');
  });

  it('says today for a time just past (the server still counts it pending) and nothing for a bad time', () => {
    expect(invitationExpiresText('2026-11-02T14:00:00Z', NOW, UTC)).toBe('Expires today');
    expect(invitationExpiresText('2026-10-30T14:00:00Z', NOW, UTC)).toBe('Expires today');
    expect(invitationExpiresText(undefined, NOW, UTC)).toBe('');
    expect(invitationExpiresText('not a time', NOW, UTC)).toBe('');
  });
});

describe('when an invitation ran out (invitationExpiredText)', () => {
  it('counts calendar days back: today, yesterday, N days ago under a week, then the date', () => {
    expect(invitationExpiredText('2026-11-02T01:00:00Z', NOW, UTC)).toBe('Expired today');
    expect(invitationExpiredText('2026-11-01T14:30:00Z', NOW, UTC)).toBe('Expired yesterday');
    expect(invitationExpiredText('2026-10-28T09:00:00Z', NOW, UTC)).toBe('Expired 5 days ago');
    expect(invitationExpiredText('2026-10-20T09:00:00Z', NOW, UTC)).toBe('Expired on Oct 20, 2026');
    expect(invitationExpiredText('', NOW, UTC)).toBe('');
  });
});

describe('the invitation expiry to the minute (formatInvitationExpiry)', () => {
  it('gives date, time and the zone it is told in', () => {
    expect(formatInvitationExpiry('2026-11-05T13:30:00Z', UTC)).toBe('Nov 5, 2026, 1:30 PM UTC');
    expect(formatInvitationExpiry('2026-11-05T13:30:00Z', NEW_YORK)).toBe('Nov 5, 2026, 8:30 AM EST');
    expect(formatInvitationExpiry('nonsense', UTC)).toBe('');
  });
});

describe('the second factors in words (secondFactorsText)', () => {
  it('names each factor once, the authenticator app first, and nothing for none', () => {
    expect(secondFactorsText(['totp'])).toBe('Authenticator app');
    expect(secondFactorsText(['passkey'])).toBe('Passkey');
    expect(secondFactorsText(['passkey', 'totp', 'passkey'])).toBe('Authenticator app, Passkey');
    expect(secondFactorsText([])).toBe('');
  });
});

describe('what the table says about a sign-in (signInSummary)', () => {
  it('gives each state a badge in words and a tone, and the line under it', () => {
    expect(
      signInSummary({ state: 'invited', secondFactors: [], invitationExpires: '2026-11-05T13:30:00Z' }, NOW),
    ).toEqual({ label: 'Invited', tone: 'info', detail: 'Expires in 3 days' });
    expect(
      signInSummary(
        { state: 'invitation-expired', secondFactors: [], invitationExpires: '2026-11-01T14:30:00Z' },
        NOW,
      ),
    ).toEqual({ label: 'Invitation expired', tone: 'caution', detail: 'Expired yesterday' });
    expect(signInSummary({ state: 'active', secondFactors: ['passkey', 'totp'] }, NOW)).toEqual({
      label: 'Active',
      tone: 'positive',
      detail: 'Authenticator app, Passkey',
    });
    expect(signInSummary({ state: 'unknown', secondFactors: [] }, NOW)).toEqual({
      label: 'Unknown',
      tone: 'neutral',
      detail: T.signIn.unreachable,
    });
  });

  it('says Password only for an active user without a second factor, and when no invitation was ever sent', () => {
    expect(signInSummary({ state: 'active', secondFactors: [] }, NOW)?.detail).toBe(T.signIn.passwordOnly);
    expect(signInSummary({ state: 'invitation-expired', secondFactors: [] }, NOW)?.detail).toBe(
      T.signIn.noInvitation,
    );
  });

  it('gives nothing when the server sent no sign-in state', () => {
    expect(signInSummary(undefined, NOW)).toBeUndefined();
  });
});

describe('which sign-in actions a user is offered', () => {
  it('offers Resend invitation only to an active user who has not set a password', () => {
    const active = (signIn: SignInStatus | undefined) => ({ status: 'active' as const, signIn });
    expect(canResendInvitation(active({ state: 'invited', secondFactors: [] }))).toBe(true);
    expect(canResendInvitation(active({ state: 'invitation-expired', secondFactors: [] }))).toBe(true);
    expect(canResendInvitation(active({ state: 'active', secondFactors: [] }))).toBe(false);
    expect(canResendInvitation(active({ state: 'unknown', secondFactors: [] }))).toBe(false);
    expect(canResendInvitation(active(undefined))).toBe(false);
    for (const status of ['suspended', 'inactive'] as const) {
      expect(canResendInvitation({ status, signIn: { state: 'invited', secondFactors: [] } })).toBe(false);
    }
  });

  it('offers Reset two-step verification only when a second factor is enrolled', () => {
    expect(canResetSecondFactor({ state: 'active', secondFactors: ['totp'] })).toBe(true);
    expect(canResetSecondFactor({ state: 'active', secondFactors: ['passkey'] })).toBe(true);
    expect(canResetSecondFactor({ state: 'active', secondFactors: [] })).toBe(false);
    expect(canResetSecondFactor(undefined)).toBe(false);
  });
});

describe('the messages of the sign-in actions', () => {
  it('says to whom the invitation went and for how many hours its link works, from the server’s expiry', () => {
    const hours = hoursUntil('2026-11-05T14:30:00Z', NOW);
    expect(hours).toBe(72);
    expect(invitationSentMessage('maria.lopez@example.com', hours)).toBe(
      'Invitation sent to maria.lopez@example.com. The link works for 72 hours.',
    );
    expect(invitationSentMessage('a@example.com', hoursUntil('2026-11-02T15:20:00Z', NOW))).toBe(
      'Invitation sent to a@example.com. The link works for 1 hour.',
    );
  });

  it('leaves the hours out when the expiry is missing, unreadable or past', () => {
    expect(hoursUntil(undefined, NOW)).toBeUndefined();
    expect(hoursUntil('soon', NOW)).toBeUndefined();
    expect(hoursUntil('2026-11-02T14:00:00Z', NOW)).toBeUndefined();
    expect(invitationSentMessage('a@example.com', undefined)).toBe('Invitation sent to a@example.com.');
  });

  it('asks before a reset, naming the factors that stop working and what the person must do', () => {
    expect(resetSecondFactorQuestion('Dr. Alice Smith', ['totp'])).toBe(
      "Dr. Alice Smith's second factor (Authenticator app) will stop working. They must set up two-step verification again the next time they sign in.",
    );
    expect(resetSecondFactorQuestion('Sam Admin', ['totp', 'passkey'])).toContain(
      'second factors (Authenticator app, Passkey) will stop working',
    );
    expect(secondFactorResetMessage('Sam Admin')).toBe(
      'Two-step verification was reset for Sam Admin. They will set it up again at their next sign-in.',
    );
  });
});
