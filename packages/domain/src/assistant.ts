/**
 * Health-assistant rules: what a chat message asks for (search, display a document), the safety texts added to
 * every answer, the canned answers used when the model is silent, and how a reply is assembled.
 * REQ-chat (intents, safety notes, canned answers, replies), REQ-data-ai-reply, REQ-data-secure-reply, REQ-err.
 */
import type { AiReply, ChatAction, KnowledgeRef, SecureReply } from './entities';
import { MIN_AI_REPLY_LENGTH } from './constants';
import { makeExcerpt } from './knowledge';
import { ASSISTANT_ERRORS } from './texts';
import { ADVICE_REFERRALS, givesPersonalAdvice, guardedAdviceRequest } from './adviceGuard';

/** REQ-chat-intent-search Search is triggered when the message contains any of these words. */
export const SEARCH_KEYWORDS = [
  'medication',
  'drug',
  'treatment',
  'symptom',
  'diagnosis',
  'condition',
  'disease',
  'therapy',
] as const;

/**
 * REQ-chat-intent-display Document display is triggered by one of these together with a title or category
 * match.
 */
export const DISPLAY_TRIGGERS = ['show me', 'display', 'document'] as const;

/** REQ-product-educational, REQ-err-ai-failure The educational-only disclaimer added to assistant answers. */
export const DISCLAIMER =
  'This information is for educational purposes only and is not medical advice. Always talk with a qualified healthcare provider about your own health. In an emergency, call 911.';

/**
 * REQ-limit-safety-notes Safety notes appended per topic: pain or symptom; medication, drug or prescription;
 * default.
 */
export const SAFETY_NOTES = {
  symptoms:
    'Safety note: pain and new symptoms can have many causes. Contact your healthcare provider if they are severe, sudden or getting worse, and call 911 for chest pain, trouble breathing or signs of a stroke.',
  medication:
    'Safety note: take medicines only as prescribed, and do not start, stop or change a dose without talking to your doctor or pharmacist. Ask them about side effects and interactions with your other medicines.',
  general:
    'Safety note: this is general information. Your healthcare provider can advise you on what is right for your own health.',
} as const;

/**
 * REQ-model Keyword-based canned answers, the last fallback after the chat model and text generation. General
 * wellness text for adults in our own words, reviewed against public guidance (ADA Standards of Care 2026 and
 * the ADA/CDC/NHS low blood sugar pages; AHA/ACC blood pressure guidance and the AHA page on hypertensive
 * crisis; ACOG on blood pressure in pregnancy): see docs/clinical-safety.md, "Content review". The diabetes
 * and blood pressure answers carry their own when-to-call-911 advice, because a person typing a reading may be
 * in the middle of a low or a crisis.
 */
