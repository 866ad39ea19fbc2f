import { FEATURES, type Feature, type FeatureName } from './features';
import { occurrenceOf, type Occurrence } from './frames';
import {
  glucoses,
  heartRates,
  pressures,
  temperatures,
  weeksPregnant,
  youngestAgeInMonths,
  type PressureReading,
  type Reading,
} from './readings';
import { tokenize } from './text';

/**
 * Triage levels, highest priority first (docs/clinical-safety.md, "Levels"). A message that raises several
 * gets the first: an emergency (call 911) comes before a crisis line, the crisis line before Poison Help (a
 * suicide attempt by overdose is raised as an emergency of its own), and all three before "see a clinician
 * today".
 */
export const TRIAGE_LEVELS = ['emergency', 'crisis', 'poison', 'urgent', 'none'] as const;
export type TriageLevel = (typeof TRIAGE_LEVELS)[number];

/** One chat message as triage reads it: only the user's messages are triaged. */
export interface TriageMessage {
  readonly role: string;
  readonly content: string;
}
/** The level and the names of the concepts that raised it (and any others raised on the way), for the audit. */
export interface TriageResult {
  readonly level: TriageLevel;
  readonly concepts: string[];
}

/** Earlier user messages read with the latest one when it follows them up. */
const MAX_EARLIER_MESSAGES = 10;
/** A message this short (in words) is read as a follow-up of the conversation ("it's getting worse"). */
const FOLLOW_UP_WORDS = 12;
/** A message this short (in words) is a bare cry for help ("stroke!"), not a question about a condition. */
const BARE_WORDS = 3;
const FOLLOW_UP =
  / (?:same|again|still|worse|now|keeps|spreading|getting|peor|sigue|todavia|ahora|otra vez) /;

/** What the rules may ask about one reading of the conversation. */
interface Evidence {
  /** Whether a feature is told of (and, on the second pass, also when it was told of as recent). */
  has(name: FeatureName): boolean;
  readonly glucose: readonly number[];
  /** The last glucose reading told: a low that was treated and has come back up is not low now. */
  readonly latestGlucose: number | undefined;
  readonly pressure: readonly PressureReading[];
  readonly temperature: readonly number[];
  readonly heartRate: readonly number[];
  /** From every user message of the conversation: the youngest age told, in months. */
  readonly ageMonths: number | undefined;
  readonly pregnant: boolean;
  readonly weeksPregnant: number | undefined;
}

interface Rule {
  readonly concept: string;
  readonly level: Exclude<TriageLevel, 'none'>;
  readonly when: (e: Evidence) => boolean;
}

const any = (e: Evidence, ...names: FeatureName[]): boolean => names.some((name) => e.has(name));
const maxOf = (values: readonly number[]): number => (values.length ? Math.max(...values) : -Infinity);
const minOf = (values: readonly number[]): number => (values.length ? Math.min(...values) : Infinity);
const crisisPressure = (e: Evidence): boolean =>
  e.pressure.some((p) => p.systolic >= 180 || p.diastolic >= 120);
const severePregnancyPressure = (e: Evidence): boolean =>
  e.pregnant && e.pressure.some((p) => p.systolic >= 160 || p.diastolic >= 110);
const breathless = (e: Evidence): boolean => any(e, 'breathSevere', 'breathMild');
const fever = (e: Evidence): boolean =>
  maxOf(e.temperature) >= 38 ||
  (e.has('fever') && (e.temperature.length === 0 || maxOf(e.temperature) >= 38));
const hypertensionDamage = (e: Evidence): boolean =>
  any(
    e,
    'chestPain',
    'breathSevere',
    'breathMild',
    'backPain',
    'numbWeak',
    'visionChange',
    'speech',
    'severeHeadache',
    'confusion',
  );
const lowPulse = (e: Evidence): boolean => e.heartRate.some((rate) => rate < 40);
const highPulse = (e: Evidence): boolean =>
  !e.has('atRestExertion') && e.heartRate.some((rate) => rate >= 130);
const young = (e: Evidence, months: number): boolean => e.ageMonths !== undefined && e.ageMonths < months;
/** Waters breaking, or fluid leaking from someone pregnant (ACOG, NHS). */
const watersBreaking = (e: Evidence): boolean => e.has('watersBroke') || (e.pregnant && e.has('fluidLeak'));
/**
 * Two or more symptoms of lactic acidosis from the metformin medication guide, one of them beyond the stomach
 * upset metformin commonly causes (muscle pain, feeling cold, breathing trouble, unusual sleepiness).
 */
