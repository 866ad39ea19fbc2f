import { createContext, useContext, type ReactNode } from 'react';

/**
 * Runs `task` every `everyMs` milliseconds until the returned function is called. The portal's repeated work
 * (the session keep-alive) asks for its timer through this, so that tests drive time themselves instead of
 * spying on the global timers and racing the effects that set them.
 */
export type Repeat = (task: () => void, everyMs: number) => () => void;

/** The browser's interval timer. */
export const repeatWithInterval: Repeat = (task, everyMs) => {
  const timer = setInterval(task, everyMs);
  return () => clearInterval(timer);
};

const RepeatContext = createContext<Repeat>(repeatWithInterval);

/** Replaces the interval timer below it (tests); without it the portal uses the browser's. */
export function SchedulerProvider({ repeat, children }: { repeat: Repeat; children: ReactNode }) {
  return <RepeatContext.Provider value={repeat}>{children}</RepeatContext.Provider>;
}

export const useRepeat = (): Repeat => useContext(RepeatContext);
