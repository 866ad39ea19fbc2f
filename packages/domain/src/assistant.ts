/**
 * Health-assistant rules: what a chat message asks for (search, display a document), the safety texts added to
 * every answer, the canned answers used when the model is silent, and how a reply is assembled.
 * Specification sections 1, 3, 5 (Chat, Knowledge relevance), 7, 8 (Assistant and tools) and 9.
 */
import type { AiReply, ChatAction, KnowledgeRef, SecureReply } from './entities';
import { MIN_AI_REPLY_LENGTH } from './constants';
import { makeExcerpt } from './knowledge';
import { ASSISTANT_ERRORS } from './texts';

/** §5 Search is triggered when the message contains any of these words. */
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

/** §5 Document display is triggered by one of these together with a title or category match. */
export const DISPLAY_TRIGGERS = ['show me', 'display', 'document'] as const;

/** §1, §8 The educational-only disclaimer added to assistant answers. */
export const DISCLAIMER =
  'This information is for educational purposes only and is not medical advice. Always talk with a qualified healthcare provider about your own health. In an emergency, call 911.';

/** §9 Safety notes appended per topic: pain or symptom; medication, drug or prescription; default. */
export const SAFETY_NOTES = {
  symptoms:
    'Safety note: pain and new symptoms can have many causes. Contact your healthcare provider if they are severe, sudden or getting worse, and call 911 for chest pain, trouble breathing or signs of a stroke.',
  medication:
    'Safety note: take medicines only as prescribed, and do not start, stop or change a dose without talking to your doctor or pharmacist. Ask them about side effects and interactions with your other medicines.',
  general:
    'Safety note: this is general information. Your healthcare provider can advise you on what is right for your own health.',
} as const;

/**
 * §8 Keyword-based canned answers, the last fallback after the chat model and text generation. General
 * wellness text in line with common public-health guidance (CDC, AHA, ADA), for adults.
 */
