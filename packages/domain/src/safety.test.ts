import { describe, expect, it } from 'vitest';
import { detectRedFlags, isEmergency } from './safety';

describe('red-flag symptoms', () => {
  it.each([
    ['I have crushing chest pain', 'chest pain'],
    ['my face is drooping and I have slurred speech', 'stroke signs'],
    ['I keep thinking about suicide', 'suicidal thoughts'],
    ['I want to kill myself', 'suicidal thoughts'],
    ["the cut won't stop bleeding", 'severe bleeding'],
    ['my throat is swelling after a bee sting', 'anaphylaxis'],
    ['I can’t breathe', 'breathing difficulty'],
    ['my father passed out', 'unconsciousness'],
    ['she is having a seizure', 'seizure'],
    ['I think my child took an overdose', 'overdose or poisoning'],
  ])('flags "%s" as %s', (message, flag) => {
    expect(detectRedFlags(message)).toContain(flag);
    expect(isEmergency(message)).toBe(true);
  });
  it('does not flag ordinary wellness questions', () => {
    expect(detectRedFlags('What are good sources of fiber for diabetes?')).toEqual([]);
    expect(isEmergency('How much water should I drink?')).toBe(false);
  });
  it('lists every flag a message raises', () => {
    expect(detectRedFlags('chest pain and shortness of breath')).toEqual([
      'chest pain',
      'breathing difficulty',
    ]);
  });
});
