/**
 * The API's client of the calendar service: GET /events and POST /events with a calendar token. Answers are
 * checked against the contract's schemas; anything else is a VaultError (`unauthorized` is told apart, so the
 * vault can exchange a fresh token once).
 */
import {
  CalendarEventListResponseSchema,
  CalendarEventSchema,
  type CalendarEvent,
} from '@sentinel/domain/contract';
import type { z } from 'zod';
import { VaultError } from './errors';

/** A new event for the calendar: everything but the id the service gives it. */
export type CalendarEventDraft = Omit<CalendarEvent, 'id'>;

export class CalendarTokenRefused extends VaultError {
  constructor() {
    super('calendar', 'the calendar refused the token (401)');
  }
}

export type CalendarClient = {
  listEvents(token: string): Promise<CalendarEvent[]>;
  addEvent(token: string, draft: CalendarEventDraft): Promise<CalendarEvent>;
};

export function createCalendarClient(options: {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}): CalendarClient {
  const send = options.fetch ?? fetch;

  async function call<T>(
    path: string,
    token: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    expected: number,
    schema: z.ZodType<T>,
  ): Promise<T> {
    let response: Response;
    try {
      response = await send(`${options.baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new VaultError('calendar', `the calendar did not answer (${(error as Error).name})`);
    }
    if (response.status === 401) throw new CalendarTokenRefused();
    if (response.status !== expected) {
      throw new VaultError('calendar', `the calendar answered ${response.status} to ${init.method} ${path}`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new VaultError('calendar', `the calendar's answer to ${init.method} ${path} is malformed`);
    return parsed.data;
  }

  return {
    listEvents: async (token) =>
      (await call('/events', token, { method: 'GET' }, 200, CalendarEventListResponseSchema)).items,
    addEvent: (token, draft) =>
      call('/events', token, { method: 'POST', body: draft }, 201, CalendarEventSchema),
  };
}