export const CANNED_ANSWERS = {
  diabetes:
    'Managing diabetes usually combines checking blood glucose as advised, a balanced diet rich in vegetables, whole grains and lean protein, regular physical activity, and taking medicines as prescribed. Your care team can set personal targets for blood glucose and A1C. Seek care promptly for very high or very low readings, or for symptoms such as extreme thirst, confusion or fainting.',
  bloodPressure:
    'For most adults, a blood pressure below 120/80 mmHg is considered normal. Healthy habits help keep it in range: eat less salt, eat plenty of vegetables and fruit, stay active, keep a healthy weight, limit alcohol and avoid tobacco. Check your blood pressure regularly and follow your clinician’s advice about medicines.',
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

/** Topics in the order they are checked; the first whose keyword appears wins. */
const CANNED_TOPICS: ReadonlyArray<{ keywords: readonly string[]; answer: string }> = [
  { keywords: ['diabetes', 'blood sugar', 'glucose'], answer: CANNED_ANSWERS.diabetes },
  { keywords: ['blood pressure', 'hypertension'], answer: CANNED_ANSWERS.bloodPressure },
  { keywords: ['exercise', 'physical activity', 'workout'], answer: CANNED_ANSWERS.exercise },
  { keywords: ['sleep', 'insomnia'], answer: CANNED_ANSWERS.sleep },
  { keywords: ['hydrat', 'water'], answer: CANNED_ANSWERS.hydration },
  { keywords: ['diet', 'nutrition', 'food'], answer: CANNED_ANSWERS.nutrition },
];

const mentions = (message: string, words: readonly string[]): boolean => {
  const text = message.toLowerCase();
  return words.some((w) => text.includes(w));
};

/** §5 Search is triggered when the message contains a search keyword (case-insensitive). */
export function detectSearchIntent(message: string): boolean {
  return mentions(message, SEARCH_KEYWORDS);
}

/** What display detection needs to know about a document. */
export type DisplayableDocument = { readonly id: string; readonly title: string; readonly category: string };

/** Title words worth matching: longer than 3 letters, so 'type', 'care' count but 'in', 'and', '2' do not. */
const titleWords = (title: string): string[] =>
  [...new Set(title.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length > 3);

/**
 * §5 Document display: 'show me', 'display' or 'document' together with a document title or category match.
 * People rarely type a full title, so a title matches by its words: the document whose title shares the most
 * words with the message wins (a full title counts above any partial one; ties go to the first listed). Only
 * when no title word matches does a category named in the message pick the first document of that category.
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

/** §3, §5 The actions a message triggers: a knowledge search with the message as query, a document display. */
export function detectActions(message: string, documents: readonly DisplayableDocument[]): ChatAction[] {
  const actions: ChatAction[] = [];
  if (detectSearchIntent(message)) {
    actions.push({ type: 'search_knowledge', parameters: { query: message.trim() } });
  }
  const documentId = detectDisplayIntent(message, documents);
  if (documentId !== undefined) actions.push({ type: 'display_document', parameters: { documentId } });
  return actions;
}

/** §9 The safety note for a message's topic: pain or symptom first, then medication, drug or prescription. */
export function safetyNoteFor(message: string): string {
  if (mentions(message, ['pain', 'symptom'])) return SAFETY_NOTES.symptoms;
  if (mentions(message, ['medication', 'drug', 'prescription'])) return SAFETY_NOTES.medication;
  return SAFETY_NOTES.general;
}

/** §8 The keyword-based canned health answer for a message. */
export function cannedAnswerFor(message: string): string {
  return CANNED_TOPICS.find((topic) => mentions(message, topic.keywords))?.answer ?? CANNED_ANSWERS.general;
}

/** §5 An AI reply shorter than 20 characters (after trimming), or none at all, is replaced by a canned answer. */
export function finalizeReply(modelText: string | undefined, userMessage: string): string {
  const text = (modelText ?? '').trim();
  return text.length < MIN_AI_REPLY_LENGTH ? cannedAnswerFor(userMessage) : text;
}

/** §3 Knowledge references of a reply: document id, title and the first 150 characters. */
export function buildKnowledgeRefs(
  docs: readonly { readonly id: string; readonly title: string; readonly content: string }[],
): KnowledgeRef[] {
  return docs.map((doc) => ({ documentId: doc.id, title: doc.title, excerpt: makeExcerpt(doc.content) }));
}

/**
 * §3 Suggested follow-ups for a reply, chosen from the message's topic. Each is a question the assistant can
 * answer for anyone who asks it (the panel sends it as the next message): a symptom leads to the calendar, a
 * medication to the records, a search to the knowledge base; small talk gets a general question.
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

/** The answer text with its topic's safety note appended (§9). */
const withSafetyNote = (modelText: string | undefined, userMessage: string): string =>
  `${finalizeReply(modelText, userMessage)}\n\n${safetyNoteFor(userMessage)}`;

/** §3, §7 The AI reply: the finalized answer with its safety note, the disclaimer and suggested follow-ups. */
export function buildAiReply(modelText: string | undefined, userMessage: string): AiReply {
  return {
    message: withSafetyNote(modelText, userMessage),
    disclaimer: DISCLAIMER,
    suggestedActions: suggestActionsFor(userMessage),
  };
}

/** §8 AI failure: the apology with the emergency disclaimer. */
export function buildAiFailureReply(): AiReply {
  return { message: ASSISTANT_ERRORS.aiFailure, disclaimer: ASSISTANT_ERRORS.emergencyDisclaimer };
}

/**
 * §3, §7 The secure (knowledge-grounded) reply: the finalized answer with its safety note, the disclaimer, the
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
    message: withSafetyNote(input.modelText, input.userMessage),
    disclaimer: DISCLAIMER,
    knowledgeSources: input.sources.map((s) => s.title),
    accessLevel: input.role,
    warnings: [...(input.warnings ?? [])],
  };
}

/** §8 Knowledge retrieval error: an apology with a technical-support warning. */
export function buildKnowledgeRetrievalErrorReply(role: string): SecureReply {
  return {
    message: ASSISTANT_ERRORS.knowledgeRetrieval,
    disclaimer: DISCLAIMER,
    knowledgeSources: [],
    accessLevel: role,
    warnings: [ASSISTANT_ERRORS.knowledgeRetrievalWarning],
  };
}
