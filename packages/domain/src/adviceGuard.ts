/**
 * The advice guard (REQ-chat-no-dose-advice): the assistant never tells a person to change a dose of their own medicine
 * or that they have (or do not have) a condition. It reads two things:
 *
 * - a user's message (`personalAdviceRequest`): a request to change, start, stop, skip, double or set a dose of
 *   a medicine for oneself or a named person ("should I double my metformin?", "¿puedo dejar mis pastillas de
 *   la presión?"), or to be told whether one has a condition ("do I have diabetes?", "¿tengo diabetes?"). An
 *   educational question ("what is the usual metformin dose?", "what happens if you stop metformin?"), a
 *   statement ("my doctor said I have diabetes"), and a negated change ("I won't change my dose") are not
 *   requests. Those are answered with a fixed referral first (`ADVICE_REFERRALS`), then educational information.
 * - a model's answer (`givesPersonalAdvice`): whether it still tells the reader to change a dose or names their
 *   diagnosis; such an answer is replaced by the reviewed canned answer.
 *
 * Per role (`adviceGuardApplies`): a doctor prescribes and diagnoses, so a doctor's dose and diagnosis questions
 * (about their patients) get the label information and educational answer without the referral. Every other
 * role, and an unknown one, is guarded: a nurse, pharmacist or dietitian asking about a dose change is asked to
 * take it to the prescriber, as a patient is (the safer behaviour where the role does not prescribe).
 *
 * Pure: plain text in, a decision out; no clock, no network.
 */
import { editDistance } from './triage/text';

export const ADVICE_REQUEST_KINDS = ['dose-change', 'diagnosis'] as const;
export type AdviceRequestKind = (typeof ADVICE_REQUEST_KINDS)[number];

/** The reply's first words for a guarded request, by kind: a referral, then educational information follows. */
export const ADVICE_REFERRALS = {
  'dose-change':
    'I can’t tell you to change, start, stop or skip a dose of a medicine: that decision belongs to the clinician who prescribes it, who knows your health, your other medicines and your test results. Please ask them or your pharmacist before changing how you take it. If you feel very unwell, get medical help now rather than waiting. Here is some general information to take to that conversation.',
  diagnosis:
    'I can’t tell you whether you have a condition: only a clinician who can examine you and review your tests can make a diagnosis. Please talk to your doctor or care team about what you are noticing. Here is some general information to take to that conversation.',
} as const satisfies Record<AdviceRequestKind, string>;

/**
 * The extra instruction a model gets with a guarded request: educational information only, no personal dose
 * change or diagnosis (the fixed referral is already sent before the model's answer).
 */
export const ADVICE_GUARD_INSTRUCTION =
  'The user is asking for a personal dose change or a diagnosis. Do not tell them to change, start, stop, skip or double any dose, do not give them an amount to take, and do not say whether they have or do not have any condition. A referral to their clinician has already been given. Give only general, educational information about the medicine or condition (what it is, how it is usually used and monitored, warning signs that need care), in a few short sentences.';

/** Doctors prescribe and diagnose: their questions get label information. Every other role is guarded. */
export const adviceGuardApplies = (role: string | undefined): boolean => role !== 'doctor';

/* ------------------------------------------------------------------------------------------------------------
 * Reading the text: lower case, no accents, apostrophes closed up ("don't" -> "dont"), every run of other
 * characters one space, with `?` kept as its own token (Spanish `¿` too) and sentence ends as ` . `. Long words
 * one or two edits from a word of the vocabulary below are read as it ("metfromin", "diabetis").
 * ---------------------------------------------------------------------------------------------------------- */

/** The most of a message read: four times the chat limit, so a pasted text is still read, in bounded time. */
const MAX_CHARS = 16_000;

