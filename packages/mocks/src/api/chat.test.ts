import {
  ADVICE_REFERRALS,
  CANNED_ANSWERS,
  DISCLAIMER,
  TRIAGE_BANNERS,
  TRIAGE_FOLLOW_UPS,
  TRIAGE_LEVELS,
  buildAiReply,
  detectActions,
  triageBannerText,
  type TriageLevel,
} from '@sentinel/domain';
import {
  ChatMetaEventSchema,
  SESSION_ID_MESSAGE,
  SSE_CONTENT_TYPE,
  parseSseEvents,
  type ChatStreamEvent,
} from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { authorizationFor } from './auth';
import { call, eventsOf, urlOf, useMockApi } from '../../test/testkit';
import type { PersonaKey } from '@sentinel/demo-data';

const ctx = useMockApi();

const ask = async (who: PersonaKey, content: string, sessionId?: string) => {
  const answer = await call(who, 'chat', {
    body: { messages: [{ role: 'user', content }], ...(sessionId ? { sessionId } : {}) },
  });
  return { answer, events: eventsOf(answer.text) };
};

type Meta = Extract<ChatStreamEvent, { type: 'meta' }>;
const metaOf = (events: ChatStreamEvent[]) => events[0] as Meta;
const textOf = (events: ChatStreamEvent[]) => events.map((e) => (e.type === 'token' ? e.text : '')).join('');

