/**
 * The calendar's events, each with its owners (the subjects whose calendar shows it), kept in one JSON file
 * written atomically (a temporary file, then a rename), so a crash leaves the old file or the new one, never
 * half of one. Seeded on first start from the appointments and accounts main.ts passes in (the demo data): an
 * appointment's event belongs to its owner (the patient's account) and to its doctor.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calendarEventsFromAppointments, compareCalendarEvents, type Appointment } from '@sentinel/domain';
import { CalendarEventSchema, type CalendarEvent } from '@sentinel/domain/contract';
import { z } from 'zod';

export const EVENTS_FILE = 'events.json';
/** Ids of added events: 'evt-1001', 'evt-1002', ... as the API's and the mocks' generated ids. */
export const FIRST_EVENT_NUMBER = 1001;
/** Nobody's calendar grows without bound. */
export const MAX_EVENTS_PER_OWNER = 500;

const StoredEventSchema = z.strictObject({
  owners: z.array(z.string().min(1)).min(1),
  event: CalendarEventSchema,
});
export type StoredEvent = z.infer<typeof StoredEventSchema>;

const FileSchema = z.strictObject({
  version: z.literal(1),
  nextNumber: z.number().int().min(FIRST_EVENT_NUMBER),
  events: z.array(StoredEventSchema),
});
type EventsFile = z.infer<typeof FileSchema>;

/** An account of the directory the seed is built from: a doctor's calendar is found by the doctor's name. */
export type SeedAccount = { readonly sub: string; readonly name: string; readonly role: string };

/** Who reads: their own events, or every event (an administrator). */
export type Viewer = { readonly sub: string; readonly seesAll: boolean };

/** A new event, before it has an id. */
export type EventDraft = Omit<CalendarEvent, 'id'>;

export class CalendarFullError extends Error {
  override readonly name = 'CalendarFullError';
}

export type CalendarStore = {
  /** The viewer's events, earliest first. */
  eventsFor(viewer: Viewer): CalendarEvent[];
  /** Adds an event to the owner's calendar and persists it before resolving. */
  add(owner: string, draft: EventDraft): Promise<CalendarEvent>;
  /** Waits for writes in progress. */
  close(): Promise<void>;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The doctor an appointment names (appointments name their doctor, not a subject). */
const doctorNamed = (accounts: readonly SeedAccount[], name: string): SeedAccount | undefined =>
  accounts.find((p) => p.role === 'doctor' && same(p.name, name));

/**
 * The seeded calendar: the domain's events of the appointments (dated, not cancelled), each owned by the
 * appointment's owner account (REQ-access-owner) and its doctor (by name, among `accounts`). An event
 * nobody can be found for is left out.
 */
export function seedEvents(
  appointments: readonly Appointment[],
  accounts: readonly SeedAccount[],
): StoredEvent[] {
  const byId = new Map(appointments.map((a) => [a.id, a]));
  return calendarEventsFromAppointments(appointments).flatMap((event) => {
    const appointment = event.appointmentId ? byId.get(event.appointmentId) : undefined;
    if (!appointment) return [];
    const owners = [appointment.ownerId, doctorNamed(accounts, appointment.doctorName)?.sub]
      .filter((sub): sub is string => sub !== undefined)
      .filter((sub, i, all) => all.indexOf(sub) === i);
    return owners.length > 0 ? [{ owners, event }] : [];
  });
}

async function writeAtomic(file: string, value: EventsFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(value), { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function readEventsFile(file: string): Promise<EventsFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A file that does not parse is not silently replaced by the seed: that would lose the user's events.
  return FileSchema.parse(JSON.parse(text));
}

/**
 * Opens the store in `dataDir`: reads `events.json`, or on first start creates it from `seed` (the
 * appointments to seed with) and `accounts` (whose doctors' calendars the events go on too).
 */
export async function openCalendarStore(options: {
  readonly dataDir: string;
  readonly seed: readonly Appointment[];
  readonly accounts: readonly SeedAccount[];
}): Promise<CalendarStore> {
  const file = path.join(options.dataDir, EVENTS_FILE);
  let data = await readEventsFile(file);
  if (!data) {
    data = { version: 1, nextNumber: FIRST_EVENT_NUMBER, events: seedEvents(options.seed, options.accounts) };
    await writeAtomic(file, data);
  }
  let state: EventsFile = data;
  // Writes one after another, so the file always holds the latest state.
  let writing: Promise<unknown> = Promise.resolve();

  return {
    eventsFor(viewer) {
      return state.events
        .filter((stored) => viewer.seesAll || stored.owners.includes(viewer.sub))
        .map((stored) => stored.event)
        .sort(compareCalendarEvents);
    },

    add(owner, draft) {
      const run = writing.then(async () => {
        const owned = state.events.filter((stored) => stored.owners.includes(owner)).length;
        if (owned >= MAX_EVENTS_PER_OWNER) throw new CalendarFullError('This calendar is full.');
        const event: CalendarEvent = { ...draft, id: `evt-${state.nextNumber}` };
        const next: EventsFile = {
          ...state,
          nextNumber: state.nextNumber + 1,
          events: [...state.events, { owners: [owner], event }],
        };
        await writeAtomic(file, next);
        state = next;
        return event;
      });
      writing = run.catch(() => undefined);
      return run;
    },

    async close() {
      await writing;
    },
  };
}