const lacticAcidosisSymptoms = (e: Evidence): boolean => {
  const beyondStomach = (
    ['muscleAche', 'feelCold', 'weakTired', 'breathMild', 'breathSevere'] as const
  ).filter((name) => e.has(name)).length;
  const stomach = (['bellyPain', 'nausea', 'lightheaded'] as const).filter((name) => e.has(name)).length;
  return beyondStomach >= 1 && beyondStomach + stomach >= 2;
};

/** Every concept with its level and the evidence that raises it, in the order they are reported. */
const RULES: readonly Rule[] = [
  { concept: 'chest pain', level: 'emergency', when: (e) => any(e, 'chestPain', 'nitroFails') },
  {
    concept: 'heart attack signs',
    level: 'emergency',
    when: (e) =>
      e.has('heartAttack') ||
      (e.has('upperBodyPain') && (any(e, 'sweat', 'coldSweat', 'nausea', 'lightheaded') || breathless(e))) ||
      (e.has('coldSweat') && (any(e, 'nausea', 'lightheaded') || breathless(e))),
  },
  {
    concept: 'stroke signs',
    level: 'emergency',
    when: (e) => any(e, 'stroke', 'faceDroop', 'oneSideWeak', 'speech', 'suddenVisionLoss', 'balance'),
  },
  { concept: 'sudden severe headache', level: 'emergency', when: (e) => e.has('thunderclap') },
  {
    concept: 'suicide attempt',
    level: 'emergency',
    when: (e) =>
      any(e, 'suicidal', 'selfHarm') && any(e, 'overdose', 'ingestion', 'severeBleeding', 'unconscious'),
  },
  { concept: 'severe bleeding', level: 'emergency', when: (e) => e.has('severeBleeding') },
  { concept: 'anaphylaxis', level: 'emergency', when: (e) => e.has('anaphylaxis') },
  {
    concept: 'breathing difficulty',
    level: 'emergency',
    when: (e) => e.has('breathSevere') || (e.has('breathMild') && !e.has('exertion')),
  },
  { concept: 'unconsciousness', level: 'emergency', when: (e) => e.has('unconscious') },
  { concept: 'seizure', level: 'emergency', when: (e) => e.has('seizure') },
  {
    concept: 'severe low blood sugar',
    level: 'emergency',
    when: (e) =>
      minOf(e.glucose) < 54 ||
      e.has('glucagonGiven') ||
      ((any(e, 'lowSugar', 'lowSugarNow') || minOf(e.glucose) < 70) && any(e, 'neuro', 'hypoNotRising')),
  },
  {
    concept: 'diabetic ketoacidosis signs',
    level: 'emergency',
    when: (e) =>
      e.has('dka') ||
      e.has('ketonesHigh') ||
      ((e.has('highSugar') || maxOf(e.glucose) >= 250) && e.has('dkaSymptom')) ||
      // Without a meter or strips to hand: the breath, or vomiting with drowsiness, in someone with diabetes.
      (e.has('diabetes') && (e.has('dkaSpecific') || (e.has('vomiting') && e.has('drowsy')))),
  },
  { concept: 'extremely high blood sugar', level: 'emergency', when: (e) => maxOf(e.glucose) >= 600 },
  {
    concept: 'hypertensive crisis with symptoms',
    level: 'emergency',
    when: (e) =>
      (crisisPressure(e) && (hypertensionDamage(e) || e.has('headache'))) ||
      (e.has('highPressure') && hypertensionDamage(e)),
  },
  {
    concept: 'low blood pressure with symptoms',
    level: 'emergency',
    when: (e) =>
      e.pressure.some((p) => p.systolic > 0 && p.systolic < 70) ||
      (e.pressure.some((p) => p.systolic > 0 && p.systolic < 90) &&
        any(e, 'lightheaded', 'unconscious', 'confusion')),
  },
  {
    concept: 'fast or slow heart rate with symptoms',
    level: 'emergency',
    when: (e) =>
      (highPulse(e) || lowPulse(e) || e.has('palpitations')) &&
      (any(e, 'chestPain', 'lightheaded', 'unconscious', 'confusion', 'neuro') || breathless(e)),
  },
  {
    concept: 'sepsis signs',
    level: 'emergency',
    when: (e) => e.has('sepsis') || ((e.has('infection') || fever(e)) && e.has('sepsisSign')),
  },
  { concept: 'feeling of impending doom', level: 'emergency', when: (e) => e.has('doom') },
  {
    concept: 'meningitis signs',
    level: 'emergency',
    when: (e) =>
      e.has('meningitis') ||
      e.has('nonFadingRash') ||
      e.has('babyMeningitis') ||
      (e.has('stiffNeck') && (fever(e) || any(e, 'headache', 'nausea', 'lightHurts', 'rash'))),
  },
  { concept: 'sudden confusion', level: 'emergency', when: (e) => e.has('confusion') },
  { concept: 'fever in a baby under 3 months', level: 'emergency', when: (e) => young(e, 3) && fever(e) },
  {
    concept: 'unwell young baby',
    level: 'emergency',
    when: (e) =>
      young(e, 3) && (e.has('unwellBaby') || (e.temperature.length > 0 && minOf(e.temperature) < 36)),
  },
  { concept: 'vomiting or coughing blood', level: 'emergency', when: (e) => e.has('vomitBlood') },
  { concept: 'black or bloody stool', level: 'emergency', when: (e) => e.has('blackStool') },
  {
    concept: 'blood clot signs',
    level: 'emergency',
    when: (e) =>
      e.has('pulmonaryEmbolism') ||
      (e.has('legClot') && (breathless(e) || any(e, 'painOnBreath', 'chestPain', 'vomitBlood'))) ||
      (e.has('painOnBreath') && breathless(e)),
  },
  {
    concept: 'bleeding in pregnancy',
    level: 'emergency',
    when: (e) => e.pregnant && e.has('bleeding') && e.has('painOrHeavy'),
  },
  {
    concept: 'preeclampsia signs',
    level: 'emergency',
    when: (e) =>
      severePregnancyPressure(e) ||
      (e.pregnant && any(e, 'severeHeadache', 'visionChange', 'swellingFace', 'upperAbdominalPain')) ||
      (e.pregnant && e.has('headache') && e.pressure.some((p) => p.systolic >= 140 || p.diastolic >= 90)),
  },
  {
    concept: 'waters breaking early or with warning signs',
    level: 'emergency',
    when: (e) =>
      watersBreaking(e) &&
      ((e.weeksPregnant !== undefined && e.weeksPregnant < 37) ||
        any(e, 'watersWarning', 'fetalMovement', 'bleeding') ||
        fever(e)),
  },
  { concept: 'reduced baby movements', level: 'emergency', when: (e) => e.has('fetalMovement') },
  { concept: 'serious injury', level: 'emergency', when: (e) => e.has('injury') },
  {
    concept: 'head injury with warning signs',
    level: 'emergency',
    when: (e) => e.has('headBlow') && (e.has('headRedFlag') || any(e, 'unconscious', 'seizure', 'speech')),
  },
  { concept: 'serious burn', level: 'emergency', when: (e) => e.has('burnEvent') && e.has('burnSevere') },
  {
    concept: 'poisoning with serious symptoms',
    level: 'emergency',
    when: (e) =>
      any(e, 'overdose', 'ingestion', 'poisonWord', 'carbonMonoxide') &&
      (any(e, 'palpitations', 'unconscious', 'breathSevere', 'seizure', 'confusion', 'neuro', 'chestPain') ||
        highPulse(e)),
  },
  { concept: 'heat stroke', level: 'emergency', when: (e) => e.has('heatStroke') },
  { concept: 'lactic acidosis signs', level: 'emergency', when: (e) => e.has('lacticAcidosis') },
  {
    concept: 'dangerous body temperature',
    level: 'emergency',
    when: (e) => maxOf(e.temperature) >= 41.5 || (e.temperature.length > 0 && minOf(e.temperature) < 35),
  },

  { concept: 'suicidal thoughts', level: 'crisis', when: (e) => e.has('suicidal') },
  { concept: 'self-harm', level: 'crisis', when: (e) => e.has('selfHarm') },
  { concept: 'thoughts of harming others', level: 'crisis', when: (e) => e.has('harmOthers') },

  {
    concept: 'overdose or poisoning',
    level: 'poison',
    when: (e) => any(e, 'overdose', 'ingestion', 'poisonWord', 'poisonHelp'),
  },
  { concept: 'carbon monoxide or gas', level: 'poison', when: (e) => e.has('carbonMonoxide') },
  { concept: 'bite or sting', level: 'poison', when: (e) => e.has('bite') },

  {
    concept: 'severe high blood pressure',
    level: 'urgent',
    when: (e) => crisisPressure(e),
  },
  {
    concept: 'high blood pressure in pregnancy',
    level: 'urgent',
    when: (e) => e.pregnant && e.pressure.some((p) => p.systolic >= 140 || p.diastolic >= 90),
  },
  {
    concept: 'very high blood sugar',
    level: 'urgent',
    when: (e) => maxOf(e.glucose) >= 300 || e.has('ketonesLow'),
  },
  {
    concept: 'low blood sugar',
    level: 'urgent',
    when: (e) => (e.latestGlucose !== undefined && e.latestGlucose < 70) || e.has('lowSugarNow'),
  },
  {
    concept: 'high fever',
    level: 'urgent',
    when: (e) => maxOf(e.temperature) >= 40 || (young(e, 6) && maxOf(e.temperature) >= 39),
  },
  { concept: 'fever with rash', level: 'urgent', when: (e) => fever(e) && e.has('rash') },
  {
    concept: 'breathless on exertion',
    level: 'urgent',
    when: (e) => e.has('breathMild') && e.has('exertion'),
  },
  { concept: 'possible blood clot in the leg', level: 'urgent', when: (e) => e.has('legClot') },
  { concept: 'bleeding in pregnancy', level: 'urgent', when: (e) => e.pregnant && e.has('bleeding') },
  { concept: 'waters breaking', level: 'urgent', when: (e) => watersBreaking(e) },
  { concept: 'urine infection in pregnancy', level: 'urgent', when: (e) => e.pregnant && e.has('dysuria') },
  {
    concept: 'possible kidney infection',
    level: 'urgent',
    when: (e) => e.has('dysuria') && (fever(e) || e.has('backPain')),
  },
  {
    concept: 'possible lactic acidosis',
    level: 'urgent',
    when: (e) => e.has('diabetes') && lacticAcidosisSymptoms(e),
  },
  {
    concept: 'fast or slow heart rate',
    level: 'urgent',
    when: (e) => highPulse(e) || lowPulse(e),
  },
  { concept: 'severe abdominal pain', level: 'urgent', when: (e) => e.has('severeBellyPain') },
  { concept: 'blood in urine', level: 'urgent', when: (e) => e.has('bloodInUrine') },
  { concept: 'diabetic foot problem', level: 'urgent', when: (e) => e.has('footProblem') },
  { concept: 'sudden vision change', level: 'urgent', when: (e) => e.has('visionUrgent') },
  { concept: 'unable to keep fluids down', level: 'urgent', when: (e) => e.has('cantKeepFluids') },
];

