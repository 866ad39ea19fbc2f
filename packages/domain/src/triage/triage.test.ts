import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHAT_MESSAGE_LENGTH } from '../constants';
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

describe('triage generalises to wordings no rule was written from (held-out round 6 gaps)', () => {
  it.each([
    // NHS asthma attack: a reliever that does not help, too breathless to talk.
    ['the reliever puffer is not helping and he can hardly speak', 'emergency', 'breathing difficulty'],
    // NHS: grunting or the skin between the ribs pulling in is a baby or child in breathing trouble.
    ['my little girl is grunting and her ribs suck in with each breath', 'emergency', 'breathing difficulty'],
    // ADA: blood ketones of 3 mmol/L or more, or DKA signs in someone with type 1.
    ['blood ketone meter says 4.2', 'emergency', 'diabetic ketoacidosis signs'],
    [
      'type 1 diabetic, keeps throwing up and his breath smells fruity',
      'emergency',
      'diabetic ketoacidosis signs',
    ],
    // NHS meningitis in babies: a bulging soft spot.
    ['the soft spot on his head is bulging', 'emergency', 'meningitis signs'],
    // NHS head injury: worsening headache, unequal pupils, vomiting or drowsiness after a blow to the head.
    [
      'she knocked her head on the table and now her pupils are different sizes',
      'emergency',
      'head injury with warning signs',
    ],
    ['se dio un golpe en la cabeza y no para de vomitar', 'emergency', 'head injury with warning signs'],
    // NHS burns: deep (white, charred), large, on the face or hands, or with a hoarse voice from smoke.
    ['spilled hot oil on my hand and the skin went white and leathery', 'emergency', 'serious burn'],
    ['scalded her face with the kettle', 'emergency', 'serious burn'],
    // ACOG/NHS: waters breaking with fever, bleeding or fewer movements, or before 37 weeks.
    [
      'my waters have gone and now i am shivering with a temperature',
      'emergency',
      'waters breaking early or with warning signs',
    ],
    [
      'embarazada de 31 semanas, creo que se me rompio la fuente',
      'emergency',
      'waters breaking early or with warning signs',
    ],
    ['i am 34 wks, bp 162/111', 'emergency', 'preeclampsia signs'],
    ['not felt the baby move since yesterday', 'emergency', 'reduced baby movements'],
    ['the baby is kicking much less than normal today', 'emergency', 'reduced baby movements'],
    // 988 Lifeline warning signs: researching a method, goodbye letters, a plan to crash.
    ['i looked up how much insulin it would take', 'crisis', 'suicidal thoughts'],
    ['writing goodbye letters to everyone tonight', 'crisis', 'suicidal thoughts'],
    ['sometimes i think about steering off the overpass', 'crisis', 'suicidal thoughts'],
    ['it would be simpler if i ended my life', 'crisis', 'suicidal thoughts'],
    ['want to hurt my self again', 'crisis', 'self-harm'],
    // Poison Help: an amount, an extra dose, more than the label says.
    ['took around 30 of my sleeping tablets', 'poison', 'overdose or poisoning'],
    ['i took far more advil than the label says', 'poison', 'overdose or poisoning'],
    ['gave him an extra dose of his insulin without meaning to', 'poison', 'overdose or poisoning'],
    ['i think i had my night pills two times', 'poison', 'overdose or poisoning'],
    ['my son ate some rat poison', 'poison', 'overdose or poisoning'],
    // Same-day care: waters at term, a urine infection in pregnancy, metformin with lactic acidosis symptoms.
    ['39 weeks and there is a trickle of clear fluid', 'urgent', 'waters breaking'],
    ['pregnant and it stings when i wee', 'urgent', 'urine infection in pregnancy'],
    ['on metformin, my muscles ache all over and i feel cold and sick', 'urgent', 'possible lactic acidosis'],
  ] as const)('"%s" is %s', (text, level, concept) => {
    const result = one(text);
    expect(result.level).toBe(level);
    expect(result.concepts).toContain(concept);
  });

  it('keeps history, condition names and call numbers from raising a level', () => {
    expect(levelOf('my mum had a stroke in 2012 and is fine now, can I lower my risk')).toBe('none');
    expect(levelOf('what number should I call, 911 or the clinic, if my BP is high')).toBe('none');
    expect(levelOf('which cold medicine is safe with high blood pressure')).toBe('none');
    expect(levelOf('my waters broke at 38 weeks with my first son, will it happen again')).toBe('none');
    expect(levelOf('sugar was 62 before lunch, had juice, now it is 104')).toBe('none');
  });

  it('reads an overdose of the night before as needing Poison Help, not only a clinician today', () => {
    expect(levelOf('I took 24 paracetamol last night')).toBe('poison');
  });

  it.each([
    // NHS burns: smoke breathed in with a cough or a hoarse voice.
    ['kitchen fire, she breathed in a lot of smoke and her voice is hoarse', 'emergency'],
    // A pregnancy told as "full term" or "overdue", then fluid leaking.
    ['overdue and water keeps leaking out', 'urgent'],
    ['tomé más pastillas de insulina de las que me tocan', 'poison'],
    ['peeing stings and I am pregnant', 'urgent'],
    ['life would be better for my kids if i died', 'crisis'],
    // AHA/NHS: a sudden, severe headache, told with the time words after it.
    ['the headache hit all of a sudden, the worst i have ever had', 'emergency'],
    ['mi vida ya no tiene sentido', 'crisis'],
    ['el niño se bebió la botella de jarabe entera', 'poison'],
    ['my 2 year old ate leaves off a bush in the park', 'poison'],
  ] as const)('"%s" is %s', (text, level) => {
    expect(levelOf(text)).toBe(level);
  });

  it('reads "when I pee" as when a symptom comes, not as a supposition', () => {
    expect(one('it hurts when I wee and I have a temperature of 38.6').concepts).toContain(
      'possible kidney infection',
    );
    expect(levelOf('if I get a temperature of 38.6 what should I do')).toBe('none');
  });

  it('keeps what happened in an earlier pregnancy as history, even asked with "again"', () => {
    expect(levelOf('in my last pregnancy my waters broke at 34 weeks, will it happen again?')).toBe('none');
  });
});