/** Medicines this product's patients take (diabetes, blood pressure, lipids, common others), and lay names. */
const MEDICINES = [
  'metformin',
  'metformina',
  'glucophage',
  'insulin',
  'insulina',
  'lantus',
  'humalog',
  'novolog',
  'basaglar',
  'tresiba',
  'levemir',
  'toujeo',
  'ozempic',
  'semaglutide',
  'wegovy',
  'mounjaro',
  'tirzepatide',
  'trulicity',
  'victoza',
  'liraglutide',
  'jardiance',
  'empagliflozin',
  'farxiga',
  'dapagliflozin',
  'glipizide',
  'glyburide',
  'glimepiride',
  'januvia',
  'sitagliptin',
  'pioglitazone',
  'lisinopril',
  'enalapril',
  'ramipril',
  'losartan',
  'valsartan',
  'olmesartan',
  'irbesartan',
  'amlodipine',
  'amlodipino',
  'nifedipine',
  'diltiazem',
  'verapamil',
  'hydrochlorothiazide',
  'hctz',
  'chlorthalidone',
  'furosemide',
  'lasix',
  'spironolactone',
  'metoprolol',
  'atenolol',
  'carvedilol',
  'propranolol',
  'hydralazine',
  'clonidine',
  'atorvastatin',
  'simvastatin',
  'rosuvastatin',
  'lipitor',
  'crestor',
  'statin',
  'statins',
  'aspirin',
  'aspirina',
  'warfarin',
  'eliquis',
  'apixaban',
  'xarelto',
  'clopidogrel',
  'levothyroxine',
  'synthroid',
  'prednisone',
  'sertraline',
  'fluoxetine',
  'escitalopram',
  'gabapentin',
  'ibuprofen',
  'acetaminophen',
  'paracetamol',
  'omeprazole',
  'entresto',
  'digoxin',
];
/** Words for a medicine or its amount that name no medicine. */
const MEDICINE_WORDS = [
  'medicine',
  'medicines',
  'medication',
  'medications',
  'meds',
  'med',
  'pill',
  'pills',
  'tablet',
  'tablets',
  'capsule',
  'capsules',
  'dose',
  'doses',
  'dosage',
  'dosing',
  'units',
  'unit',
  'shot',
  'shots',
  'injection',
  'injections',
  'jab',
  'prescription',
  'mg',
  'dosis',
  'pastilla',
  'pastillas',
  'pildora',
  'pildoras',
  'tableta',
  'tabletas',
  'medicamento',
  'medicamentos',
  'medicina',
  'medicinas',
  'unidades',
  'inyeccion',
  'inyecciones',
  'remedio',
  'remedios',
];

/** Conditions a person may ask to be told they have; several words are matched as phrases. */
const CONDITIONS = [
  'diabetes',
  'diabetic',
  'prediabetes',
  'prediabetic',
  'pre diabetes',
  'pre diabetic',
  'type 1',
  'type 2',
  'type one',
  'type two',
  'gestational diabetes',
  'hypertension',
  'hypertensive',
  'high blood pressure',
  'low blood pressure',
  'hypotension',
  'heart attack',
  'heart disease',
  'heart failure',
  'heart problem',
  'heart problems',
  'heart condition',
  'stroke',
  'mini stroke',
  'angina',
  'afib',
  'a fib',
  'atrial fibrillation',
  'arrhythmia',
  'anxiety',
  'anxiety attack',
  'panic attack',
  'panic disorder',
  'depression',
  'depressed',
  'cancer',
  'tumor',
  'tumour',
  'infection',
  'uti',
  'covid',
  'flu',
  'pneumonia',
  'asthma',
  'copd',
  'kidney disease',
  'kidney failure',
  'kidney damage',
  'ckd',
  'neuropathy',
  'retinopathy',
  'nephropathy',
  'hypoglycemia',
  'hypoglycaemia',
  'hyperglycemia',
  'ketoacidosis',
  'dka',
  'lactic acidosis',
  'sleep apnea',
  'thyroid',
  'hypothyroidism',
  'hyperthyroidism',
  'gout',
  'anemia',
  'anaemia',
  'preeclampsia',
  'fatty liver',
  'liver disease',
  'insulin resistance',
  'something serious',
  'low blood sugar',
  'high blood sugar',
  'low sugar',
  'high sugar',
  'the sugar',
  'sugar diabetes',
  'something wrong',
  'hipertension',
  'hipertenso',
  'hipertensa',
  'presion alta',
  'diabetico',
  'diabetica',
  'prediabetico',
  'prediabetica',
  'infarto',
  'ataque al corazon',
  'ataque cardiaco',
  'derrame',
  'derrame cerebral',
  'ansiedad',
  'ataque de panico',
  'ataque de ansiedad',
  'depresion',
  'infeccion',
  'enfermedad renal',
  'neuropatia',
  'hipoglucemia',
  'algo grave',
  'algo malo',
];

