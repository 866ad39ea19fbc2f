import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRIAGE_LEVELS, triage, type TriageMessage } from '.';
import {
  glucoses,
  heartRates,
  pressures,
  temperatures,
  weeksPregnant,
  youngestAgeInMonths,
} from './readings';
import { TRIAGE_MAX_CHARS, editDistance, tokenize } from './text';

const one = (content: string) => triage([{ role: 'user', content }]);
const levelOf = (content: string) => one(content).level;
const chat = (...contents: string[]): TriageMessage[] =>
  contents.map((content) => ({ role: 'user', content }));

describe('triage levels', () => {
  it.each([
    ['pressure in my chest that spreads to my jaw and I feel clammy', 'emergency', 'chest pain'],
    ["my sugar reading is 40, I'm shaky and can't think straight", 'emergency', 'severe low blood sugar'],
    ["I don't see the point in living any more", 'crisis', 'suicidal thoughts'],
    ['my reading is 200 over 130 and my vision is blurry', 'emergency', 'hypertensive crisis with symptoms'],
    ['my toddler swallowed a laundry pod', 'poison', 'overdose or poisoning'],
    ['my blood pressure is 184/112 but I feel fine', 'urgent', 'severe high blood pressure'],
    ['What are good sources of fiber for diabetes?', 'none', undefined],
  ] as const)('"%s" is %s', (text, level, concept) => {
    const result = one(text);
    expect(result.level).toBe(level);
    if (concept) expect(result.concepts).toContain(concept);
    else expect(result.concepts).toEqual([]);
  });

  it('lists the levels highest priority first: emergency, crisis, poison, urgent, none', () => {
    expect(TRIAGE_LEVELS).toEqual(['emergency', 'crisis', 'poison', 'urgent', 'none']);
  });

  it('gives the highest level raised and lists every concept, highest level first', () => {
    const result = one('I want to kill myself and my chest hurts. My BP is 185/125.');
    expect(result.level).toBe('emergency');
    expect(result.concepts.slice(0, 2)).toEqual(['chest pain', 'hypertensive crisis with symptoms']);
    expect(result.concepts).toContain('suicidal thoughts');
  });

  it('raises a suicide attempt by overdose as an emergency, above the crisis and poison lines', () => {
    const result = one('I took all my pills because I want to die');
    expect(result.level).toBe('emergency');
    expect(result.concepts).toEqual(['suicide attempt', 'suicidal thoughts', 'overdose or poisoning']);
  });

  it('always answers the poison line when asked for it', () => {
    expect(levelOf('What is the poison control number?')).toBe('poison');
  });
});