export const CANNED_ANSWERS = {
  diabetes:
    'Managing diabetes usually combines checking your blood sugar as advised, balanced meals, regular activity and taking medicines as prescribed; your care team sets your personal targets. If your blood sugar is below 70 mg/dL, use the 15-15 rule: take 15 grams of fast-acting sugar (half a cup of juice or 4 glucose tablets), recheck after 15 minutes and repeat until it is 70 or higher. Then eat a snack or meal. Call 911 if someone with diabetes faints, is confused or very drowsy, or has a seizure. If they are unconscious or cannot swallow, give nothing by mouth, use glucagon if it is available, and call 911. Contact your care team promptly about repeated lows or readings above 300 mg/dL.',
  bloodPressure:
    'For most adults, a blood pressure below 120/80 mmHg is considered normal. Healthy habits help keep it in range: eat less salt, eat plenty of vegetables and fruit, stay active, keep a healthy weight, limit alcohol and avoid tobacco. If a reading is 180/120 or higher, rest quietly and check again after 5 minutes. Call 911 straight away if a high reading comes with chest or back pain, shortness of breath, weakness or numbness, a change in vision or trouble speaking. If it is still 180/120 or higher without these signs, contact your clinician promptly, the same day. If you are pregnant or gave birth in the last 6 weeks, a reading of 160/110 or higher, or a severe headache or vision change, needs emergency care.',
  exercise:
    'Adults benefit from at least 150 minutes of moderate aerobic activity a week, such as brisk walking, plus muscle-strengthening activities on 2 or more days. Start slowly and build up gradually. If you have a heart condition, diabetes or another long-term illness, ask your healthcare provider which activities are safe for you.',
  sleep:
    'Most adults need 7 or more hours of sleep a night. Keep a regular schedule, make your bedroom dark, quiet and cool, limit caffeine and alcohol later in the day, and put screens away before bed. If you snore loudly, stop breathing during sleep or feel very sleepy during the day, talk to your healthcare provider.',
  hydration:
    'Drinking water through the day helps your body control its temperature, cushion joints and remove waste. Needs vary with activity, heat and health; pale yellow urine is a good sign you are drinking enough. Some heart and kidney conditions call for limiting fluids, so follow your clinician’s advice.',
  nutrition:
    'A balanced diet includes plenty of vegetables and fruit, whole grains, lean proteins such as fish, beans and poultry, and healthy fats such as olive oil and nuts. Limit added sugars, salt and highly processed foods. A registered dietitian can help tailor an eating plan to your health needs.',
  general:
    'I can share general health and wellness information on topics such as diabetes, blood pressure, exercise, sleep, hydration and nutrition. For advice about your own health, please talk with your healthcare provider.',
} as const;

/**
 * A canned topic. `terms` are words or phrases matched as whole words (a phrase as consecutive words), so
 * "waterproof" is not "water" and "sleepy" is not "sleep". `alongside`, when given, must also appear: "water"
 * is a hydration question only next to a drinking word, never in "my water broke" or "water pill".
 * `wellnessTip` answers are lifestyle tips that must not answer pregnancy, injury or urgent wording.
 */
type CannedTopic = {
  readonly terms: readonly string[];
  readonly alongside?: readonly string[];
  readonly wellnessTip: boolean;
  readonly answer: string;
};

/** Topics in the order they are checked; the first that matches wins. */
const CANNED_TOPICS: readonly CannedTopic[] = [
  {
    terms: [
      'diabetes',
      'diabetic',
      'blood sugar',
      'blood sugars',
      'blood glucose',
      'glucose',
      'my sugar',
      'sugar level',
      'sugar levels',
      'sugar reading',
      'low sugar',
      'high sugar',
      'hypoglycemia',
      'hypoglycaemia',
      'hyperglycemia',
      'hyperglycaemia',
      'a1c',
      'hba1c',
      'insulin',
    ],
    wellnessTip: false,
    answer: CANNED_ANSWERS.diabetes,
  },
  {
    terms: ['blood pressure', 'bp', 'hypertension'],
    wellnessTip: false,
    answer: CANNED_ANSWERS.bloodPressure,
  },
  {
    terms: [
      'exercise',
      'exercises',
      'exercising',
      'physical activity',
      'workout',
      'workouts',
      'work out',
      'working out',
      'fitness',
    ],
    wellnessTip: true,
    answer: CANNED_ANSWERS.exercise,
  },
  {
    terms: ['sleep', 'sleeping', 'slept', 'asleep', 'insomnia'],
    wellnessTip: true,
    answer: CANNED_ANSWERS.sleep,
  },
  {
    terms: ['hydration', 'hydrate', 'hydrated', 'hydrating'],
    wellnessTip: true,
    answer: CANNED_ANSWERS.hydration,
  },
  {
    terms: ['water'],
    alongside: [
      'drink',
      'drinks',
      'drinking',
      'drank',
      'intake',
      'much',
      'enough',
      'glass',
      'glasses',
      'cups',
    ],
    wellnessTip: true,
    answer: CANNED_ANSWERS.hydration,
  },
  {
    terms: ['diet', 'diets', 'nutrition', 'nutritious', 'food', 'foods', 'healthy eating', 'meal', 'meals'],
    wellnessTip: true,
    answer: CANNED_ANSWERS.nutrition,
  },
];