/** Change verbs, English and Spanish (the forms people type), matched as whole tokens or phrases. */
const CHANGE_VERBS = [
  'double',
  'doubling',
  'doubled',
  'double up',
  'triple',
  'increase',
  'increasing',
  'raise',
  'raising',
  'bump up',
  'bump',
  'up my',
  'decrease',
  'decreasing',
  'lower',
  'lowering',
  'reduce',
  'reducing',
  'cut',
  'cutting',
  'cut back',
  'halve',
  'half',
  'stop',
  'stopping',
  'stopped',
  'quit',
  'quitting',
  'discontinue',
  'come off',
  'get off',
  'go off',
  'wean',
  'ditch',
  'ditching',
  'still have to',
  'still need to',
  'borrow',
  'use my husbands',
  'use my wifes',
  'use my moms',
  'use my dads',
  'use my friends',
  'use my partners',
  'take my husbands',
  'take my wifes',
  'take my moms',
  'take my dads',
  'take my friends',
  'le doy',
  'darle',
  'doy',
  'media pastilla',
  'la mitad',
  'drop',
  'skip',
  'skipping',
  'skipped',
  'miss',
  'missed',
  'forgot',
  'forget',
  'start',
  'starting',
  'begin',
  'switch',
  'change',
  'changing',
  'adjust',
  'adjusting',
  'take more',
  'take less',
  'take extra',
  'take another',
  'take two',
  'take 2',
  'take double',
  'take half',
  'take an extra',
  'every other day',
  'go up',
  'go down',
  'hold',
  'too much',
  'too little',
  'too high',
  'too low',
  'enough',
  'go without',
  'do without',
  'still need',
  'keep taking',
  'keep using',
  'sin tomar',
  'seguir tomando',
  'todavia necesito',
  'instead of',
  'extra',
  'tomar dos',
  'tomar 2',
  'tomo dos',
  'tomo doble',
  'tomar otra',
  'en vez de',
  'en lugar de',
  'not take',
  'how much',
  'how many',
  'what dose',
  'which dose',
  'give him more',
  'give her more',
  'duplicar',
  'duplico',
  'doblar',
  'doblo',
  'aumentar',
  'aumento',
  'aumentarme',
  'subir',
  'subo',
  'subirle',
  'subirme',
  'bajar',
  'bajo',
  'bajarle',
  'bajarme',
  'reducir',
  'reduzco',
  'disminuir',
  'dejar',
  'dejo',
  'suspender',
  'suspendo',
  'parar',
  'paro',
  'saltar',
  'salto',
  'saltarme',
  'saltear',
  'olvide',
  'empezar',
  'empiezo',
  'comenzar',
  'cambiar',
  'cambio',
  'tomar mas',
  'tomar menos',
  'tomo mas',
  'tomo menos',
  'tomar doble',
  'no tomar',
  'cuanta',
  'cuanto',
  'cuantas',
  'cuantos',
  'que dosis',
];

/** Words that make a sentence about oneself or a person one cares for. */
const PERSONAL = [
  'i',
  'me',
  'my',
  'mine',
  'myself',
  'im',
  'ive',
  'id',
  'yo',
  'mi',
  'mis',
  'debo',
  'puedo',
  'deberia',
  'tengo',
  'tomo',
  'voy',
  'quiero',
];