describe('concepts, not sentences', () => {
  it.each([
    ['lay words', 'feels like an elephant is sitting on my chest'],
    ['a body part and a feeling a few words apart', 'there is a dull ache right in the middle of my chest'],
    ['capitals and no apostrophes', 'MY DAD CANT BREATHE'],
    ['misspellings', 'i think hes having a siezure'],
    ['a misspelling a letter off', 'my son is unconcious'],
    ['Spanish', 'mi papá tiene la boca torcida y no puede hablar'],
    ['Spanish with accents dropped', 'me duele el pecho y estoy sudando frio'],
    ['a follow-up of a stroke sign', 'suddenly my left arm feels dead'],
    ['a third person', 'my wife is talking funny'],
    ['a bare cry for help', 'stroke!'],
  ])('%s', (_, text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it('corrects a word at one edit from a concept word, with a transposition counted as one', () => {
    expect(editDistance('chset', 'chest', 1)).toBe(1);
    expect(editDistance('stroke', 'strike', 2)).toBe(1);
    expect(editDistance('bleeding', 'seizure', 1)).toBe(2);
    expect(tokenize('Chset PAIN')).toBe(' chest pain ');
  });

  it('keeps real words that are near a concept word ("painted" is not "fainted")', () => {
    expect(tokenize('I painted the fence')).toBe(' i painted the fence ');
    expect(levelOf('I painted the fence and I heard a threat')).toBe('none');
  });
});

describe('negation, questions and history', () => {
  it.each([
    'no chest pain, just a cough',
    'I do not have chest pain or shortness of breath',
    'denies chest pain',
    'no tengo dolor de pecho',
    "I'm not suicidal",
    'I have never had a seizure',
  ])('a negated concept does not count: "%s"', (text) => {
    expect(levelOf(text)).toBe('none');
  });

  it('a negation stops at the end of its clause', () => {
    expect(levelOf('no fever, but crushing chest pain')).toBe('emergency');
    expect(levelOf('no cough and now I cannot breathe')).toBe('emergency');
  });

  it('a negation of the speaker does not negate the symptom', () => {
    expect(levelOf("I can't stop thinking about killing myself")).toBe('crisis');
    expect(levelOf("I'm not sure, but I think I'm having a heart attack")).toBe('emergency');
  });

  it.each([
    'what are the signs of a stroke?',
    'Can metformin cause chest pain?',
    'What should I do if my husband has a seizure?',
    '¿Cuáles son los síntomas de un infarto?',
    'Stroke symptoms include face drooping.',
  ])('a question or lesson about a condition is not a report of it: "%s"', (text) => {
    expect(levelOf(text)).toBe('none');
  });

  it('a question that tells of someone now is a report', () => {
    expect(levelOf('what are the signs of a stroke? my dad is slurring his words')).toBe('emergency');
    expect(levelOf('how do I know if I am having a heart attack right now?')).toBe('emergency');
    expect(levelOf('is this a heart attack?')).toBe('emergency');
  });

  it('a named event needs someone it happens to, and not a risk or a memory', () => {
    expect(levelOf('my wife thinks she is having a heart attack')).toBe('emergency');
    expect(levelOf('How can I lower my risk of a heart attack?')).toBe('none');
    expect(levelOf('Stroke is a leading cause of disability.')).toBe('none');
    expect(levelOf('what a stroke of luck')).toBe('none');
    expect(levelOf('ataque al corazón, ayuda')).toBe('emergency');
    expect(levelOf('Stroke is an emergency.')).toBe('none');
  });

  it('history years back is set aside, days back needs a clinician today, and "again" brings it back', () => {
    expect(levelOf('I had a stroke 5 years ago, can I take metformin?')).toBe('none');
    expect(one('I had chest pain yesterday that went away on its own')).toEqual({
      level: 'urgent',
      concepts: ['chest pain'],
    });
    expect(levelOf('I had a heart attack in 2019 and now I have chest pain again')).toBe('emergency');
    expect(levelOf('my stool has been black since yesterday')).toBe('emergency');
  });

  it('reads history per clause: a fact of last week does not age a reading of now', () => {
    expect(levelOf('I gave birth last week and my BP is 165/112')).toBe('emergency');
  });

  it('a supposition is not a report, unless it is happening now', () => {
    expect(levelOf('If my sugar is 50, what should I do?')).toBe('none');
    expect(levelOf('When should I call 911 for chest pain?')).toBe('none');
    expect(levelOf('What should I do if my sugar is 50?')).toBe('none');
    expect(levelOf('what do I do if my sugar is 50 right now')).toBe('emergency');
  });

  it('reads suicidal thoughts in a question too, as the 988 line advises', () => {
    expect(levelOf('what are the warning signs of suicide?')).toBe('crisis');
    expect(levelOf('suicide rates among older adults')).toBe('none');
  });

  it("reads suicidal intent from a wish, plan or thought about one's own death, not someone else's", () => {
    expect(levelOf('thinking about taking all my pills at once')).toBe('crisis');
    expect(levelOf('I have decided to end my life')).toBe('crisis');
    expect(levelOf('I want to know if diabetics die younger')).toBe('none');
    expect(levelOf("I'm thinking about ending my membership")).toBe('none');
  });

  it('reads "when ..." inside a sentence as a supposition, and exercise as the reason for a fast pulse', () => {
    expect(levelOf("why do I get short of breath when I'm anxious?")).toBe('none');
    expect(levelOf('my chest hurts when I breathe')).toBe('emergency');
    expect(levelOf('my heart rate goes up to 150 when I run')).toBe('none');
  });

  it('keeps ordinary words that look like symptoms apart', () => {
    expect(levelOf("I'm confused about my insulin doses")).toBe('none');
    expect(levelOf('my son has seizures and takes medicine for them, can he have a flu shot?')).toBe('none');
    expect(levelOf('I cut myself shaving')).toBe('none');
    expect(levelOf('can you help me understand my lab results?')).toBe('none');
    expect(levelOf('my sugar went down to 110 after a walk')).toBe('none');
    expect(levelOf('I had food poisoning last month')).toBe('none');
    expect(levelOf('my kid ate too much candy')).toBe('none');
    expect(levelOf('my mother has dementia and gets confused at night')).toBe('none');
    expect(levelOf('my throat is sore and I have swollen glands')).toBe('none');
  });
});

describe('readings with their units', () => {
  it('reads blood pressure as x/y, "x over y", Spanish, centimetres of mercury and systolic words', () => {
    expect(pressures(tokenize('bp 190/125'))).toMatchObject([{ systolic: 190, diastolic: 125 }]);
    expect(pressures(tokenize('200 over 130'))).toMatchObject([{ systolic: 200, diastolic: 130 }]);
    expect(pressures(tokenize('160 sobre 100'))).toMatchObject([{ systolic: 160, diastolic: 100 }]);
    expect(pressures(tokenize('mi presión está en 18/11'))).toMatchObject([
      { systolic: 180, diastolic: 110 },
    ]);
    expect(pressures(tokenize('my systolic was 185'))).toMatchObject([{ systolic: 185, diastolic: 0 }]);
    expect(pressures(tokenize('the diastolic number is 122'))).toMatchObject([
      { systolic: 0, diastolic: 122 },
    ]);
    expect(pressures(tokenize('on 11/26 I ate 3/4 cup'))).toEqual([]);
  });

  it('reads blood glucose in mg/dL and mmol/L, and a meter off its scale', () => {
    const mgdl = (text: string) => glucoses(tokenize(text)).map((reading) => reading.value);
    expect(mgdl('sugar 45 mg/dL')).toEqual([45]);
    expect(mgdl('glucose 2.5 mmol/L')).toEqual([45]);
    expect(mgdl('my sugar is 3')).toEqual([54]);
    expect(mgdl('7.5 mmol')).toEqual([135]);
    expect(mgdl('my meter says HI')).toEqual([601]);
    expect(mgdl('the glucometer reads LO')).toEqual([19]);
    expect(mgdl('my diabetes reading was 250')).toEqual([250]);
    expect(mgdl('my reading was 250')).toEqual([]);
    expect(mgdl('my sugar A1C is 9.5')).toEqual([]);
    expect(mgdl('I ate 40 grams of sugar')).toEqual([]);
    expect(mgdl('sugar at 7:30 was 250')).toEqual([250]);
    expect(mgdl('sugar 300 mg metformin')).toEqual([]);
  });

  it('reads glucose against the ADA levels', () => {
    expect(levelOf('my sugar is 52')).toBe('emergency');
    expect(levelOf('my sugar is 64')).toBe('urgent');
    expect(levelOf('my sugar is 110')).toBe('none');
    expect(levelOf('my sugar is 320')).toBe('urgent');
    expect(levelOf('my sugar is 650')).toBe('emergency');
    expect(levelOf('sugar 410 and vomiting')).toBe('emergency');
  });

  it('reads temperature in °C or °F', () => {
    const celsius = (text: string) => temperatures(tokenize(text)).map((reading) => reading.value);
    expect(celsius('fever of 38.5')).toEqual([38.5]);
    expect(celsius('temp 101 F')).toEqual([38.3]);
    expect(celsius('100.4°F')).toEqual([38]);
    expect(celsius('it was 39 ℃')).toEqual([39]);
    expect(celsius('fever for 3 days')).toEqual([]);
    expect(celsius('temperature 120')).toEqual([]);
  });

  it('reads a fever in a baby under 3 months as an emergency, in weeks, days or months', () => {
    expect(levelOf('my 6 week old has a temperature of 38.2')).toBe('emergency');
    expect(levelOf('my baby is 10 days old and has a temp of 100.5')).toBe('emergency');
    expect(levelOf('newborn with a fever')).toBe('emergency');
    expect(levelOf("my 6 week old's temperature is 36.9")).toBe('none');
    expect(levelOf('my 5 month old has a temp of 38.2')).toBe('none');
    expect(levelOf('my 4 month old has a fever of 39.3')).toBe('urgent');
    expect(levelOf('my 6 week old is floppy and will not feed')).toBe('emergency');
    expect(levelOf('my 6 week old feels cold, temperature 35.6')).toBe('emergency');
  });

  it('reads ages and weeks of pregnancy', () => {
    expect(youngestAgeInMonths(tokenize('my son is 2 months old and my daughter is 3 years old'))).toBe(2);
    expect(youngestAgeInMonths(tokenize('I am 2 months pregnant'))).toBeUndefined();
    expect(youngestAgeInMonths(tokenize('mi bebé de 3 semanas'))).toBeCloseTo(0.69, 1);
    expect(youngestAgeInMonths(tokenize('he was born 5 days ago'))).toBeCloseTo(0.16, 1);
    expect(weeksPregnant(tokenize('I am 31 weeks pregnant'))).toBe(31);
    expect(weeksPregnant(tokenize('I am pregnant'))).toBeUndefined();
  });

  it('reads heart rate, at rest and not after exercise', () => {
    expect(heartRates(tokenize('pulse 36 and dizzy')).map((r) => r.value)).toEqual([36]);
    expect(heartRates(tokenize('it says 150 bpm')).map((r) => r.value)).toEqual([150]);
    expect(levelOf('my heart rate is 165 and I feel dizzy')).toBe('emergency');
    expect(levelOf('heart rate 140 for an hour, resting')).toBe('urgent');
    expect(levelOf('my heart rate was 165 on the treadmill')).toBe('none');
  });

  it('reads a hypertensive crisis: with symptoms an emergency, without them urgent, and lower in pregnancy', () => {
    expect(levelOf('BP 190/125 and a headache')).toBe('emergency');
    expect(levelOf('BP 190/125, I feel ok')).toBe('urgent');
    expect(levelOf('BP 150/95')).toBe('none');
    expect(levelOf('I am pregnant and my BP is 162/104')).toBe('emergency');
    expect(levelOf('I am pregnant and my BP is 142/92')).toBe('urgent');
    expect(levelOf('my BP is 82/50 and I feel faint')).toBe('emergency');
  });
});

describe('the conversation', () => {
  it('reads the age given in an earlier message', () => {
    expect(triage(chat('my daughter is 7 weeks old', 'she feels warm, 38.4 on the thermometer')).level).toBe(
      'emergency',
    );
  });

  it('reads a short follow-up with the messages before it', () => {
    expect(triage(chat('I have some chest discomfort', 'it is getting worse')).level).toBe('emergency');
    expect(triage(chat('my blood pressure is 186/124', 'now I have a terrible headache')).level).toBe(
      'emergency',
    );
  });

  it('does not carry an old emergency into an unrelated, longer question', () => {
    const messages = chat(
      'I had chest pain',
      'Separately from that, what are good breakfast ideas with plenty of fiber for type 2 diabetes?',
    );
    expect(triage(messages).level).toBe('none');
  });

  it('triages only what the user wrote', () => {
    const messages = [
      { role: 'user', content: 'What should I eat today?' },
      { role: 'assistant', content: 'If you have chest pain, call 911.' },
    ];
    expect(triage(messages)).toEqual({ level: 'none', concepts: [] });
    expect(triage([{ role: 'assistant', content: 'chest pain' }])).toEqual({ level: 'none', concepts: [] });
  });
});

describe('bad input gets a level, never a crash', () => {
  it.each([
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['emoji only', '😀🔥💔🙏'],
    ['binary', '\u0000\u0001\uFFFF\uD800abc\u0007'],
    ['symbols', '?!?!... ,,, ///'],
  ])('%s', (_, content) => {
    expect(one(content)).toEqual({ level: 'none', concepts: [] });
  });

  it('reads mixed languages', () => {
    expect(levelOf('help, mi esposo no puede respirar')).toBe('emergency');
    expect(levelOf('我的胸口很痛 chest pain')).toBe('emergency');
  });

  it('tolerates what a caller should not send', () => {
    expect(triage([])).toEqual({ level: 'none', concepts: [] });
    expect(triage(null as unknown as TriageMessage[])).toEqual({ level: 'none', concepts: [] });
    expect(triage([null, { role: 'user', content: 42 }] as unknown as TriageMessage[])).toEqual({
      level: 'none',
      concepts: [],
    });
  });

  it('reads up to 100 kB of a message, in bounded time even on text built to backtrack', () => {
    expect(TRIAGE_MAX_CHARS).toBe(100_000);
    const walls = [
      `${'word '.repeat(19_990)} I cannot breathe`,
      '180/120 '.repeat(12_500),
      'no no not '.repeat(10_000),
      'chest '.repeat(16_000),
      'a'.repeat(100_000),
      Array.from({ length: 100_000 }, (_, i) => String.fromCharCode((i * 7919) % 55_000)).join(''),
    ];
    for (const wall of walls) {
      const started = performance.now();
      const { level } = one(wall);
      expect(TRIAGE_LEVELS).toContain(level);
      expect(performance.now() - started).toBeLessThan(3_000);
    }
    expect(levelOf(`${'word '.repeat(19_990)} I cannot breathe`)).toBe('emergency');
    expect(levelOf(`${'x'.repeat(TRIAGE_MAX_CHARS)} chest pain`)).toBe('none');
  });

  it('gives any conversation of any text a level', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string() })),
        (messages) => {
          expect(TRIAGE_LEVELS).toContain(triage(messages).level);
        },
      ),
      { numRuns: 200 },
    );
  });
});
