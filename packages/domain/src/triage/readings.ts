/**
 * Numbers read with their units (docs/clinical-safety.md, "Readings"): blood pressure `x/y` or `x over y`,
 * blood glucose in mg/dL or mmol/L (and a meter's `HI`/`LO`), heart rate, body temperature in °C or °F, and a
 * child's age. Each reading keeps its position so its sentence frame (history, "if ...") can be checked.
 */

/** A number found in a tokenized text, at `index` (the position of its first token). */
export interface Reading {
  readonly index: number;
  readonly value: number;
}
/** A blood pressure: systolic over diastolic, mmHg. */
export interface PressureReading {
  readonly index: number;
  readonly systolic: number;
  readonly diastolic: number;
}

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  un: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};
const numberOf = (word: string): number => WORD_NUMBERS[word] ?? Number(word);

/** Units after a number that make it something other than a glucose, temperature or pulse reading. */
const NOT_A_READING = new Set([
  '%',
  'percent',
  'g',
  'grams',
  'gram',
  'gr',
  'carbs',
  'carb',
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'yrs',
  'yr',
  'hours',
  'hour',
  'hrs',
  'hr',
  'minutes',
  'minute',
  'mins',
  'min',
  'times',
  'units',
  'unit',
  'u',
  'tablets',
  'tablet',
  'pills',
  'pill',
  'lbs',
  'lb',
  'pounds',
  'kg',
  'kilos',
  'calories',
  'cal',
  'kcal',
  'am',
  'pm',
  'oclock',
  ':',
  'ml',
  'oz',
  'anos',
  'dias',
  'semanas',
  'meses',
  'horas',
  'minutos',
  'gramos',
  'unidades',
  'veces',
  'steps',
  'miles',
  'km',
  'servings',
  'weeks',
  'mcg',
  'iu',
  'cups',
]);
const CALL_WORDS = new Set([
  'call',
  'dial',
  'ring',
  'text',
  'phone',
  'llamar',
  'llamo',
  'llama',
  'marcar',
  'marco',
]);
const A1C_WORDS = new Set(['a1c', 'hba1c', 'a1', 'hemoglobin', 'hemoglobina']);

const NUMBER = /^\d+(?:\.\d+)?$/;

/** The tokens of a tokenized text with the character position of each. */
function tokensOf(text: string): { token: string; index: number }[] {
  const out: { token: string; index: number }[] = [];
  for (const match of text.matchAll(/\S+/g)) out.push({ token: match[0], index: match.index });
  return out;
}

const PRESSURE = / (\d{1,3}) (?:\/|over|sobre|con) (\d{1,3})(?= )/g;
const PRESSURE_WORDS = / (?:bp|blood pressure|pressure|presion|tension|reading)(?= )/;

/**
 * Blood pressures: `150/95`, `200 over 130`, Spanish `160 sobre 100`, and centimetres of mercury as often said
 * in Latin America (`18/11` with a pressure word nearby reads as 180/110). Implausible pairs (a date, a
 * fraction) are not readings.
 */
export function pressures(text: string): PressureReading[] {
  const out: PressureReading[] = [];
  for (const match of text.matchAll(PRESSURE)) {
    let systolic = Number(match[1]);
    let diastolic = Number(match[2]);
    const nearby = text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 20);
    if (
      systolic >= 8 &&
      systolic <= 30 &&
      diastolic >= 4 &&
      diastolic < systolic &&
      PRESSURE_WORDS.test(nearby)
    ) {
      systolic *= 10;
      diastolic *= 10;
    }
    if (systolic >= 60 && systolic <= 320 && diastolic >= 30 && diastolic <= 220 && systolic > diastolic) {
      out.push({ index: match.index + 1, systolic, diastolic });
    }
  }
  for (const match of text.matchAll(/ (?:systolic|top number|sistolica)(?: \S+){0,3}? (\d{2,3})(?= )/g)) {
    const systolic = Number(match[1]);
    if (systolic >= 60 && systolic <= 320) out.push({ index: match.index + 1, systolic, diastolic: 0 });
  }
  for (const match of text.matchAll(
    / (?:diastolic|bottom number|diastolica)(?: \S+){0,3}? (\d{2,3})(?= )/g,
  )) {
    const diastolic = Number(match[1]);
    if (diastolic >= 30 && diastolic <= 220) out.push({ index: match.index + 1, systolic: 0, diastolic });
  }
  return out;
}

