import { describe, expect, it } from 'vitest';
import { AiReplySchema, KnowledgeRefSchema, SecureReplySchema } from './entities';
import { EXCERPT_LENGTH, MIN_AI_REPLY_LENGTH } from './constants';
import { ASSISTANT_ERRORS } from './texts';
import { detectToolCall } from './toolCalls';
import {
  CANNED_ANSWERS,
  DISCLAIMER,
  SAFETY_NOTES,
  SEARCH_KEYWORDS,
  buildAiFailureReply,
  buildAiReply,
  buildKnowledgeRefs,
  buildKnowledgeRetrievalErrorReply,
  buildSecureReply,
  cannedAnswerFor,
  detectActions,
  detectDisplayIntent,
  detectSearchIntent,
  finalizeReply,
  safetyNoteFor,
  suggestActionsFor,
  SUGGESTED_ACTIONS,
} from './assistant';

/** The four bundled documents, in their usual list order. */
const documents = () => [
  {
    id: 'diabetes-type2-diagnostics',
    title: 'Type 2 Diabetes: Diagnostic Criteria and Evaluation',
    category: 'diagnostic',
  },
  { id: 'hypertension-management', title: 'Hypertension Management in Adults', category: 'treatment' },
  { id: 'metformin', title: 'Metformin: Prescribing and Monitoring', category: 'medication' },
  {
    id: 'diabetes-lifestyle-treatment',
    title: 'Type 2 Diabetes: Lifestyle Treatment',
    category: 'treatment',
  },
];

describe('search intent (REQ-chat-intent-search)', () => {
  it.each(SEARCH_KEYWORDS)('a message mentioning "%s" triggers a knowledge search', (word) => {
    expect(detectSearchIntent(`Tell me about ${word.toUpperCase()} options`)).toBe(true);
  });

  it('a greeting does not trigger a search', () => {
    expect(detectSearchIntent('Hello there')).toBe(false);
  });
});

describe('display intent (REQ-chat-intent-display)', () => {
  it('shows the metformin document when asked by its name', () => {
    expect(detectDisplayIntent('Show me the metformin document', documents())).toBe('metformin');
  });

  it('prefers the document sharing the most title words', () => {
    expect(detectDisplayIntent('display the diabetes lifestyle guide', documents())).toBe(
      'diabetes-lifestyle-treatment',
    );
  });

  it('prefers a full title over partial matches', () => {
    const message = 'show me type 2 diabetes: lifestyle treatment, not the diagnostic criteria evaluation';
    expect(detectDisplayIntent(message, documents())).toBe('diabetes-lifestyle-treatment');
  });

  it('falls back to the first document of a category named in the message', () => {
    expect(detectDisplayIntent('show me a medication', documents())).toBe('metformin');
  });

  it('needs a trigger phrase', () => {
    expect(detectDisplayIntent('what is metformin?', documents())).toBeUndefined();
  });

  it('needs a title or category match', () => {
    expect(detectDisplayIntent('show me my appointments', documents())).toBeUndefined();
  });
});

describe('chat actions (REQ-data-chat-action, REQ-chat-actions)', () => {
  it('searches and displays for "show me the metformin medication document"', () => {
    expect(detectActions('  show me the metformin medication document ', documents())).toEqual([
      { type: 'search_knowledge', parameters: { query: 'show me the metformin medication document' } },
      { type: 'display_document', parameters: { documentId: 'metformin' } },
    ]);
  });

  it('takes no action for small talk', () => {
    expect(detectActions('thanks!', documents())).toEqual([]);
  });
});

