import { DISCLAIMER, SUGGESTED_ACTIONS, buildAiReply, detectActions } from '@sentinel/domain';
import {
  SESSION_ID_MESSAGE,
  SSE_CONTENT_TYPE,
  parseSseEvents,
  type ChatStreamEvent,
} from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { bundledKnowledge } from '@sentinel/knowledge/bundled';
import { demoReplyEvents, tokensOf } from './chat';
import { authorizationFor } from './auth';
import { call, eventsOf, urlOf, useMockApi } from './testkit';
import type { PersonaKey } from '../personas';

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

describe('the chat stream (§4 Chat, §7)', () => {
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

  it('answers words only a withheld text holds as words written nowhere (issue 15, finding 7)', async () => {
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

  it('detects the actions over the documents the caller may see (§5)', async () => {
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

  it('a session id other than 1 to 64 letters, digits and hyphens answers 400 and is not audited (issue 15, finding 8)', async () => {
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

describe('chat helpers', () => {
  it('tokens keep the text exactly, split after the spaces', () => {
    expect(tokensOf('Drink water.\n\nSafety note: ok')).toStrictEqual([
      'Drink ',
      'water.\n\n',
      'Safety ',
      'note: ',
      'ok',
    ]);
  });
});

describe('the demo reply', () => {
  it('a blank question cites nothing and still ends with the disclaimer and done', () => {
    const events = demoReplyEvents('   ', bundledKnowledge().documents, {
      role: 'admin',
      specializations: [],
    });
    expect(events[0]).toStrictEqual({
      type: 'meta',
      actions: [],
      knowledgeRefs: [],
      sources: [],
      withheldCount: 0,
      emergency: false,
      suggestedActions: [SUGGESTED_ACTIONS.general],
    });
    expect(events.slice(-2).map((e) => e.type)).toStrictEqual(['disclaimer', 'done']);
  });
});