/**
 * Numbers that follow one of `contexts` within a few words and are not followed by a unit that makes them
 * something else (grams, days, an A1C percentage, a clock time, the second half of a blood pressure).
 */
function numbersAfter(
  text: string,
  contexts: ReadonlySet<string>,
  span: number,
): { index: number; value: number; unit: string; decimal: boolean; context: string }[] {
  const tokens = tokensOf(text);
  const out: { index: number; value: number; unit: string; decimal: boolean; context: string }[] = [];
  const taken = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const context = tokens[i]!.token;
    if (!contexts.has(context)) continue;
    for (let j = i + 1; j <= Math.min(tokens.length - 1, i + span); j++) {
      const { token, index } = tokens[j]!;
      if (token === '.' || token === '?') break;
      if (!NUMBER.test(token) || taken.has(j)) continue;
      const next = tokens[j + 1]?.token ?? '';
      const after = tokens[j + 2]?.token ?? '';
      const previous = tokens[j - 1]?.token ?? '';
      const beforeThat = tokens[j - 2]?.token ?? '';
      if (
        NOT_A_READING.has(next) ||
        previous === ':' ||
        previous === '/' ||
        (next === '/' && after !== 'dl' && after !== 'l')
      )
        continue;
      if (next === 'over' || next === 'sobre') continue;
      // "call 911", "text 988": a phone number, not a reading.
      if (CALL_WORDS.has(previous) || CALL_WORDS.has(beforeThat)) continue;
      if (A1C_WORDS.has(previous) || A1C_WORDS.has(beforeThat) || A1C_WORDS.has(tokens[j - 3]?.token ?? ''))
        continue;
      if (next === 'mg' && after !== '/' && after !== 'dl') continue;
      taken.add(j);
      out.push({
        index,
        value: Number(token),
        unit: next === '/' ? 'mg' : next,
        decimal: token.includes('.'),
        context,
      });
      break;
    }
  }
  return out;
}

const GLUCOSE_CONTEXTS = new Set([
  'sugar',
  'sugars',
  'glucose',
  'bg',
  'bs',
  'bgl',
  'cgm',
  'dexcom',
  'libre',
  'meter',
  'glucometer',
  'reading',
  'readings',
  'fasting',
  'azucar',
  'glucosa',
  'glucemia',
  'level',
  'levels',
  'number',
  'numbers',
  'nivel',
  'monitor',
  'sensor',
  'sugars',
  'bgs',
]);
const GENERIC_GLUCOSE_CONTEXTS = new Set([
  'reading',
  'readings',
  'level',
  'levels',
  'number',
  'numbers',
  'nivel',
  'monitor',
  'sensor',
  'meter',
]);
const DIABETES_WORDS =
  / (?:sugar|sugars|glucose|diabetes|diabetic|insulin|meter|glucometer|cgm|dexcom|libre|hypo|a1c|azucar|glucosa|diabetico|diabetica|insulina|hypoglycemia|low|mg|mmol|shaky|shaking|trembling|temblando|jittery)(?= )/;

/** A number told as where a reading has come to ("now it's 104", "back up to 6.1"), with the word after it. */
const FOLLOWING_READING =
  / (?:now|back up to|back to|up to|came up to|went up to|rose to|ahora|ya) (?:(?!\d)\S+ ){0,3}?(\d{2,3}(?:\.\d+)?|\d\.\d+)(?= (\S+)?)/g;

/** mg/dL per mmol/L of glucose. */
const MG_PER_MMOL = 18;

/**
 * Blood glucose readings in mg/dL. A value with `mmol`, or a decimal or a value under 20 without a unit, is
 * read as mmol/L; a unitless value of 20-39 reads as mg/dL (dangerously low either way, which is what matters).
 * A meter's `LO` reads as 19 mg/dL and `HI` as 601 mg/dL, just past each meter's range.
 */