describe('the chat stream (REQ-chat-streaming, REQ-chat-server)', () => {
  it('is an event stream of meta, the reply in tokens, the disclaimer and done, in that order', async () => {
    const { answer, events } = await ask('jane', 'How much water should I drink?');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(SSE_CONTENT_TYPE);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('meta');
    expect(types.slice(-2)).toStrictEqual(['disclaimer', 'done']);
    expect(new Set(types.slice(1, -2))).toStrictEqual(new Set(['token']));
    expect(types.length).toBeGreaterThan(10);
    expect(events.at(-2)).toStrictEqual({ type: 'disclaimer', text: DISCLAIMER });
    expect(answer.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('the tokens join into the domain’s canned answer with its safety note', async () => {
    const question = 'How much water should I drink?';
    const { events } = await ask('jane', question);
    expect(textOf(events)).toBe(buildAiReply(undefined, question).message);
  });

  it('answers the last message of the conversation', async () => {
    const answer = await call('jane', 'chat', {
      body: {
        messages: [
          { role: 'user', content: 'Tell me about sleep' },
          { role: 'assistant', content: 'Sure.' },
          { role: 'user', content: 'And exercise?' },
        ],
      },
    });
    expect(textOf(eventsOf(answer.text))).toBe(buildAiReply(undefined, 'And exercise?').message);
  });

  it('cites only documents the caller may see, and counts the relevant ones withheld', async () => {
    const jane = metaOf((await ask('jane', 'What diabetes treatment works?')).events);
    expect(jane.knowledgeRefs.map((r) => r.documentId)).toStrictEqual(['diabetes-lifestyle-treatment']);
    expect(jane.sources).toStrictEqual(['Type 2 Diabetes: Lifestyle Treatment']);
    expect(jane.withheldCount).toBeGreaterThan(0);
    const sam = metaOf((await ask('sam', 'What diabetes treatment works?')).events);
    expect(sam.withheldCount).toBe(0);
    expect(sam.knowledgeRefs.length).toBeGreaterThan(jane.knowledgeRefs.length);
  });

  it('answers words only a withheld text holds as words written nowhere (REQ-kb-oracle)', async () => {
    // "biguanide" is written only in the metformin document's text, which patients may not read.
    const told = async (question: string) => {
      const { answer, events } = await ask('jane', question);
      return { status: answer.status, meta: metaOf(events), text: textOf(events) };
    };
    expect(await told('biguanide biguanide biguanide biguanide')).toStrictEqual(
      await told('quokka quokka quokka quokka'),
    );
    expect(await told('biguanide with the when')).toStrictEqual(await told('quokka with the when'));
    expect((await told('biguanide with the when')).meta.withheldCount).toBe(0);
    // Its title is no secret: naming it still says a source was withheld.
    expect((await told('metformin prescribing')).meta).toMatchObject({ withheldCount: 1, knowledgeRefs: [] });
  });

  it('detects the actions over the documents the caller may see (REQ-chat-actions)', async () => {
    const message = 'Show me the metformin document';
    const alice = metaOf((await ask('alice', message)).events);
    expect(alice.actions).toContainEqual({
      type: 'display_document',
      parameters: { documentId: 'metformin' },
    });
    const jane = metaOf((await ask('jane', message)).events);
    expect(jane.actions.some((a) => a.parameters.documentId === 'metformin')).toBe(false);
    const search = metaOf((await ask('jane', 'Which medication helps?')).events);
    expect(search.actions).toStrictEqual(detectActions('Which medication helps?', []));
  });

  it('flags an emergency for red-flag words, and not otherwise', async () => {
    expect(metaOf((await ask('jane', 'I have chest pain right now')).events).emergency).toBe(true);
    expect(metaOf((await ask('jane', 'I can’t breathe')).events).emergency).toBe(true);
    expect(metaOf((await ask('jane', 'Tips for better sleep?')).events).emergency).toBe(false);
  });

  it('an empty message or a conversation ending with the assistant answers 400', async () => {
    const blank = await call('jane', 'chat', { body: { messages: [{ role: 'user', content: '   ' }] } });
    expect(blank.status).toBe(400);
    const assistantLast = await call('jane', 'chat', {
      body: { messages: [{ role: 'assistant', content: 'Hi' }] },
    });
    expect(assistantLast.status).toBe(400);
  });

  it('a session id other than 1 to 64 letters, digits and hyphens answers 400 and is not audited (REQ-chat-session-id)', async () => {
    const rowsBefore = ctx.api.store.audit.length;
    for (const sessionId of [
      '',
      'x'.repeat(65),
      'session-1\nforged',
      '../other',
      'a b',
      'séance',
      'session_1',
    ]) {
      const answer = await call('jane', 'chat', {
        body: { messages: [{ role: 'user', content: 'Tips for better sleep?' }], sessionId },
      });
      expect(answer.status, JSON.stringify(sessionId)).toBe(400);
      expect(answer.json).toMatchObject({
        error: 'invalid_input',
        message: expect.stringContaining(SESSION_ID_MESSAGE) as unknown,
      });
    }
    expect(ctx.api.store.audit.slice(rowsBefore).some((row) => row.resourceId !== null)).toBe(false);
    const accepted = await ask('jane', 'Tips for better sleep?', '0f8c2e5a-93d4-4b7e-9a0c-2f61d3e4b5a6');
    expect(accepted.answer.status).toBe(200);
    expect(ctx.api.store.audit.at(-1)?.resourceId).toBe('0f8c2e5a-93d4-4b7e-9a0c-2f61d3e4b5a6');
  });

  it('a very long question still gives a valid stream', async () => {
    const { answer, events } = await ask(
      'alice',
      `Show me the diabetes treatment document. ${'x '.repeat(1_900)}`,
    );
    expect(answer.status).toBe(200);
    expect(events.at(-1)).toStrictEqual({ type: 'done' });
  });

  it('with a token delay, the stream arrives in pieces the reader sees one by one', async () => {
    ctx.restart({ tokenDelayMs: 1 });
    const response = await fetch(urlOf('chat'), {
      method: 'POST',
      headers: { Authorization: authorizationFor('jane'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Tips for better sleep?' }] }),
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('a stream body');
    const decoder = new TextDecoder();
    let buffer = '';
    let reads = 0;
    const events: ChatStreamEvent[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      reads += 1;
      const parsed = parseSseEvents(buffer + decoder.decode(chunk.value, { stream: true }));
      buffer = parsed.rest;
      events.push(...parsed.events);
    }
    expect(reads).toBe(events.length);
    expect(events.at(-1)).toStrictEqual({ type: 'done' });
  });
});

/** One message per level that has a banner, as people type them (docs/clinical-safety.md). */
const PROMPTS = {
  emergency: 'I have chest pain right now',
  crisis: "I don't see the point in living any more",
  poison: 'my toddler swallowed some of my pills',
  urgent: 'my blood pressure is 185/125 and I feel fine',
} as const satisfies Record<Exclude<TriageLevel, 'none'>, string>;

/** The number each red-flag banner must name. */
const NUMBERS = { emergency: '911', crisis: '988', poison: '1-800-222-1222' } as const;

describe('triage first (REQ-triage-first)', () => {
  it.each(['emergency', 'crisis', 'poison'] as const)(
    'an %s reply starts with its banner, names the number, and runs no tool',
    async (level) => {
      const { events } = await ask('jane', PROMPTS[level]);
      expect(metaOf(events)).toMatchObject({ triage: level, emergency: true });
      expect(events[1]).toMatchObject({ type: 'token' });
      expect(textOf(events).startsWith(triageBannerText(level))).toBe(true);
      expect(textOf(events).slice(0, triageBannerText(level).length)).toContain(NUMBERS[level]);
      expect(events.some((e) => e.type === 'tool')).toBe(false);
      expect(events.slice(-2).map((e) => e.type)).toStrictEqual(['disclaimer', 'done']);
    },
  );

  it('a crisis reply is the banner and the supportive follow-up only, with no educational part', async () => {
    const { events } = await ask('jane', PROMPTS.crisis);
    expect(textOf(events)).toBe(`${triageBannerText('crisis')}\n\n${TRIAGE_FOLLOW_UPS.crisis}`);
    for (const answer of Object.values(CANNED_ANSWERS)) expect(textOf(events)).not.toContain(answer);
    // Nothing searched, no action, no follow-up chip beside the Lifeline.
    expect(metaOf(events)).toStrictEqual({
      type: 'meta',
      actions: [],
      knowledgeRefs: [],
      sources: [],
      withheldCount: 0,
      emergency: true,
      triage: 'crisis',
    });
  });

  it('an overdose taken to die is an emergency whose reply says nothing about medicines', async () => {
    const { events } = await ask('jane', 'I took all my pills because I want to die');
    expect(metaOf(events).triage).toBe('emergency');
    expect(textOf(events)).toBe(`${triageBannerText('emergency')}\n\n${TRIAGE_FOLLOW_UPS.crisis}`);
  });

  it('an urgent reply starts with the care-team notice, then the usual answer, without the red banner', async () => {
    const { events } = await ask('jane', PROMPTS.urgent);
    expect(metaOf(events)).toMatchObject({ triage: 'urgent', emergency: false });
    expect(textOf(events)).toBe(
      `${triageBannerText('urgent')}\n\n${buildAiReply(undefined, PROMPTS.urgent).message}`,
    );
    expect(TRIAGE_BANNERS.urgent.title).toBe('Contact your care team today');
  });

  it('an ordinary question has level none and no banner', async () => {
    const { events } = await ask('jane', 'How much water should I drink?');
    expect(metaOf(events)).toMatchObject({ triage: 'none', emergency: false });
    expect(textOf(events)).toBe(buildAiReply(undefined, 'How much water should I drink?').message);
  });

  it('reads the earlier user messages: "it\'s getting worse" after chest pain is an emergency', async () => {
    const answer = await call('jane', 'chat', {
      body: {
        messages: [
          { role: 'user', content: 'I have crushing chest pain' },
          { role: 'assistant', content: 'Please call 911.' },
          { role: 'user', content: "it's getting worse" },
        ],
      },
    });
    const events = eventsOf(answer.text);
    expect(metaOf(events).triage).toBe('emergency');
    expect(textOf(events).startsWith(triageBannerText('emergency'))).toBe(true);
  });

  it('a red flag asking for a tool still gets the banner and no tool', async () => {
    const { events } = await ask('jane', 'Show my upcoming appointments, I have chest pain right now');
    expect(events.some((e) => e.type === 'tool')).toBe(false);
    expect(textOf(events).startsWith(triageBannerText('emergency'))).toBe(true);
  });

  it('the audit row carries the level and the concept names, never the message', async () => {
    await ask('jane', PROMPTS.crisis, 'session-16');
    const row = ctx.api.store.audit.at(-1);
    expect(row).toMatchObject({ resourceId: 'session-16' });
    expect(row?.reason).toBe('demo reply citing 0 document(s); triage crisis (suicidal thoughts)');
    expect(JSON.stringify(ctx.api.store.audit)).not.toContain('point in living');
  });

  it('the contract names exactly the domain’s triage levels', () => {
    expect(ChatMetaEventSchema.shape.triage.unwrap().options).toStrictEqual([...TRIAGE_LEVELS]);
  });
});

describe('the advice guard (REQ-chat-no-dose-advice)', () => {
  it('answers a patient’s dose-change request with the referral first, then the educational answer', async () => {
    const question = 'Should I double my metformin?';
    const { events } = await ask('jane', question);
    expect(textOf(events).startsWith(ADVICE_REFERRALS['dose-change'])).toBe(true);
    expect(textOf(events)).toBe(buildAiReply(undefined, question, 'patient').message);
  });

  it('answers a diagnosis request with the diagnosis referral, in Spanish too', async () => {
    const { events } = await ask('jane', '¿Tengo diabetes?');
    expect(textOf(events).startsWith(ADVICE_REFERRALS.diagnosis)).toBe(true);
  });

  it('gives a doctor’s dosing question about a patient the educational answer without the referral', async () => {
    const { events } = await ask('alice', 'Can I double the lisinopril for my patient?');
    expect(textOf(events)).not.toContain(ADVICE_REFERRALS['dose-change']);
  });

  it('leaves an educational question about a dose alone', async () => {
    const { events } = await ask('jane', 'What is the usual metformin dose?');
    expect(textOf(events)).not.toContain(ADVICE_REFERRALS['dose-change']);
  });
});