const rank = (level: TriageLevel): number => TRIAGE_LEVELS.indexOf(level);

/** Matches of one feature (or readings of one kind) whose frame is examined: bounds the work on repeated text. */
const MAX_MATCHES = 64;

/** The best occurrence of a feature in a text: current beats recent beats none. */
function occurrence(text: string, feature: Feature, bare: boolean): Occurrence {
  let best: Occurrence = 'none';
  let examined = 0;
  for (const match of text.matchAll(feature.pattern)) {
    if (++examined > MAX_MATCHES) break;
    const end = match.index + match[0].length;
    if (feature.unless?.test(text.slice(end, end + 40))) continue;
    const found = occurrenceOf(text, match.index, feature.frame, bare);
    if (found === 'current') return 'current';
    if (found === 'recent') best = 'recent';
  }
  return best;
}

/** Readings whose sentence frame keeps them, split by when they were told. */
function framed(
  text: string,
  readings: readonly Reading[],
  bare: boolean,
): { current: number[]; recent: number[] } {
  const current: number[] = [];
  const recent: number[] = [];
  const ordered = [...readings].sort((a, b) => a.index - b.index);
  for (const { index, value } of ordered.slice(0, MAX_MATCHES)) {
    const when = occurrenceOf(text, index, 'number', bare);
    if (when === 'current') current.push(value);
    else if (when === 'recent') recent.push(value);
  }
  return { current, recent };
}

