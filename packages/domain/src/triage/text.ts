/**
 * Text preparation for triage (docs/clinical-safety.md, "Reading the text"): people type in a hurry, on a phone,
 * in English or Spanish, with capitals, accents, missing apostrophes and misspellings. Every message is reduced
 * to one lower-case line of tokens separated by single spaces, with ` . ` and ` ? ` marking sentence ends, so
 * that the concept patterns can be plain, linear regular expressions.
 */

/** The most of one message that triage reads: 25 times the chat limit, so a pasted wall of text is still read. */
export const TRIAGE_MAX_CHARS = 100_000;

/** Unknown words looked up for a misspelling per call: bounds the work on random or binary input. */
const MAX_FUZZY_LOOKUPS = 4_000;

/**
 * Words the concept patterns are written with, and the only targets of spelling correction. A typed word at one
 * edit (two for long words) from one of these, sharing its first letter, is read as it.
 */
const TERMS = [
  'abdominal',
  'accident',
  'accidentally',
  'allergic',
  'ambulance',
  'anaphylactic',
  'anaphylaxis',
  'antifreeze',
  'attack',
  'battery',
  'bleach',
  'bleeding',
  'blurred',
  'blurry',
  'breath',
  'breathe',
  'breathing',
  'breathless',
  'chemical',
  'chest',
  'clammy',
  'collapsed',
  'confused',
  'confusion',
  'contractions',
  'convulsing',
  'convulsions',
  'coughing',
  'crushing',
  'dehydrated',
  'detergent',
  'diabetic',
  'difficulty',
  'dizziness',
  'drooping',
  'dropping',
  'emergency',
  'epilepsy',
  'fainted',
  'fainting',
  'fever',
  'glucose',
  'headache',
  'heart',
  'hopeless',
  'hyperglycemia',
  'hypoglycemia',
  'hypoglycaemia',
  'infant',
  'ketoacidosis',
  'ketones',
  'meningitis',
  'medication',
  'medicine',
  'monoxide',
  'months',
  'myself',
  'newborn',
  'numbness',
  'overdose',
  'overdosed',
  'paralyzed',
  'paralysed',
  'poison',
  'poisoned',
  'poisoning',
  'pregnant',
  'pregnancy',
  'pressure',
  'seizure',
  'seizures',
  'seizing',
  'sepsis',
  'severe',
  'shortness',
  'slurred',
  'slurring',
  'squeezing',
  'stroke',
  'sudden',
  'suddenly',
  'sugar',
  'suicidal',
  'suicide',
  'swallowed',
  'sweating',
  'swelling',
  'swollen',
  'temperature',
  'terrible',
  'throat',
  'tightness',
  'tingling',
  'tongue',
  'unconscious',
  'unresponsive',
  'vision',
  'vomit',
  'vomited',
  'vomiting',
  'weakness',
  'worst',
  'worse',
  // Spanish
  'azucar',
  'cabeza',
  'convulsiones',
  'desmayo',
  'dolor',
  'embarazada',
  'fiebre',
  'garganta',
  'glucosa',
  'hinchada',
  'hinchazon',
  'hipoglucemia',
  'pastillas',
  'pecho',
  'respirar',
  'sangrado',
  'sangre',
  'suicidarme',
  'vomitando',
] as const;

/** Real words near a term that must stay as typed ("painted" is not "fainted", "threat" is not "throat"). */
const REAL_WORDS = new Set([
  'crashing',
  'crashed',
  'crash',
  'brushing',
  'blushing',
  'flushing',
  'rushing',
  'crushed',
  'month',
  'week',
  'weeks',
  'years',
  'hours',
  'minutes',
  'seconds',
  'theirs',
  'fiber',
  'fewer',
  'attach',
  'breeding',
  'bleeping',
  'breach',
  'buttery',
  'chess',
  'conclusion',
  'crest',
  'drying',
  'dwelling',
  'dyeing',
  'fewer',
  'fiver',
  'heard',
  'hearth',
  'hears',
  'hurling',
  'hunting',
  'liking',
  'lining',
  'loving',
  'mouths',
  'pulls',
  'seating',
  'selling',
  'sever',
  'smelling',
  'sneezing',
  'spelling',
  'strike',
  'stoke',
  'strobe',
  'swearing',
  'swallow',
  'swallows',
  'swallowing',
  'swilling',
  'tainted',
  'painted',
  'threat',
  'weeds',
  'weeps',
  'welling',
  'dumbness',
  'sugary',
  'sugars',
  'hearts',
  'hearty',
  'poisson',
  'breathes',
  'breaths',
  'vomits',
  'dolores',
  'months',
  'mouth',
  'strokes',
  'stroked',
  'worth',
  'worsen',
  'worsening',
]);