/**
 * Wording that makes a question more than a wellness question: pregnancy and birth, injuries, and the
 * urgent words and phrases of emergencies (English and Spanish, written without accents). Such a message
 * gets the general answer, never a lifestyle tip; the triage rules decide how urgent it is. The list errs
 * wide: a missed tip costs nothing, a hydration tip to "my water broke" misleads.
 */
const NOT_A_WELLNESS_QUESTION: readonly string[] = [
  // Pregnancy, birth and babies.
  'pregnant',
  'pregnancy',
  'labor',
  'labour',
  'contraction',
  'contractions',
  'water broke',
  'waters broke',
  'water breaking',
  'waters breaking',
  'my water',
  'my waters',
  'trimester',
  'postpartum',
  'gave birth',
  'miscarriage',
  'spotting',
  'baby',
  'newborn',
  'infant',
  'embarazada',
  'embarazo',
  'parto',
  'bebe',
  'rompio la fuente',
  'se rompio la fuente',
  // Injuries.
  'injury',
  'injured',
  'hurt',
  'fell',
  'fallen',
  'a fall',
  'hit my head',
  'broke',
  'broken',
  'fracture',
  'sprain',
  'sprained',
  'cut myself',
  'deep cut',
  'bad cut',
  'burned myself',
  'burnt myself',
  'bleeding',
  'bleed',
  'wound',
  'bitten',
  'stung',
  'accident',
  'crash',
  'concussion',
  'swollen',
  'swelling',
  'caida',
  'herida',
  'sangrado',
  'sangrando',
  // Urgent symptoms and words.
  'emergency',
  'urgent',
  '911',
  'ambulance',
  'chest pain',
  'chest pressure',
  'chest tightness',
  'cant breathe',
  'cannot breathe',
  'can not breathe',
  'hard to breathe',
  'struggling to breathe',
  'trouble breathing',
  'difficulty breathing',
  'stopped breathing',
  'not breathing',
  'short of breath',
  'shortness of breath',
  'breathless',
  'choking',
  'unconscious',
  'unresponsive',
  'passed out',
  'faint',
  'fainted',
  'fainting',
  'collapsed',
  'seizure',
  'convulsion',
  'wont wake',
  'will not wake',
  'cant wake',
  'cannot wake',
  'not waking',
  'hard to wake',
  'stroke',
  'heart attack',
  'numb',
  'numbness',
  'slurred',
  'confused',
  'confusion',
  'dizzy',
  'vomit',
  'vomiting',
  'throwing up',
  'fever',
  'severe',
  'worst',
  'sudden',
  'suddenly',
  'allergic',
  'anaphylaxis',
  'overdose',
  'overdosed',
  'too many pills',
  'poison',
  'poisoned',
  'swallowed',
  'suicide',
  'suicidal',
  'kill myself',
  'end my life',
  'want to die',
  'self harm',
  'hurt myself',
  'emergencia',
  'urgencia',
  'desmayo',
  'desmaye',
  'convulsion',
  'dolor de pecho',
  'no puedo respirar',
  'suicidio',
];

/**
 * A message as lower-case words: accents dropped (so "embarazada" and "rompió" match their plain spelling),
 * apostrophes removed ("can't" is "cant"), every other non-letter, non-digit a word break.
 */
const wordsOf = (message: string): string[] =>
  message
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Whether `term` (a word, or a phrase of words) appears in `words` as whole consecutive words. */
function hasTerm(words: readonly string[], term: string): boolean {
  const parts = term.split(' ');
  for (let i = 0; i + parts.length <= words.length; i++) {
    if (parts.every((part, j) => words[i + j] === part)) return true;
  }
  return false;
}

const hasAnyTerm = (words: readonly string[], terms: readonly string[]) =>
  terms.some((term) => hasTerm(words, term));

const mentions = (message: string, words: readonly string[]): boolean => {
  const text = message.toLowerCase();
  return words.some((w) => text.includes(w));
};

/**
 * REQ-chat-intent-search Search is triggered when the message contains a search keyword (case-insensitive).
 */