describe('safety notes and disclaimer (REQ-chat-safety-notes, REQ-chat-disclaimer)', () => {
  it('adds the symptom note for pain, even when a medication is also named', () => {
    expect(safetyNoteFor('What drug helps back PAIN?')).toBe(SAFETY_NOTES.symptoms);
    expect(safetyNoteFor('symptoms of flu')).toBe(SAFETY_NOTES.symptoms);
  });

  it('adds the medication note for medication, drug or prescription questions', () => {
    expect(safetyNoteFor('my prescription ran out')).toBe(SAFETY_NOTES.medication);
    expect(safetyNoteFor('drug interactions')).toBe(SAFETY_NOTES.medication);
  });

  it('adds the general note otherwise', () => {
    expect(safetyNoteFor('how much should I sleep?')).toBe(SAFETY_NOTES.general);
  });

  it('says the information is educational, not medical advice, and to call 911 in an emergency', () => {
    expect(DISCLAIMER).toMatch(/educational/);
    expect(DISCLAIMER).toMatch(/not medical advice/);
    expect(DISCLAIMER).toMatch(/911/);
  });
});

describe('canned answers (REQ-chat-fallback, REQ-chat-topic-matcher)', () => {
  it.each([
    ['How do I manage my diabetes?', CANNED_ANSWERS.diabetes],
    ['What is a normal blood pressure?', CANNED_ANSWERS.bloodPressure],
    ['hypertension tips', CANNED_ANSWERS.bloodPressure],
    ['How much exercise do I need?', CANNED_ANSWERS.exercise],
    ['I cannot sleep', CANNED_ANSWERS.sleep],
    ['How much water should I drink?', CANNED_ANSWERS.hydration],
    ['Tips for a healthy diet', CANNED_ANSWERS.nutrition],
    ['Hello', CANNED_ANSWERS.general],
  ])('answers "%s" with its topic', (message, answer) => {
    expect(cannedAnswerFor(message)).toBe(answer);
  });

  it.each([
    ['my sugar reading is 55, what do I do?', CANNED_ANSWERS.diabetes],
    ['is my A1C of 7 ok?', CANNED_ANSWERS.diabetes],
    ['my BP was 150/95 this morning', CANNED_ANSWERS.bloodPressure],
    ['I have trouble SLEEPING', CANNED_ANSWERS.sleep],
    ["I can't fall asleep at night", CANNED_ANSWERS.sleep],
    ['I wake up at 3am and cannot get back to sleep', CANNED_ANSWERS.sleep],
    ['do breathing exercises help me sleep?', CANNED_ANSWERS.exercise],
    ['And how much water?', CANNED_ANSWERS.hydration],
    ['how do I stay hydrated in the heat', CANNED_ANSWERS.hydration],
    ['what foods should I eat', CANNED_ANSWERS.nutrition],
    ['is working out in the morning better?', CANNED_ANSWERS.exercise],
  ])('matches the topic words of "%s" however they are written', (message, answer) => {
    expect(cannedAnswerFor(message)).toBe(answer);
  });

  it.each([
    ['my water broke'],
    ['My waters broke an hour ago'],
    ['is this watch waterproof?'],
    ['should I take my water pill at night?'],
    ['I feel sleepy all the time'],
    ['I am dieting... no, I mean my dietitian said hi'],
    ['tell me about sleepwalking'],
  ])('does not take part of a word, or a word in another sense, for a topic: "%s"', (message) => {
    expect(cannedAnswerFor(message)).toBe(CANNED_ANSWERS.general);
  });

  it.each([
    ["I'm pregnant, how much water should I drink?"],
    ['estoy embarazada: how much water should I drink?'],
    ['se me rompió la fuente, can I still drink water?'],
    ['I fell and hit my head, can I still exercise today?'],
    ['I cut myself badly while cooking, what food helps healing?'],
    ['chest pain when I exercise'],
    ['my baby is very sleepy and will not wake up to feed, is it a sleep problem?'],
    ['I feel faint and dizzy, should I drink more water?'],
    ['I took too many pills and cannot sleep'],
    ['my husband wont wake up, he was asleep'],
    ["I'm short of breath when I exercise"],
  ])('gives no wellness tip to pregnancy, injury or urgent wording: "%s"', (message) => {
    expect(cannedAnswerFor(message)).toBe(CANNED_ANSWERS.general);
  });

  it('still answers a low or high reading with the diabetes or blood pressure answer and its emergency advice', () => {
    expect(cannedAnswerFor('my blood sugar is 45 and I feel confused')).toBe(CANNED_ANSWERS.diabetes);
    expect(cannedAnswerFor('blood pressure 190/125 and a severe headache')).toBe(
      CANNED_ANSWERS.bloodPressure,
    );
  });

  it('never fails on empty, emoji-only, binary or very long messages', () => {
    for (const message of ['', '   ', '🙂🙂', '\u0000\u0001\uFFFD', 'sleep '.repeat(20_000)]) {
      expect(typeof cannedAnswerFor(message)).toBe('string');
    }
  });
});

