import { USER_FILTERS, filterUsers, type ManagedUser } from '@sentinel/domain';
import { seedUsers } from '@sentinel/mocks';
import { describe, expect, it } from 'vitest';
import { createUserFilter } from './UserManagement.utils';

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