/** A question, or an intention the person asks to have endorsed ("I'm going to stop my pills"). */
const ASKING = [
  '?',
  '¿',
  'should',
  'can',
  'could',
  'may',
  'would',
  'is it ok',
  'is it okay',
  'is it safe',
  'is it fine',
  'is it alright',
  'is that ok',
  'what if',
  'would it hurt',
  'ok to',
  'okay to',
  'alright to',
  'fine to',
  'safe to',
  'is that okay',
  'is that alright',
  'is that fine',
  'is that safe',
  'is that bad',
  'thoughts',
  'right',
  'do i need',
  'tell me',
  'going to',
  'gonna',
  'thinking of',
  'thinking about',
  'want to',
  'wanna',
  'planning to',
  'plan to',
  'debo',
  'puedo',
  'deberia',
  'podria',
  'voy a',
  'quiero',
  'pienso',
  'esta bien',
  'es seguro',
  'tengo que',
];

/** Negations that cancel a change verb within the three words before it ("I don't want to stop"). */
const NEGATIONS = [
  'dont',
  'do not',
  'not',
  'never',
  'wont',
  'will not',
  'no',
  'without',
  'nunca',
  'didnt',
  'cant',
];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regular expression source matching any of the phrases as whole tokens. */
const anyOf = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** The single words of the vocabulary, the only targets of spelling correction. */
const VOCABULARY: readonly string[] = [
  ...new Set(
    [...MEDICINES, ...MEDICINE_WORDS, ...CONDITIONS, ...CHANGE_VERBS]
      .flatMap((phrase) => phrase.split(' '))
      .filter((word) => word.length >= 5 && /^[a-z]+$/.test(word)),
  ),
];
const VOCABULARY_SET = new Set(VOCABULARY);
/** Common words near a vocabulary word, never corrected ("double" is not "doubt"). */
const KEEP = new Set([
  'should',
  'could',
  'would',
  'about',
  'after',
  'again',
  'before',
  'since',
  'think',
  'today',
  'tonight',
  'taking',
  'doctor',
  'doctors',
  'change',
  'chance',
  'charge',
  'charts',
  'start',
  'smart',
  'stuff',
  'still',
  'tumors',
  'shoot',
  'short',
  'stock',
  'store',
  'story',
  'strip',
  'strips',
  'stress',
  'stroke',
  'thyroid',
  'diet',
  'dietas',
  'increased',
  'decreased',
  'lowered',
  'reduced',
  'changed',
  'started',
  'raised',
  'switched',
  'adjusted',
]);

/** Short misspellings edit distance cannot safely reach (a four-letter word one edit from many others). */
const MISSPELLINGS: Readonly<Record<string, string>> = {
  shud: 'should',
  shoud: 'should',
  sould: 'should',
  shld: 'should',
  shoul: 'should',
  cn: 'can',
  u: 'you',
  stopp: 'stop',
  stpo: 'stop',
  dubble: 'double',
  doubel: 'double',
  dobule: 'double',
  duble: 'double',
  xtra: 'extra',
  pils: 'pills',
  pil: 'pill',
  hart: 'heart',
  diabtes: 'diabetes',
  tonite: 'tonight',
  insuln: 'insulin',
};

/** The vocabulary word a typed word stands for, or the word itself. */
function corrected(word: string): string {
  const listed = MISSPELLINGS[word];
  if (listed !== undefined) return listed;
  if (word.length < 6 || VOCABULARY_SET.has(word) || KEEP.has(word) || !/^[a-z]+$/.test(word)) return word;
  const max = word.length >= 9 ? 2 : 1;
  let best = word;
  let bestDistance = max + 1;
  for (const term of VOCABULARY) {
    if (term[0] !== word[0]) continue;
    const distance = editDistance(word, term, max);
    if (distance < bestDistance) {
      best = term;
      bestDistance = distance;
    }
  }
  return best;
}

/** Words looked up for a misspelling per text: bounds the work on a long or random message. */
const MAX_LOOKUPS = 600;