describe('bad input around the chat limit gets a level in bounded time', () => {
  const filler = 'I walked the dog, had oatmeal and my daughter called about the weekend. ';
  /** A long, rambling message with the red flag in its middle, `length` characters long. */
  const rambling = (length: number, flag: string) => {
    const half = filler.repeat(Math.ceil(length / filler.length)).slice(0, (length - flag.length) / 2);
    return `${half}${flag}${half}`.slice(0, length);
  };

  it.each([2_000, MAX_CHAT_MESSAGE_LENGTH, MAX_CHAT_MESSAGE_LENGTH * 3])(
    'finds a red flag in the middle of %i characters, in well under a second',
    (length) => {
      const text = rambling(length, ' my chest is crushing and my left arm is numb. ');
      const started = performance.now();
      expect(levelOf(text)).toBe('emergency');
      expect(performance.now() - started).toBeLessThan(500);
    },
  );

  it.each([
    ['control characters', Array.from({ length: 4_000 }, (_, i) => String.fromCharCode(i % 32)).join('')],
    ['emoji', '😀🔥💔🙏'.repeat(1_000)],
    ['unpaired surrogates and nulls', '\uD800\u0000\uDFFF'.repeat(1_500)],
  ])('gives a chat-limit message of only %s no level, quickly', (_, content) => {
    const started = performance.now();
    expect(one(content)).toEqual({ level: 'none', concepts: [] });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reads a red flag between emoji, control characters and another script', () => {
    expect(levelOf('😭😭 \u0007 no puedo respirar 🙏')).toBe('emergency');
    expect(levelOf('\u0000my baby is 6 weeks old\u0000 and has a temp of 38.3 🌡️')).toBe('emergency');
    expect(levelOf('ya no quiero vivir 😔 honestly')).toBe('crisis');
  });
});
