import { describe, expect, it } from 'vitest';
import {
  STRESS_BADGES,
  STRESS_BUTTONS,
  STRESS_DIALOG_TITLE,
  STRESS_NOTE_WORDS,
  STRESS_PATIENT_NAME,
  STRESS_RECORD,
  STRESS_TABS,
  STRESS_TILES,
  countWords,
  stressNote,
} from './Stress.fixtures';

const total = (labels: readonly { english: string; german: string }[], key: 'english' | 'german') =>
  labels.reduce((sum, label) => sum + label[key].length, 0);

describe('stress fixtures', () => {
  it('are at least 1.4 times as long in German as in English, in every group of labels', () => {
    for (const group of [STRESS_BUTTONS, STRESS_TABS, STRESS_BADGES, STRESS_TILES, [STRESS_DIALOG_TITLE]]) {
      expect(total(group, 'german')).toBeGreaterThanOrEqual(1.4 * total(group, 'english'));
    }
  });

  it('name the patient in exactly 60 characters', () => {
    expect(STRESS_PATIENT_NAME).toHaveLength(60);
    expect(STRESS_RECORD.patientName).toBe(STRESS_PATIENT_NAME);
  });

  it('give the record a note of exactly 2,000 words in numbered paragraphs ending in a full stop', () => {
    expect(countWords(STRESS_RECORD.description)).toBe(STRESS_NOTE_WORDS);
    const paragraphs = STRESS_RECORD.description.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(10);
    paragraphs.forEach((paragraph, index) =>
      expect(paragraph).toMatch(new RegExp(`^Absatz ${index + 1}\\. `)),
    );
    expect(STRESS_RECORD.description).toMatch(/\.$/);
  });

  it('build a note of any length from the same sentences, the same every time', () => {
    expect(countWords(stressNote(37))).toBe(37);
    expect(stressNote(37)).toMatch(/\.$/);
    expect(stressNote(500)).toBe(stressNote(500));
  });
});