describe('canned answer content (reviewed against public guidance, docs/clinical-safety.md)', () => {
  it('blood pressure: rechecks a reading of 180/120 or more after 5 minutes', () => {
    expect(CANNED_ANSWERS.bloodPressure).toMatch(/180\/120 or higher/);
    expect(CANNED_ANSWERS.bloodPressure).toMatch(/after 5 minutes/);
  });

  it('blood pressure: calls 911 for chest or back pain, breathlessness, weakness or numbness, vision or speech change', () => {
    const text = CANNED_ANSWERS.bloodPressure;
    for (const sign of [
      /911/,
      /chest or back pain/,
      /short(ness)? of breath/,
      /weakness or numbness/,
      /vision/,
      /speak/,
    ]) {
      expect(text).toMatch(sign);
    }
    expect(text).toMatch(/contact your (clinician|care team) (promptly|the same day)/);
  });

  it('blood pressure: names the severe range in pregnancy and after birth, 160/110', () => {
    expect(CANNED_ANSWERS.bloodPressure).toMatch(/pregnan[^.]*160\/110/);
  });

  it('diabetes: states the 15-15 rule, then a snack or meal', () => {
    const text = CANNED_ANSWERS.diabetes;
    expect(text).toMatch(/below 70 mg\/dL/);
    expect(text).toMatch(/15 grams of fast-acting/);
    expect(text).toMatch(/recheck after 15 minutes/);
    expect(text).toMatch(/repeat[^.]*70/);
    expect(text).toMatch(/snack or meal/);
  });

  it('diabetes: fainting or confusion is a 911 call, not "seek care"', () => {
    const text = CANNED_ANSWERS.diabetes;
    expect(text).toMatch(/Call 911 if [^.]*faints[^.]*confused/);
    expect(text).not.toMatch(/seek care/i);
  });

  it('diabetes: someone unconscious or unable to swallow gets nothing by mouth, glucagon if available, and 911', () => {
    expect(CANNED_ANSWERS.diabetes).toMatch(
      /unconscious or cannot swallow[^.]*nothing by mouth[^.]*glucagon[^.]*911/,
    );
  });

  it('keeps every canned answer short and plain: under 900 characters, sentences under 45 words', () => {
    for (const answer of Object.values(CANNED_ANSWERS)) {
      expect(answer.length).toBeLessThan(900);
      for (const sentence of answer.split(/(?<=[.!?])\s+/)) {
        expect(sentence.split(/\s+/).length, sentence).toBeLessThan(45);
      }
    }
  });
});

describe('finalizing a model reply (REQ-chat-min-reply)', () => {
  it('keeps a reply of at least 20 characters, trimmed', () => {
    const text = '  Drink water through the day.  ';
    expect(finalizeReply(text, 'water?')).toBe('Drink water through the day.');
  });

  it('replaces a reply shorter than 20 characters with the canned answer', () => {
    const short = 'x'.repeat(MIN_AI_REPLY_LENGTH - 1);
    expect(finalizeReply(short, 'sleep?')).toBe(CANNED_ANSWERS.sleep);
    expect(finalizeReply(`   ${short}   `, 'sleep?')).toBe(CANNED_ANSWERS.sleep);
  });

  it('replaces a missing reply with the canned answer', () => {
    expect(finalizeReply(undefined, 'diabetes')).toBe(CANNED_ANSWERS.diabetes);
  });
});

