/**
 * The seeded calendar (REQ-access-owner): an appointment's event is on the calendar of its owner account and its doctor, never
 * on the calendar of whoever the appointment's e-mail or name happens to name.
 */
import type { Appointment } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, PERSONA_LIST, seed } from '@sentinel/demo-data';
import { describe, expect, it } from 'vitest';
import { seedEvents } from './store';

const OTHER_JANE_SUB = 'auth0|sentinel-patient-000101';

function appointment(overrides: Partial<Appointment>): Appointment {
  const base = seed(FIXED_NOW).appointments.find((a) => a.status === 'scheduled' && a.date !== '');
  if (!base) throw new Error('the seed has no scheduled appointment');
  return { ...base, ...overrides };
}

describe('the seeded calendar', () => {
  it('puts an appointment on its owner’s calendar, whatever e-mail and name it carries', () => {
    const namesake = appointment({ ownerId: OTHER_JANE_SUB, patientEmail: PERSONAS.jane.email });
    const [stored] = seedEvents([namesake], PERSONA_LIST);
    expect(stored?.owners).toContain(OTHER_JANE_SUB);
    expect(stored?.owners).not.toContain(PERSONAS.jane.sub);
  });

  it('puts an appointment without owner on its doctor’s calendar only', () => {
    const unowned = appointment({ doctorName: PERSONAS.alice.name });
    delete unowned.ownerId;
    const [stored] = seedEvents([{ ...unowned, patientEmail: PERSONAS.jane.email }], PERSONA_LIST);
    expect(stored?.owners).toStrictEqual([PERSONAS.alice.sub]);
  });

  it('finds the doctor among the accounts it is given, and leaves out an event nobody is found for', () => {
    const unowned = appointment({ doctorName: PERSONAS.alice.name });
    delete unowned.ownerId;
    const directory = [{ sub: 'auth0|other-doctor-000001', name: PERSONAS.alice.name, role: 'doctor' }];
    expect(seedEvents([unowned], directory).map((stored) => stored.owners)).toStrictEqual([
      ['auth0|other-doctor-000001'],
    ]);
    expect(seedEvents([unowned], [{ ...directory[0]!, role: 'nurse' }])).toStrictEqual([]);
    expect(seedEvents([unowned], [])).toStrictEqual([]);
  });

  it('gives each seeded patient the events of their own appointments', () => {
    const appointments = seed(FIXED_NOW).appointments;
    for (const stored of seedEvents(appointments, PERSONA_LIST)) {
      const source = appointments.find((a) => a.id === stored.event.appointmentId);
      expect(stored.owners).toContain(source?.ownerId);
    }
  });
});