function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(' ')) if (token !== '' && token !== '.' && token !== '?') words++;
  return words;
}

/** A concept raised by a conversation, with the level it raised. */
export interface RaisedConcept {
  readonly concept: string;
  readonly level: Exclude<TriageLevel, 'none'>;
}

/**
 * The triage of a conversation (REQ-triage-conversation; docs/clinical-safety.md): the level of help the
 * latest user message needs, and the concepts that raised it. Earlier user messages are read with it when it
 * follows them up (a short message, or "it", "still", "worse"...), and always for the facts they give (a
 * baby's age, a pregnancy). Pure and bounded: any input, however large or strange, gets a level.
 */
export function triage(messages: readonly TriageMessage[]): TriageResult {
  const raised = raiseConcepts(messages);
  return { level: raised[0]?.level ?? 'none', concepts: raised.map(({ concept }) => concept) };
}

/** Every concept a conversation raises with its level, highest level first, then in the order of RULES. */
export function raiseConcepts(messages: readonly TriageMessage[]): RaisedConcept[] {
  const users = (Array.isArray(messages) ? messages : [])
    .filter((m): m is TriageMessage => m !== null && typeof m === 'object' && m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : ''));
  const latestRaw = users.pop();
  if (latestRaw === undefined) return [];
  const latest = tokenize(latestRaw);
  const earlier = users.slice(-MAX_EARLIER_MESSAGES).map(tokenize);
  const words = countWords(latest);
  const followsUp = earlier.length > 0 && (words <= FOLLOW_UP_WORDS || FOLLOW_UP.test(latest));
  const text = followsUp ? [...earlier, latest].join('.') : latest;
  const everything = [...earlier, latest].join('.');
  const bare = words <= BARE_WORDS;

  const occurrences = new Map<FeatureName, Occurrence>();
  const featureIn = (name: FeatureName): Occurrence => {
    let found = occurrences.get(name);
    if (found === undefined) {
      found = occurrence(text, FEATURES[name], bare);
      occurrences.set(name, found);
    }
    return found;
  };
  const glucose = framed(text, glucoses(text), bare);
  const temperature = framed(text, temperatures(text), bare);
  const heartRate = framed(text, heartRates(text), bare);
  const pressureReadings = pressures(text).slice(0, MAX_MATCHES);
  const pressureWhen = pressureReadings.map((p) => occurrenceOf(text, p.index, 'number', bare));
  const weeks = weeksPregnant(everything);
  // "36 wks and my BP is 165/112" tells of a pregnancy as surely as the word does.
  const pregnant = weeks !== undefined || occurrence(everything, FEATURES.pregnant, false) !== 'none';
  const facts = {
    ageMonths: youngestAgeInMonths(everything),
    pregnant,
    weeksPregnant: weeks,
  };

  const evidence = (withRecent: boolean): Evidence => ({
    has: (name) => {
      const found = featureIn(name);
      return found === 'current' || (withRecent && found === 'recent');
    },
    glucose: withRecent ? [...glucose.current, ...glucose.recent] : glucose.current,
    latestGlucose: glucose.current.at(-1) ?? (withRecent ? glucose.recent.at(-1) : undefined),
    temperature: withRecent ? [...temperature.current, ...temperature.recent] : temperature.current,
    heartRate: withRecent ? [...heartRate.current, ...heartRate.recent] : heartRate.current,
    pressure: pressureReadings.filter(
      (_, i) => pressureWhen[i] === 'current' || (withRecent && pressureWhen[i] === 'recent'),
    ),
    ...facts,
  });

  const now = evidence(false);
  const withRecent = evidence(true);
  const raised = new Map<string, Exclude<TriageLevel, 'none'>>();
  for (const rule of RULES) {
    if (raised.has(rule.concept)) continue;
    if (rule.when(now)) raised.set(rule.concept, rule.level);
    // Something serious that happened days ago and has passed still needs a clinician today; an urgent one
    // that has passed does not. A crisis stays a crisis, and a poisoning of last night stays one for Poison
    // Help: paracetamol and other overdoses harm a day or more after they are taken, before any symptom.
    else if (rule.level !== 'urgent' && rule.when(withRecent)) {
      raised.set(rule.concept, rule.level === 'emergency' ? 'urgent' : rule.level);
    }
  }
  return [...raised.entries()]
    .map(([concept, level]) => ({ concept, level }))
    .sort((a, b) => rank(a.level) - rank(b.level));
}
