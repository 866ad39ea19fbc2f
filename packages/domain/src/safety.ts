/**
 * Red-flag symptoms (REQ-triage-first, REQ-triage-replies: triaged before any model call, every such prompt
 * gets its banner), read by the clinical triage (REQ-triage; see triage/ and docs/clinical-safety.md): a red
 * flag is a concept of the emergency, crisis or poison level. A false alarm costs a banner, a miss could cost
 * a life.
 */
import type { TriageLevel } from './triage';
import { raiseConcepts } from './triage/triage';

const RED_FLAG_LEVELS: ReadonlySet<TriageLevel> = new Set(['emergency', 'crisis', 'poison']);

/** The red flags a message raises, on its own: emergency first, then crisis, then poison; empty when none. */
export function detectRedFlags(message: string): string[] {
  return raiseConcepts([{ role: 'user', content: message }])
    .filter(({ level }) => RED_FLAG_LEVELS.has(level))
    .map(({ concept }) => concept);
}

/** Whether a message needs the emergency banner (an emergency, crisis or poison level). */
export const isEmergency = (message: string): boolean => detectRedFlags(message).length > 0;