export function detectSearchIntent(message: string): boolean {
  return mentions(message, SEARCH_KEYWORDS);
}

/** What display detection needs to know about a document. */
export type DisplayableDocument = { readonly id: string; readonly title: string; readonly category: string };

/** Title words worth matching: longer than 3 letters, so 'type', 'care' count but 'in', 'and', '2' do not. */
const titleWords = (title: string): string[] =>
  [...new Set(title.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length > 3);

/**
 * REQ-chat-intent-display Document display: 'show me', 'display' or 'document' together with a document title
 * or category match. People rarely type a full title, so a title matches by its words: the document whose
 * title shares the most words with the message wins (a full title counts above any partial one; ties go to
 * the first listed). Only when no title word matches does a category named in the message pick the first
 * document of that category.
 */
export function detectDisplayIntent(
  message: string,
  documents: readonly DisplayableDocument[],
): string | undefined {
  if (!mentions(message, DISPLAY_TRIGGERS)) return undefined;
  const text = message.toLowerCase();
  let best: { id: string; score: number } | undefined;
  for (const doc of documents) {
    const fullTitle = text.includes(doc.title.toLowerCase()) ? 100 : 0;
    const score = fullTitle + titleWords(doc.title).filter((w) => text.includes(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { id: doc.id, score };
  }
  return best?.id ?? documents.find((doc) => text.includes(doc.category.toLowerCase()))?.id;
}

/** REQ-data-chat-action, REQ-chat The actions a message triggers: a knowledge search with the message as query, a document display. */
export function detectActions(message: string, documents: readonly DisplayableDocument[]): ChatAction[] {
  const actions: ChatAction[] = [];
  if (detectSearchIntent(message)) {
    actions.push({ type: 'search_knowledge', parameters: { query: message.trim() } });
  }
  const documentId = detectDisplayIntent(message, documents);
  if (documentId !== undefined) actions.push({ type: 'display_document', parameters: { documentId } });
  return actions;
}

/**
 * REQ-limit-safety-notes The safety note for a message's topic: pain or symptom first, then medication, drug
 * or prescription.
 */
export function safetyNoteFor(message: string): string {
  if (mentions(message, ['pain', 'symptom'])) return SAFETY_NOTES.symptoms;
  if (mentions(message, ['medication', 'drug', 'prescription'])) return SAFETY_NOTES.medication;
  return SAFETY_NOTES.general;
}

/**
 * REQ-model-providers The keyword-based canned health answer for a message: the first topic whose words
 * appear as words. A lifestyle tip never answers pregnancy, injury or urgent wording
 * (REQ-chat-topic-matcher): that gets the general answer.
 */
export function cannedAnswerFor(message: string): string {
  const words = wordsOf(message);
  const urgent = hasAnyTerm(words, NOT_A_WELLNESS_QUESTION);
  const topic = CANNED_TOPICS.find(
    (t) =>
      hasAnyTerm(words, t.terms) &&
      (t.alongside === undefined || hasAnyTerm(words, t.alongside)) &&
      !(t.wellnessTip && urgent),
  );
  return topic?.answer ?? CANNED_ANSWERS.general;
}

/** REQ-chat-min-reply An AI reply shorter than 20 characters (after trimming), or none at all, is replaced by a canned answer. */
export function finalizeReply(modelText: string | undefined, userMessage: string): string {
  const text = (modelText ?? '').trim();
  return text.length < MIN_AI_REPLY_LENGTH ? cannedAnswerFor(userMessage) : text;
}

/** REQ-data Knowledge references of a reply: document id, title and the first 150 characters. */
export function buildKnowledgeRefs(
  docs: readonly { readonly id: string; readonly title: string; readonly content: string }[],
): KnowledgeRef[] {
  return docs.map((doc) => ({ documentId: doc.id, title: doc.title, excerpt: makeExcerpt(doc.content) }));
}

/**
 * REQ-data Suggested follow-ups for a reply, chosen from the message's topic. Each is a question the
 * assistant can answer for anyone who asks it (the panel sends it as the next message): a symptom leads to
 * the calendar, a medication to the records, a search to the knowledge base; small talk gets a general
 * question.
 */
export const SUGGESTED_ACTIONS = {
  appointments: 'Show my upcoming appointments',
  records: 'Show me my medical records',
  search: 'What treatment options are there?',
  general: 'What are the symptoms of diabetes?',
} as const;

export function suggestActionsFor(userMessage: string): string[] {
  const actions: string[] = [];
  if (mentions(userMessage, ['pain', 'symptom'])) actions.push(SUGGESTED_ACTIONS.appointments);
  if (mentions(userMessage, ['medication', 'drug', 'prescription'])) actions.push(SUGGESTED_ACTIONS.records);
  if (detectSearchIntent(userMessage)) actions.push(SUGGESTED_ACTIONS.search);
  return actions.length > 0 ? actions : [SUGGESTED_ACTIONS.general];
}

/**
 * The answer text with its topic's safety note appended (REQ-limit-safety-notes). A request for a personal
 * dose change or a diagnosis (adviceGuard.ts, for the asker's role; guarded when the role is unknown) starts
 * with the fixed referral, and a model answer that still gives such advice is replaced by the canned
 * educational answer.
 */
function withSafetyNote(modelText: string | undefined, userMessage: string, role?: string): string {
  const guarded = guardedAdviceRequest(userMessage, role);
  const answer = guarded && modelText !== undefined && givesPersonalAdvice(modelText) ? undefined : modelText;
  const body = `${finalizeReply(answer, userMessage)}\n\n${safetyNoteFor(userMessage)}`;
  return guarded ? `${ADVICE_REFERRALS[guarded]}\n\n${body}` : body;
}

/**
 * REQ-data-ai-reply, REQ-chat The AI reply: the finalized answer with its safety note, the disclaimer and
 * suggested follow-ups. `role` is the asker's (knowledge) role, for the advice guard: unknown is guarded.
 */
export function buildAiReply(modelText: string | undefined, userMessage: string, role?: string): AiReply {
  return {
    message: withSafetyNote(modelText, userMessage, role),
    disclaimer: DISCLAIMER,
    suggestedActions: suggestActionsFor(userMessage),
  };
}

/**
 * The topic's canned answer with its safety note and never the advice referral: what follows an emergency banner
 * (triageTexts.ts), where "talk to your doctor" must not read as an alternative to calling 911.
 */
export const cannedReplyAfterBanner = (userMessage: string): string =>
  `${cannedAnswerFor(userMessage)}\n\n${safetyNoteFor(userMessage)}`;

/** REQ-err-ai-failure AI failure: the apology with the emergency disclaimer. */
export function buildAiFailureReply(): AiReply {
  return { message: ASSISTANT_ERRORS.aiFailure, disclaimer: ASSISTANT_ERRORS.emergencyDisclaimer };
}

/**
 * REQ-data-secure-reply, REQ-chat The secure (knowledge-grounded) reply: the finalized answer with its safety note, the disclaimer, the
 * titles of the knowledge used, the access level it was retrieved at (the role), and any warnings.
 */
export function buildSecureReply(input: {
  modelText: string | undefined;
  userMessage: string;
  sources: readonly { readonly title: string }[];
  role: string;
  warnings?: readonly string[];
}): SecureReply {
  return {
    message: withSafetyNote(input.modelText, input.userMessage, input.role),
    disclaimer: DISCLAIMER,
    knowledgeSources: input.sources.map((s) => s.title),
    accessLevel: input.role,
    warnings: [...(input.warnings ?? [])],
  };
}

/** REQ-err-knowledge-retrieval Knowledge retrieval error: an apology with a technical-support warning. */
export function buildKnowledgeRetrievalErrorReply(role: string): SecureReply {
  return {
    message: ASSISTANT_ERRORS.knowledgeRetrieval,
    disclaimer: DISCLAIMER,
    knowledgeSources: [],
    accessLevel: role,
    warnings: [ASSISTANT_ERRORS.knowledgeRetrievalWarning],
  };
}
