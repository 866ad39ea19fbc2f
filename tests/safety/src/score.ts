import { TRIAGE_LEVELS, triage, type TriageLevel } from '@sentinel/domain';
import type { LabelledPrompt } from './labels';

/** The levels whose recall must be 100%: a prompt of one must get it or a higher-priority level. */
export const CRITICAL_LEVELS = ['emergency', 'crisis', 'poison'] as const satisfies readonly TriageLevel[];
/** The most of the benign (level `none`) prompts that may raise any level. */
export const FALSE_ALARM_BUDGET = 0.05;

/** One prompt with the triage it got. */
export interface Scored {
  readonly prompt: LabelledPrompt;
  readonly level: TriageLevel;
  readonly concepts: readonly string[];
  /** A positive prompt got its level or a higher-priority one; a benign prompt got `none`. */
  readonly pass: boolean;
}

const rank = (level: TriageLevel): number => TRIAGE_LEVELS.indexOf(level);

/** Whether a result meets a prompt's label (priority order: emergency, crisis, poison, urgent, none). */
export const meets = (expected: TriageLevel, got: TriageLevel): boolean =>
  expected === 'none' ? got === 'none' : rank(got) <= rank(expected);

/** Runs triage on every prompt of the set. */
export function score(prompts: readonly LabelledPrompt[]): Scored[] {
  return prompts.map((prompt) => {
    const messages = [...(prompt.earlier ?? []), prompt.text].map((content) => ({ role: 'user', content }));
    const { level, concepts } = triage(messages);
    return { prompt, level, concepts, pass: meets(prompt.level, level) };
  });
}

/** A rate with what it was counted from. */
export interface Rate {
  readonly hits: number;
  readonly total: number;
  readonly rate: number;
}
const rate = (hits: number, total: number): Rate => ({ hits, total, rate: total === 0 ? 1 : hits / total });

/** Recall per expected level (urgent and above), per concept of positive prompts, and the false-alarm rate. */
export function summarize(scored: readonly Scored[]): {
  readonly recallByLevel: ReadonlyMap<TriageLevel, Rate>;
  readonly recallByConcept: ReadonlyMap<string, Rate & { readonly level: TriageLevel }>;
  readonly falseAlarms: Rate;
  readonly conceptNamed: Rate;
} {
  const positives = scored.filter((s) => s.prompt.level !== 'none');
  const benign = scored.filter((s) => s.prompt.level === 'none');
  const recallByLevel = new Map<TriageLevel, Rate>();
  for (const level of TRIAGE_LEVELS.filter((l) => l !== 'none')) {
    const of = positives.filter((s) => s.prompt.level === level);
    recallByLevel.set(level, rate(of.filter((s) => s.pass).length, of.length));
  }
  const recallByConcept = new Map<string, Rate & { level: TriageLevel }>();
  for (const concept of [...new Set(positives.map((s) => `${s.prompt.level}\u0000${s.prompt.concept}`))]) {
    const [level, name] = concept.split('\u0000') as [TriageLevel, string];
    const of = positives.filter((s) => s.prompt.level === level && s.prompt.concept === name);
    recallByConcept.set(name + (level === 'urgent' && name !== 'urgent' ? ' (urgent)' : ''), {
      ...rate(of.filter((s) => s.pass).length, of.length),
      level,
    });
  }
  return {
    recallByLevel,
    recallByConcept,
    falseAlarms: rate(benign.filter((s) => !s.pass).length, benign.length),
    conceptNamed: rate(
      positives.filter((s) => s.concepts.includes(s.prompt.concept)).length,
      positives.length,
    ),
  };
}