describe('knowledge references (REQ-chat-references)', () => {
  it('cites each document by id and title with an excerpt of at most 150 characters', () => {
    const refs = buildKnowledgeRefs([
      { id: 'metformin', title: 'Metformin', content: '## Overview\n' + 'a'.repeat(300) },
    ]);
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ documentId: 'metformin', title: 'Metformin' });
    expect(refs[0]!.excerpt.startsWith('Overview a')).toBe(true);
    expect(refs[0]!.excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(KnowledgeRefSchema.safeParse(refs[0]).success).toBe(true);
  });
});

describe('suggested actions', () => {
  it('suggests the appointments, the records and a search for a symptom and medication question', () => {
    expect(suggestActionsFor('Which medication helps this symptom?')).toEqual([
      SUGGESTED_ACTIONS.appointments,
      SUGGESTED_ACTIONS.records,
      SUGGESTED_ACTIONS.search,
    ]);
  });

  it('suggests a general health question for small talk', () => {
    expect(suggestActionsFor('hello')).toEqual([SUGGESTED_ACTIONS.general]);
  });

  it('suggests questions that run a tool or search, never one that asks for a tool the caller lacks', () => {
    expect(detectToolCall(SUGGESTED_ACTIONS.appointments)).toMatchObject({ action: 'view_appointments' });
    expect(detectToolCall(SUGGESTED_ACTIONS.records)).toMatchObject({ action: 'read' });
    expect(detectSearchIntent(SUGGESTED_ACTIONS.search)).toBe(true);
    expect(detectSearchIntent(SUGGESTED_ACTIONS.general)).toBe(true);
  });
});

describe('reply assembly (REQ-data-ai-reply, REQ-data-secure-reply, REQ-err-ai-failure)', () => {
  it('builds an AI reply with the safety note, the disclaimer and suggestions', () => {
    const reply = buildAiReply('Aim for 7 or more hours of sleep each night.', 'sleep tips');
    expect(reply.message).toBe(`Aim for 7 or more hours of sleep each night.\n\n${SAFETY_NOTES.general}`);
    expect(reply.disclaimer).toBe(DISCLAIMER);
    expect(AiReplySchema.safeParse(reply).success).toBe(true);
  });

  it('answers an AI failure with the apology and the emergency disclaimer', () => {
    expect(buildAiFailureReply()).toEqual({
      message: ASSISTANT_ERRORS.aiFailure,
      disclaimer: ASSISTANT_ERRORS.emergencyDisclaimer,
    });
  });

  it('builds a secure reply citing its sources at the viewer role', () => {
    const reply = buildSecureReply({
      modelText: 'ok',
      userMessage: 'metformin drug dosing',
      sources: [{ title: 'Metformin: Prescribing and Monitoring' }],
      role: 'doctor',
      warnings: ['w'],
    });
    expect(reply).toEqual({
      message: `${CANNED_ANSWERS.general}\n\n${SAFETY_NOTES.medication}`,
      disclaimer: DISCLAIMER,
      knowledgeSources: ['Metformin: Prescribing and Monitoring'],
      accessLevel: 'doctor',
      warnings: ['w'],
    });
    expect(SecureReplySchema.safeParse(reply).success).toBe(true);
  });

  it('builds a secure reply without warnings when none are given', () => {
    const reply = buildSecureReply({ modelText: undefined, userMessage: 'x', sources: [], role: 'patient' });
    expect(reply.warnings).toEqual([]);
  });

  it('answers a knowledge retrieval error with an apology and a technical-support warning', () => {
    const reply = buildKnowledgeRetrievalErrorReply('nurse');
    expect(reply.message).toBe(ASSISTANT_ERRORS.knowledgeRetrieval);
    expect(reply.warnings).toEqual([ASSISTANT_ERRORS.knowledgeRetrievalWarning]);
    expect(reply.accessLevel).toBe('nurse');
  });
});