export function glucoses(text: string): Reading[] {
  const diabetic = DIABETES_WORDS.test(text);
  const out: Reading[] = [];
  for (const { index, value, unit, decimal, context } of numbersAfter(text, GLUCOSE_CONTEXTS, 6)) {
    // "My reading is 250" is a glucose only where diabetes is spoken of; over 300 it can be nothing else.
    if (GENERIC_GLUCOSE_CONTEXTS.has(context) && !diabetic && value <= 300) continue;
    const mmol = unit === 'mmol' || (unit !== 'mg' && (decimal || value < 20));
    if (value <= 0) continue;
    out.push({ index, value: mmol ? value * MG_PER_MMOL : value });
  }
  // After a glucose reading, "now it's 104" or "back up to 6.1" is the next reading of the same thing.
  if (out.length > 0) {
    const first = Math.min(...out.map((reading) => reading.index));
    for (const match of text.matchAll(FOLLOWING_READING)) {
      const index = match.index + match[0].length - match[1]!.length;
      if (index < first || out.some((reading) => reading.index === index)) continue;
      const value = Number(match[1]);
      const unit = match[2] ?? '';
      if (value <= 0 || NOT_A_READING.has(unit)) continue;
      const mmol = unit === 'mmol' || (unit !== 'mg' && (match[1]!.includes('.') || value < 20));
      out.push({ index, value: mmol ? value * MG_PER_MMOL : value });
    }
  }
  for (const match of text.matchAll(/ (\d+(?:\.\d+)?) (mg \/ dl|mgdl|mmol)(?= )/g)) {
    if (out.some((reading) => reading.index === match.index + 1)) continue;
    const value = Number(match[1]);
    out.push({ index: match.index + 1, value: match[2] === 'mmol' ? value * MG_PER_MMOL : value });
  }
  const meter =
    / (?:meter|reading|sugar|glucose|glucometer|glucometro|medidor|cgm|dexcom|libre|monitor|bg|azucar|glucosa|sensor)(?: \S+){0,3}? (?:says |reads |shows |showing |displays |is |just |reading |said |read |showed |dice |marca |sale |muestra |salio |esta )?(hi|lo|high|low)(?= )/g;
  for (const match of text.matchAll(meter)) {
    const word = match[1];
    // Only the meter's own display words: "says high" is a description, "says HI" is off the scale.
    if (word === 'hi' || word === 'lo') out.push({ index: match.index + 1, value: word === 'hi' ? 601 : 19 });
  }
  return out;
}

const TEMPERATURE_CONTEXTS = new Set([
  'fever',
  'temp',
  'temperature',
  'temperatura',
  'fiebre',
  'calentura',
  'thermometer',
  'termometro',
  'febrile',
]);
const CELSIUS_UNITS = new Set(['c', 'celsius', 'centigrados', 'centigrade']);
const FAHRENHEIT_UNITS = new Set(['f', 'fahrenheit', 'farenheit']);

/** Body temperatures in °C: units when given, otherwise 34-45 reads as °C and 90-115 as °F. */
export function temperatures(text: string): Reading[] {
  const found = numbersAfter(text, TEMPERATURE_CONTEXTS, 5);
  for (const match of text.matchAll(
    / (\d+(?:\.\d+)?) (?:deg |degrees |grados )?(c|f|celsius|fahrenheit|centigrados)(?= )/g,
  )) {
    if (!found.some((reading) => reading.index === match.index + 1)) {
      found.push({
        index: match.index + 1,
        value: Number(match[1]),
        unit: match[2]!,
        decimal: false,
        context: '',
      });
    }
  }
  const trailing =
    / (\d+(?:\.\d+)?) (?:(?:on|in|by|under) (?:the|his|her|my|a) (?:thermometer|arm|armpit|ear|mouth|forehead|bottom)|rectal\w*|oral\w*|axillary)(?= )/g;
  for (const match of text.matchAll(trailing)) {
    if (!found.some((reading) => reading.index === match.index + 1)) {
      found.push({ index: match.index + 1, value: Number(match[1]), unit: '', decimal: false, context: '' });
    }
  }
  const out: Reading[] = [];
  for (const { index, value, unit: first } of found) {
    const tail = text.slice(index).split(' ').slice(1, 4);
    const unit = tail.find((token) => CELSIUS_UNITS.has(token) || FAHRENHEIT_UNITS.has(token)) ?? first;
    if (CELSIUS_UNITS.has(unit) || (!FAHRENHEIT_UNITS.has(unit) && value >= 34 && value <= 45)) {
      if (value >= 25 && value <= 45) out.push({ index, value });
    } else if (value >= 85 && value <= 115) {
      out.push({ index, value: Math.round((((value - 32) * 5) / 9) * 10) / 10 });
    }
  }
  return out;
}

