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
  it('does not flag a question about a condition, nor a same-day (urgent) problem', () => {
    expect(detectRedFlags('What are the signs of a stroke?')).toEqual([]);
    expect(isEmergency('What should I do if someone has a seizure?')).toBe(false);
    expect(isEmergency('my blood pressure is 184/112 but I feel fine')).toBe(false);
  });
  it('flags what people actually type, in lay words, with typos and in Spanish', () => {
    expect(detectRedFlags('pressure in my chest that spreads to my jaw and I feel clammy')).toContain(
      'chest pain',
    );
    expect(detectRedFlags("my sugar reading is 40, I'm shaky and can't think straight")).toContain(
      'severe low blood sugar',
    );
    expect(detectRedFlags("I don't see the point in living any more")).toEqual(['suicidal thoughts']);
    expect(detectRedFlags('my reading is 200 over 130 and my vision is blurry')).toContain(
      'hypertensive crisis with symptoms',
    );
    expect(isEmergency('me duele mucho el pecho')).toBe(true);
  });
  it('lists every flag a message raises', () => {
    expect(detectRedFlags('chest pain and shortness of breath')).toEqual([
      'chest pain',
      'breathing difficulty',
    ]);
  });
});
