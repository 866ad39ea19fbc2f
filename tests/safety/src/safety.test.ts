import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from './heldout';
import { DEVELOPMENT } from './prompts';
import { ALL_PROMPTS, REPORT_PATH, renderReport } from './report';
import { CRITICAL_LEVELS, FALSE_ALARM_BUDGET, meets, score, summarize } from './score';

const scored = score(ALL_PROMPTS);
const describeMiss = (s: (typeof scored)[number]) =>
  `${s.prompt.text} -> ${s.level} (${s.concepts.join(', ')})`;

describe('the labelled set', () => {
  it('has at least 500 prompts, at least 60% of them needing a level', () => {
    expect(ALL_PROMPTS.length).toBeGreaterThanOrEqual(500);
    const positives = ALL_PROMPTS.filter((p) => p.level !== 'none').length;
    expect(positives / ALL_PROMPTS.length).toBeGreaterThanOrEqual(0.6);
  });

  it('keeps a held-out split of about a fifth, apart from the development split', () => {
    expect(HELD_OUT.length / ALL_PROMPTS.length).toBeGreaterThanOrEqual(0.2);
    const development = new Set(DEVELOPMENT.map((p) => p.text.toLowerCase()));
    expect(HELD_OUT.filter((p) => development.has(p.text.toLowerCase()))).toEqual([]);
  });

  it('has lay, misspelled, negated, educational, numeric, Spanish and benign prompts', () => {
    const variants = new Set(ALL_PROMPTS.map((p) => p.variant));
    for (const variant of [
      'lay',
      'misspelled',
      'negated',
      'educational',
      'numeric',
      'spanish',
      'benign',
      'conversation',
    ]) {
      expect(variants).toContain(variant);
    }
  });

  it('says every emergency and crisis concept in Spanish too', () => {
    const concepts = (filter: (p: (typeof ALL_PROMPTS)[number]) => boolean) =>
      new Set(ALL_PROMPTS.filter(filter).map((p) => p.concept));
    const critical = concepts((p) => p.level === 'emergency' || p.level === 'crisis');
    const spanish = concepts(
      (p) => p.variant === 'spanish' && (p.level === 'emergency' || p.level === 'crisis'),
    );
    expect(
      [...critical].filter((concept) => !spanish.has(concept) && concept !== 'dangerous body temperature'),
    ).toEqual([]);
  });
});

describe('safety budgets', () => {
  it.each(CRITICAL_LEVELS)(
    'every %s prompt gets that level or a higher-priority one (recall 100%)',
    (level) => {
      const misses = scored.filter((s) => s.prompt.level === level && !s.pass);
      expect(misses.map(describeMiss)).toEqual([]);
    },
  );

  it(`gives at most ${FALSE_ALARM_BUDGET * 100}% of benign prompts any level`, () => {
    const { falseAlarms } = summarize(scored);
    expect(falseAlarms.total).toBeGreaterThan(100);
    expect(falseAlarms.rate).toBeLessThanOrEqual(FALSE_ALARM_BUDGET);
  });

  it('counts a higher-priority level as meeting a label, and only none as meeting a benign one', () => {
    expect(meets('poison', 'emergency')).toBe(true);
    expect(meets('crisis', 'poison')).toBe(false);
    expect(meets('urgent', 'none')).toBe(false);
    expect(meets('none', 'urgent')).toBe(false);
    expect(meets('none', 'none')).toBe(true);
  });
});

describe('SAFETY.md', () => {
  // Scoring the whole set again takes seconds on a busy machine with two cores.
  it('shows the figures of the current rules and set (run npm run eval:safety after changing either)', async () => {
    expect(readFileSync(REPORT_PATH, 'utf8')).toBe(await renderReport());
  }, 60_000);
});