const PULSE_CONTEXTS = new Set([
  'pulse',
  'hr',
  'heartbeat',
  'rate',
  'pulso',
  'latidos',
  'pulsaciones',
  'cardiaca',
  'racing',
  'pounding',
  'beating',
]);

/** Heart rates in beats per minute: after a pulse word, or before `bpm` / "beats". */
export function heartRates(text: string): Reading[] {
  const out: Reading[] = [];
  for (const { index, value, unit } of numbersAfter(text, PULSE_CONTEXTS, 4)) {
    if (value >= 20 && value <= 260 && unit !== 'mg') out.push({ index, value });
  }
  for (const match of text.matchAll(/ (\d{2,3}) (?:bpm|beats|lpm|latidos|pulsaciones)(?= )/g)) {
    const value = Number(match[1]);
    if (!out.some((r) => r.index === match.index + 1) && value >= 20 && value <= 260)
      out.push({ index: match.index + 1, value });
  }
  return out;
}

const MONTHS_PER_UNIT: Readonly<Record<string, number>> = {
  day: 1 / 30.4,
  days: 1 / 30.4,
  dias: 1 / 30.4,
  dia: 1 / 30.4,
  week: 1 / 4.35,
  weeks: 1 / 4.35,
  wk: 1 / 4.35,
  wks: 1 / 4.35,
  semana: 1 / 4.35,
  semanas: 1 / 4.35,
  month: 1,
  months: 1,
  mo: 1,
  mos: 1,
  mes: 1,
  meses: 1,
  year: 12,
  years: 12,
  yr: 12,
  yrs: 12,
  ano: 12,
  anos: 12,
};
const AGE_UNITS = Object.keys(MONTHS_PER_UNIT).join('|');
const COUNT =
  '\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez';
const AGE_PATTERNS = [
  new RegExp(` (${COUNT}) (${AGE_UNITS}) old(?= )`, 'g'),
  new RegExp(
    ` (?:baby|infant|son|daughter|newborn|bebe|hijo|hija|nieto|nieta|grandson|granddaughter|he|she|hes|shes|nena|nene)(?: is| was| just turned| turned| tiene| de| who is| thats| only)? (${COUNT}) (${AGE_UNITS})(?= )`,
    'g',
  ),
  new RegExp(` born (${COUNT}) (${AGE_UNITS}) ago(?= )`, 'g'),
  new RegExp(` (${COUNT}) (${AGE_UNITS}) de (?:nacido|nacida|edad|vida)(?= )`, 'g'),
];

/**
 * The youngest age, in months, of anyone the text speaks of; `newborn` is 0. Undefined when no age is given.
 * "Two months pregnant" is not an age.
 */
export function youngestAgeInMonths(text: string): number | undefined {
  let youngest: number | undefined;
  const consider = (months: number): void => {
    youngest = youngest === undefined ? months : Math.min(youngest, months);
  };
  if (/ (?:newborn|neonate|recien nacid[oa]|neonato)(?= )/.test(text)) consider(0);
  for (const pattern of AGE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const rest = text.slice(match.index + match[0].length, match.index + match[0].length + 24);
      if (/^ (?:pregnant|along|postpartum|embarazada|de embarazo|of pregnancy)/.test(rest)) continue;
      consider(numberOf(match[1]!) * MONTHS_PER_UNIT[match[2]!]!);
    }
  }
  return youngest;
}

/** Weeks of pregnancy when told ("32 weeks pregnant", "32 semanas de embarazo"). */
export function weeksPregnant(text: string): number | undefined {
  const match =
    / (\d{1,2}) (?:weeks?|wks?|semanas) (?:pregnant|along|de embarazo|embarazada)(?= )/.exec(text) ??
    / (?:pregnant|embarazada) (?:de |at |with |of )?(\d{1,2}) (?:weeks?|wks?|semanas)(?= )/.exec(text) ??
    // A message that opens with "39 weeks and ..." is telling how far along a pregnancy is.
    /^ (\d{1,2}) (?:weeks?|wks?|semanas)(?! old| ago| de nacid)(?= )/.exec(text) ??
    / (?:at|im|i am|only|just|tengo) (\d{1,2}) (?:weeks?|wks?|semanas)(?! old| ago| de nacid)(?= )/.exec(
      text,
    );
  return match ? Number(match[1]) : undefined;
}