/** Misspellings that spelling distance misses (a changed first letter, or sound-alike spellings). */
const MISSPELLINGS: Readonly<Record<string, string>> = {
  hart: 'heart',
  pian: 'pain',
  pians: 'pains',
  pane: 'pain',
  chestpain: 'chest pain',
  chestpains: 'chest pains',
  cantbreathe: 'cant breathe',
  cantbreath: 'cant breathe',
  kil: 'kill',
  tok: 'took',
  pils: 'pills',
  kll: 'kill',
  harte: 'heart',
  chst: 'chest',
  brethe: 'breathe',
  breth: 'breath',
  brething: 'breathing',
  sezure: 'seizure',
  ceasure: 'seizure',
  seezure: 'seizure',
  seasure: 'seizure',
  sezuire: 'seizure',
  seizur: 'seizure',
  siezure: 'seizure',
  siezures: 'seizures',
  anafilaxis: 'anaphylaxis',
  anafilaxia: 'anaphylaxis',
  anaphylaxia: 'anaphylaxis',
  unconsius: 'unconscious',
  unconcius: 'unconscious',
  uncontious: 'unconscious',
  sucide: 'suicide',
  suiside: 'suicide',
  suacide: 'suicide',
  suicde: 'suicide',
  sucidal: 'suicidal',
  suisidal: 'suicidal',
  suicidle: 'suicidal',
  sugr: 'sugar',
  shugar: 'sugar',
  sugger: 'sugar',
  glucos: 'glucose',
  presure: 'pressure',
  preasure: 'pressure',
  throwin: 'throwing',
  vommiting: 'vomiting',
  vomitting: 'vomiting',
  vommit: 'vomit',
  stomache: 'stomach',
  stomac: 'stomach',
  nauseus: 'nauseous',
  nautious: 'nauseous',
  nausious: 'nauseous',
  diabetis: 'diabetic',
  hipo: 'hypo',
  emergancy: 'emergency',
  ambulence: 'ambulance',
  strok: 'stroke',
  heartattack: 'heart attack',
  faintd: 'fainted',
  dizy: 'dizzy',
  dizzie: 'dizzy',
  numm: 'numb',
  blury: 'blurry',
  vison: 'vision',
  kitones: 'ketones',
  ketons: 'ketones',
  keytones: 'ketones',
  posion: 'poison',
  poisen: 'poison',
  overdoes: 'overdose',
  od: 'overdose',
  oded: 'overdosed',
  clamy: 'clammy',
  sweatty: 'sweaty',
  shakey: 'shaky',
  tounge: 'tongue',
  throut: 'throat',
  respirer: 'respirar',
  asucar: 'azucar',
  bomitando: 'vomitando',
  vomitndo: 'vomitando',
};

const TERMS_BY_INITIAL: ReadonlyMap<string, readonly string[]> = (() => {
  const byInitial = new Map<string, string[]>();
  for (const term of TERMS) {
    const list = byInitial.get(term[0]!) ?? [];
    list.push(term);
    byInitial.set(term[0]!, list);
  }
  return byInitial;
})();
const KNOWN = new Set<string>([...TERMS, ...REAL_WORDS]);

/** Edit distance with transpositions (optimal string alignment), abandoned once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The term a typed word stands for, or the word itself. */
function correct(word: string): string {
  const listed = MISSPELLINGS[word];
  if (listed !== undefined) return listed;
  // A dropped g ("sweatin", "bleedin") is the word itself.
  if (word.endsWith('in') && KNOWN.has(`${word}g`)) return `${word}g`;
  if (word.length < 5 || KNOWN.has(word)) return word;
  const max = word.length >= 10 ? 2 : 1;
  let best = word;
  let bestDistance = max + 1;
  for (const term of TERMS_BY_INITIAL.get(word[0]!) ?? []) {
    const distance = editDistance(word, term, max);
    if (distance < bestDistance) {
      best = term;
      bestDistance = distance;
    }
  }
  return best;
}

/** Words that mix letters then digits ("a1c"), letters (any script), numbers with an optional decimal part, sentence ends, and the symbols units use. */
const TOKEN = /\p{L}+\d[\p{L}\d]*|\d+(?:[.,]\d{1,2}(?!\d))?|\p{L}+|[.!;?¿\n]|[,/:%°]/gu;

/**
 * One message as a line of tokens: ` a b c . d ? ` (with a space before and after every token). Accents and
 * case are dropped, apostrophes inside words are closed up ("can't" and "cant" read alike), a decimal comma
 * becomes a point, `°` becomes `deg`, and known misspellings are corrected.
 */
export function tokenize(raw: string): string {
  const clipped = raw.length > TRIAGE_MAX_CHARS ? raw.slice(0, TRIAGE_MAX_CHARS) : raw;
  const folded = clipped
    .replace(/[º℃℉]/g, (symbol) => (symbol === 'º' ? '°' : symbol === '℃' ? '°c' : '°f'))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "OD'd" would close up into the word "odd".
    .replace(/\bod['’]d\b/g, 'overdosed')
    // "my self" is "myself" ("hurt my self", "kill my self").
    .replace(/\b(my|him|her|your) self\b/g, '$1self')
    .replace(/(\p{L})['’‘`´](?=\p{L})/gu, '$1');
  const corrections = new Map<string, string>();
  const tokens: string[] = [];
  let lookups = 0;
  for (const [token] of folded.matchAll(TOKEN)) {
    let out: string;
    if (/^\d/.test(token)) out = token.replace(',', '.');
    else if (token === '?' || token === '¿') out = '?';
    else if (token === '.' || token === '!' || token === ';' || token === '\n') out = '.';
    else if (token === '°') out = 'deg';
    else if (!/^\p{L}/u.test(token)) out = token;
    else {
      const known = corrections.get(token);
      if (known !== undefined) out = known;
      else if (lookups < MAX_FUZZY_LOOKUPS) {
        lookups++;
        out = correct(token);
        corrections.set(token, out);
      } else out = token;
    }
    const last = tokens[tokens.length - 1];
    // Runs of sentence ends collapse to one, a question mark winning ("?!", "...").
    if ((out === '.' || out === '?') && (last === '.' || last === '?')) {
      if (out === '?') tokens[tokens.length - 1] = '?';
      continue;
    }
    tokens.push(out);
  }
  return tokens.length === 0 ? ' ' : ` ${tokens.join(' ')} `;
}
