import { createContext, useContext, type ReactNode } from 'react';

/**
 * The clock, locale and time zone screens format with. The portal uses the real clock and the viewer's zone;
 * stories and tests fix them (2026-11-02T14:30Z, en-US, UTC) so every render is the same.
 */
export type Clock = { now: () => Date; locale: string; timeZone: string };

const defaultClock: Clock = {
  now: () => new Date(),
  locale: 'en-US',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
};

const ClockContext = createContext<Clock>(defaultClock);

export function ClockProvider({ clock, children }: { clock: Partial<Clock>; children: ReactNode }) {
  return <ClockContext.Provider value={{ ...defaultClock, ...clock }}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}
