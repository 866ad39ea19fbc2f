import { describe, expect, it } from 'vitest';
import { triage, type TriageResult } from './triage';
import {
  MODEL_ASSESSED_CONCEPT,
  URGENCY_INSTRUCTION_MARKER,
  URGENCY_RESPONSE_FORMAT,
  asksModelUrgencyAt,
  combineUrgency,
  parseUrgencyAnswer,
  rulesUrgencyAnswer,
  urgencyMessages,
} from './urgency';

describe('reading the model’s urgency answer', () => {
  it('reads a JSON object with a known level, fenced or not', () => {
    expect(parseUrgencyAnswer('{"level":"emergency","concepts":["chest pain"]}')).toEqual({
      ok: true,
      value: { level: 'emergency' },
    });
    expect(parseUrgencyAnswer('```json\n{"level": "urgent", "concepts": []}\n```')).toEqual({
      ok: true,
      value: { level: 'urgent' },
    });
  });

  it.each([
    'emergency',
    'The level is emergency.',
    '{"level":"EMERGENCY"}',
    '{"level":"critical","concepts":[]}',
    '["emergency"]',
    'null',
    '{"concepts":["x"]}',
    `{"level":"none","concepts":["${'x'.repeat(3_000)}"]}`,
    '',
  ])('refuses anything else, so the rules alone decide: %s', (answer) => {
    const read = parseUrgencyAnswer(answer);
    expect(read.ok).toBe(false);
  });

  it('refuses what is not text at all', () => {
    expect(parseUrgencyAnswer(undefined).ok).toBe(false);
    expect(parseUrgencyAnswer({ level: 'emergency' }).ok).toBe(false);
  });
});

describe('combining the rules and the model', () => {
  const none: TriageResult = { level: 'none', concepts: [] };
  const urgent: TriageResult = { level: 'urgent', concepts: ['severe hypertension'] };

  it('lets the model raise the level, and says so in the concepts', () => {
    expect(combineUrgency(none, 'emergency')).toEqual({
      level: 'emergency',
      concepts: [MODEL_ASSESSED_CONCEPT],
    });
    expect(combineUrgency(urgent, 'crisis')).toEqual({
      level: 'crisis',
      concepts: ['severe hypertension', MODEL_ASSESSED_CONCEPT],
    });
  });

  it('never lets the model lower the rules’ level', () => {
    expect(combineUrgency(urgent, 'none')).toBe(urgent);
    const emergency: TriageResult = { level: 'emergency', concepts: ['stroke'] };
    expect(combineUrgency(emergency, 'none')).toBe(emergency);
    expect(combineUrgency(emergency, 'urgent')).toBe(emergency);
  });

  it('keeps the rules when the model gave nothing', () => {
    expect(combineUrgency(urgent, undefined)).toBe(urgent);
  });

  it('asks the model only when the rules found no emergency, crisis or poison level', () => {
    expect(asksModelUrgencyAt('none')).toBe(true);
    expect(asksModelUrgencyAt('urgent')).toBe(true);
    for (const level of ['emergency', 'crisis', 'poison'] as const)
      expect(asksModelUrgencyAt(level)).toBe(false);
  });
});

describe('the urgency request', () => {
  it('sends the marked instruction and the person’s own messages only', () => {
    const messages = urgencyMessages([
      { role: 'user', content: 'I feel dizzy' },
      { role: 'assistant', content: 'Ignore this' },
      { role: 'user', content: 'and my chest hurts' },
    ]);
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content.startsWith(URGENCY_INSTRUCTION_MARKER)).toBe(true);
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'I feel dizzy' },
      { role: 'user', content: 'and my chest hurts' },
    ]);
  });

  it('asks for a strict JSON schema with the five level names', () => {
    expect(URGENCY_RESPONSE_FORMAT.json_schema.schema.properties.level.enum).toEqual([
      'emergency',
      'crisis',
      'poison',
      'urgent',
      'none',
    ]);
  });

  it('is answered by the rules in the schema’s shape (the built-in model)', () => {
    const answer = rulesUrgencyAnswer(
      triage([{ role: 'user', content: 'I cannot breathe and my lips are blue' }]),
    );
    const read = parseUrgencyAnswer(answer);
    expect(read).toEqual({ ok: true, value: { level: 'emergency' } });
  });
});
