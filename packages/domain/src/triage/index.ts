export { triage, TRIAGE_LEVELS } from './triage';
export type { TriageLevel, TriageMessage, TriageResult } from './triage';