/** A text as ` word word ? word . ` (a space around every token), corrected. */
export function adviceTokens(raw: string): string {
  const folded = raw
    .slice(0, MAX_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\p{L})['’‘`´](?=\p{L})/gu, '$1');
  const out: string[] = [];
  const seen = new Map<string, string>();
  let lookups = 0;
  for (const [token] of folded.matchAll(/[a-z]+\d[a-z\d]*|[a-z]+|\d+(?:\.\d+)?|[?¿]|[.!;\n]/g)) {
    if (token === '?' || token === '¿') out.push(token);
    else if (/^[.!;\n]$/.test(token)) out.push('.');
    else if (/^\d/.test(token) || /\d/.test(token)) out.push(token);
    else {
      let word = seen.get(token);
      if (word === undefined) {
        word = lookups < MAX_LOOKUPS ? corrected(token) : token;
        lookups += 1;
        seen.set(token, word);
      }
      out.push(word);
    }
  }
  return ` ${out.join(' ')} `;
}

/** The sentences of a token line (split at `.`; a `?` stays with its sentence so the question is seen). */
const sentencesOf = (line: string): string[] =>
  line
    .split(' . ')
    .flatMap((part) => part.split(/(?<= \?) /))
    .map((part) => ` ${part.trim()} `)
    .filter((part) => part.trim().length > 0);

const MEDICINE = new RegExp(` (?:${anyOf([...MEDICINES, ...MEDICINE_WORDS])}) `);
const CONDITION = `(?:${anyOf(CONDITIONS)})`;
const CHANGE = new RegExp(` (?:${anyOf(CHANGE_VERBS)}) `, 'g');
const PERSONAL_WORD = new RegExp(` (?:${anyOf(PERSONAL)}) `);
const ASKS = new RegExp(` (?:${anyOf(ASKING)}) `);
/** A sentence that opens as a question even without its mark ("is 1000 mg too much for me"). */
const QUESTION_START =
  /^ (?:is|are|am|do|does|did|can|could|should|would|will|shall|may|might|how|what|which|when) /;
const NEGATED_BEFORE = new RegExp(`(?: (?:${anyOf(NEGATIONS)}))(?: [a-z]+){0,2} $`);
const CLINICIAN_BEFORE =
  / (?:doctor|doctors|dr|nurse|pharmacist|provider|clinician|endocrinologist|cardiologist|prescriber|medico|medica|doctora)(?: [a-z]+){0,1} $/;
/** "should I not take it?" asks to skip: the negation belongs to the question, not the speaker's intent. */
const ASKED_NEGATION = / (?:should|can|could|may|do) i (?:just )?(?:not|no) $|(?:debo|puedo) no $/;

/** Whether one sentence asks for a change to a dose of one's own (or a named person's) medicine. */
function asksDoseChange(sentence: string): boolean {
  if (!MEDICINE.test(sentence) || !PERSONAL_WORD.test(sentence)) return false;
  if (!ASKS.test(sentence) && !QUESTION_START.test(sentence)) return false;
  for (const match of sentence.matchAll(CHANGE)) {
    const before = sentence.slice(0, match.index + 1);
    const verb = match[0].trim();
    if (NEGATED_BEFORE.test(before) && !ASKED_NEGATION.test(before) && verb !== 'not take') continue;
    // What a clinician did or said ("my doctor stopped my metformin") is not the person's own change.
    if (CLINICIAN_BEFORE.test(before)) continue;
    // "how much / how many" asks for an amount only when the person asks what to take or use.
    if (/^(?:how much|how many|cuanta|cuanto|cuantas|cuantos|what dose|which dose|que dosis)$/.test(verb)) {
      const rest = sentence.slice(match.index + match[0].length - 1);
      const asked = /^(?:cuanta|cuanto|cuantas|cuantos|que dosis)$/.test(verb)
        ? / (?:debo|tengo|puedo|me|le|hay que|se) /
        : / (?:should|do|can|could|must|need|to) /;
      if (!asked.test(rest.slice(0, 60))) continue;
    }
    // "change" and "start" about something other than a medicine ("change my diet", "start exercising").
    if (
      /^(?:change|changing|start|starting|begin|cambiar|cambio|empezar|empiezo|comenzar|drop)$/.test(verb)
    ) {
      const rest = sentence.slice(match.index + match[0].length - 1, match.index + match[0].length + 60);
      if (!MEDICINE.test(` ${rest.split(' ').slice(0, 7).join(' ')} `)) continue;
    }
    return true;
  }
  return false;
}

/** The phrases that ask to be told one has a condition, each followed (within a few words) by a condition. */
const DIAGNOSIS_FRAMES = [
  `(?:do|did|could|might|would|can) i (?:already |maybe |possibly |really |actually |now )?(?:have|got) (?:a |an |the |some |early |mild |borderline )?(?:[a-z]+ )?${CONDITION}`,
  `have i got (?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:am|was) i (?:a |an |now |already |officially |maybe |having |getting |developing )?(?:a |an )?${CONDITION}`,
  `(?:is|was|could|might) (?:this|it|that|these) (?:be )?(?:just |maybe |probably |likely |really |a sign of |signs of )?(?:a |an )?${CONDITION}`,
  `(?:does|do|did) (?:this|that|it|these|(?:my|this|these|the) [a-z0-9]+(?: (?:of |at |is |was )?[a-z0-9.]+){0,2}) (?:mean|means) (?:that )?(?:(?:i|he|she) (?:have|has|am|is|got) |im |hes |shes )(?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:does|do|is|could|might) my (?:mom|mum|mother|dad|father|son|daughter|husband|wife|child|kid|baby|partner|brother|sister|grandma|grandpa|grandmother|grandfather) (?:have|has|be) (?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:do|does) (?:my|these|this|the) (?:symptoms|numbers|results|labs|readings|sugars|levels|signs)(?: [a-z0-9.]+){0,2} (?:sound|look|seem|point) (?:like|to) (?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:is|are) my (?:numbers|results|levels|labs|readings|sugars|sugar|a1c|symptoms|blood sugar|pressure|blood pressure)(?: [a-z0-9.]+){0,3} (?:in the )?(?:a |an )?${CONDITION}`,
  `(?:has|did|have) (?:he|she|they|my [a-z]+) (?:had|have|got|has) (?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `do you think (?:(?:i have|i am|im|i got|it is|its|this is|thats|that is|it could be|this could be) )?(?:a |an )?(?:[a-z0-9]+ )?${CONDITION}`,
  `(?:tell me|let me know|say) (?:if|whether) (?:i have|i am|im|this is|its|it is|that is) (?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:worried|afraid|scared|think|guess|wonder if|wondering if|suspect|feel like|fear|sure) (?:that )?(?:i|im) (?:might |may |could |probably |already |really )?(?:have |be |am |got |getting |developing |becoming )?(?:a |an )?(?:[a-z]+ )?${CONDITION}`,
  `(?:could|can|might|is|are|would) (?:my|these|this|the|all this|that) [a-z0-9]+(?: [a-z0-9]+)? (?:be )?(?:from|due to|caused by|because of|a sign of|signs of|symptoms of|a symptom of|related to) (?:a |an |my )?(?:[a-z]+ )?${CONDITION}`,
  `is my [a-z0-9]+(?: [a-z0-9]+)?(?: [0-9.]+| of [0-9.]+)? (?:a sign of |diagnostic of |enough for |enough to be )?(?:a |an )?${CONDITION}`,
  `(?:tengo|tendre|tendria|padezco|sufro de|podria tener|puedo tener|sera que tengo|crees que tengo|cree que tengo) (?:un |una |la |el )?(?:[a-z]+ )?${CONDITION}`,
  `(?:soy|sere|estoy) (?:un |una |teniendo un |teniendo una )?${CONDITION}`,
  `(?:mi|su) (?:hijo|hija|mama|papa|madre|padre|esposo|esposa|abuela|abuelo|bebe|nino|nina|pareja) (?:tiene|tendra|es|sera|esta) (?:un |una |la |el )?(?:[a-z]+ )?${CONDITION}`,
  `(?:es|sera|esto es|eso es|seria) (?:un |una |solo |solamente )?${CONDITION}`,
];
const DIAGNOSIS = new RegExp(` (?:${DIAGNOSIS_FRAMES.join('|')})(?= )`);
/** Asking what one has without naming it: "what's wrong with me?", "what do I have?", "¿qué tengo?". */
const OPEN_DIAGNOSIS =
  / (?:whats wrong with me|what is wrong with me|what do i have \?|diagnose me|can you diagnose|what condition do i have|que tengo \?|que me pasa|diagnosticame) /;
/** After a condition word, a noun that makes it a modifier ("do I have diabetes supplies?"). */
const MODIFIED = new RegExp(
  ` ${CONDITION} (?:medication|medications|medicine|meds|appointment|appointments|visit|class|classes|education|supplies|test|tests|strips|refill|refills|prescription|doctor|nurse|clinic|program|records|results|plan|diet|team|specialist|check|checkup|screening|medicamentos|cita|clase) `,
);
/** Risk and criteria questions are educational ("am I at risk of diabetes?", "how would I know if I have it?"). */
const EDUCATIONAL_DIAGNOSIS =
  / (?:at risk|risk of|risk for|how (?:do|would|can|will) (?:i|you|someone|people) (?:know|tell|find out)|what are the (?:signs|symptoms)|riesgo|como se si|como saber si) /;
/** "Spanish `es`/`soy` frames" need the question (a bare "es diabetes" is not a request). */
const SPANISH_FRAME =
  / (?:es|sera|esto es|eso es|seria|soy|sere|estoy|tengo|tendre|tendria|padezco|sufro de) /;

/** Whether one sentence asks to be told whether one (or a named person) has a condition. */
function asksDiagnosis(sentence: string): boolean {
  if (EDUCATIONAL_DIAGNOSIS.test(sentence)) return false;
  if (OPEN_DIAGNOSIS.test(sentence)) return true;
  const found = DIAGNOSIS.exec(sentence);
  if (!found) return false;
  const rest = sentence.slice(found.index);
  if (MODIFIED.test(` ${rest.split(' ').slice(0, 12).join(' ')} `)) return false;
  // A Spanish frame is a statement unless it is the question itself: "¿tengo diabetes?" asks, "tengo diabetes,
  // ¿puedo comer fruta?" tells.
  if (SPANISH_FRAME.test(`${found[0].split(' ').slice(0, 4).join(' ')} `)) {
    const opened = sentence
      .slice(0, found.index + 1)
      .split(' ')
      .slice(-5)
      .includes('¿');
    const closed = sentence
      .slice(found.index + found[0].length)
      .split(' ')
      .slice(0, 4)
      .includes('?');
    if (!opened && !closed) return false;
  }
  // "What is diabetes?" and "what does it mean" are about the condition, not the person.
  if (/ (?:que|como|cual|what|how) $/.test(sentence.slice(0, found.index + 1))) return false;
  return true;
}

/**
 * The kind of personal advice a message asks for, or undefined: a dose change first (a request that asks both
 * gets the dose referral, which also says to see the clinician).
 */
export function personalAdviceRequest(message: string): AdviceRequestKind | undefined {
  const sentences = sentencesOf(adviceTokens(message));
  if (sentences.some(asksDoseChange)) return 'dose-change';
  if (sentences.some(asksDiagnosis)) return 'diagnosis';
  return undefined;
}

/** The kind of personal advice a message asks for, when the guard applies to the asker's role. */
export function guardedAdviceRequest(
  message: string,
  role: string | undefined,
): AdviceRequestKind | undefined {
  return adviceGuardApplies(role) ? personalAdviceRequest(message) : undefined;
}

/* ------------------------------------------------------------------------------------------------------------
 * The model's answer: a sentence that tells the reader to change a dose, gives them an amount to take, or says
 * they have (or do not have) a condition.
 * ---------------------------------------------------------------------------------------------------------- */

const DIRECT =
  '(?:you should|you can|you could|you may|you might want to|you need to|you must|you ought to|you will need to|youll need to|go ahead and|i recommend|i suggest|i would|id|i advise|its fine to|its ok to|its okay to|its safe to|it is fine to|it is ok to|it is okay to|it is safe to|feel free to|try to|just|best to|debe|deberia|debes|deberias|puede|puedes|tiene que|tienes que|le recomiendo|te recomiendo|recomiendo)';
const DOSE_ACTION =
  '(?:double|triple|increase|raise|decrease|lower|reduce|cut|halve|stop|quit|discontinue|skip|start|switch|take (?:\\d+|one|two|three|an extra|extra|another|more|less|half|double)|inject (?:\\d+|more|less|extra)|duplicar|doblar|aumentar|subir|bajar|reducir|dejar de tomar|suspender|saltar|tomar \\d+|tomar mas|tomar menos|ponerse \\d+|ponerte \\d+)';
const DIRECT_DOSE = new RegExp(` ${DIRECT}(?: (?!not |never |no )[a-z]+){0,2} ${DOSE_ACTION} `);
/** An imperative at a sentence's start: "Double your dose tonight.", "Take 10 units.", "Duplique la dosis." */
const IMPERATIVE_DOSE = new RegExp(
  `^ (?:double|triple|increase|decrease|reduce|lower|halve|skip|stop|take \\d+|inject \\d+|duplique|aumente|suspenda|deje de tomar|tome \\d+|pongase \\d+|salte) (?:your|the|it|tu|su|la|el|\\d|one|two|units|unidades|mg|tablets|tablet|pills|pill|capsules|shots|pastillas|metformin|insulin|[a-z]+ (?:dose|pills|medicine|medication|units))`,
);
/** A sentence that sends the reader to a clinician or to emergency care is a referral, not an instruction. */
const ROUTED =
  / (?:doctor|doctors|clinician|clinicians|prescriber|pharmacist|care team|nurse|provider|911|urgent care|emergency|medico|medica|farmaceutico|emergencias) /;
const MEDICINE_IN = (sentence: string) =>
  MEDICINE.test(sentence) || / (?:it|them|dose|la|las|lo|los) /.test(sentence);

const DIAGNOSIS_OUT = new RegExp(
  [
    ` (?:youve got|you ve got) (?:a |an )?(?:[a-z]+ )?${CONDITION} `,
    ` (?:you|he|she) (?:(?:likely|probably|most likely|definitely|clearly|certainly|may|might|could|do|dont|do not|does not|doesnt|already|also|now) ){0,2}(?:have|has|ve got|have got|got) (?:a |an )?(?:[a-z]+ )?${CONDITION} `,
    ` (?:you are|youre|you re) (?:not |definitely |probably |likely |clearly )?(?:a |an )?(?:having (?:a |an )?)?${CONDITION} `,
    ` (?:this|it|that|these) (?:is|sounds like|looks like|seems like|is probably|is likely|is definitely|is just|isnt|is not|are) (?:a |an |just |probably |likely |only )?(?:a |an )?${CONDITION} `,
    ` (?:your|tus|sus) (?:results|numbers|readings|symptoms|a1c|sugars|levels|labs|tests|resultados|sintomas) (?:show|shows|mean|means|indicate|indicates|confirm|confirms|suggest|suggests|muestran|indican) (?:that )?(?:you have )?(?:a |an )?${CONDITION} `,
    ` (?:usted tiene|tienes|usted es|eres|usted padece|padece|padeces|no tiene|no tienes) (?:un |una )?${CONDITION} `,
    ` (?:esto|eso) (?:es|parece|suena a|no es) (?:un |una |solo )?${CONDITION} `,
  ].join('|'),
);
/** "If you have diabetes", "people who have", "whether you have": about anyone, not a verdict. */
const CONDITIONAL_BEFORE =
  / (?:if|when|whether|once|since|because|as|unless|who|while|until|where|si|cuando|que|tells you|to see|to check|to find out|to know|can tell|will tell|can say|say whether)(?: [a-z]+){0,2} $/;

/** Whether a model's answer tells its reader to change a dose or says they have (or lack) a condition. */
export function givesPersonalAdvice(answer: string): boolean {
  const line = adviceTokens(answer);
  for (const sentence of sentencesOf(line)) {
    const routed = ROUTED.test(sentence);
    if (!routed && MEDICINE_IN(sentence) && (DIRECT_DOSE.test(sentence) || IMPERATIVE_DOSE.test(sentence))) {
      return true;
    }
    const found = DIAGNOSIS_OUT.exec(sentence);
    if (found && !CONDITIONAL_BEFORE.test(sentence.slice(0, found.index + 1))) {
      return true;
    }
  }
  return false;
}
