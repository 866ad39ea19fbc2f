/**
 * The model paths against Hugging Face Inference Providers, mocked with MSW at the addresses
 * @huggingface/inference 4.13.30 calls (REQ-arch-toolchain): with no provider, chat completion goes to the
 * router's /v1/chat/completions; text generation first reads the model's provider mapping from the Hub, then
 * calls that provider's /v1/completions.
 */
import { CHAT_TEXTS, DISCLAIMER, buildAiReply, safetyNoteFor, triageBannerText } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES, type AuditEvent } from '@sentinel/domain/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testkit';
import { DONE_FRAME, chatAs, chunkFrame, eventStream, replyText } from './testSupport';

const TOKEN = 'hf_TestTokenThatMustNeverLeave0123456789';
const MODEL = 'test-org/test-chat-model';
const CHAT_URL = 'https://router.huggingface.co/v1/chat/completions';
const MAPPING_URL = `https://huggingface.co/api/models/${MODEL}`;
const COMPLETIONS_URL = `https://router.huggingface.co/hf-inference/models/${MODEL}/v1/completions`;

type Seen = { url: string; method: string; headers: Headers; body: unknown };
const seen: Seen[] = [];

const msw = setupServer();
msw.events.on('request:start', ({ request }) => {
  const copy = request.clone();
  seen.push({ url: copy.url, method: copy.method, headers: copy.headers, body: undefined });
  const entry = seen.at(-1);
  void copy.text().then((text) => {
    if (entry && text) entry.body = JSON.parse(text) as unknown;
  });
});

const sse = (frames: readonly string[]) =>
  new HttpResponse(eventStream(frames), { headers: { 'Content-Type': 'text/event-stream' } });

/** The Hub's provider mapping for the test model: served by hf-inference, for text generation. */
const mapping = http.get(MAPPING_URL, () =>
  HttpResponse.json({
    id: MODEL,
    inferenceProviderMapping: {
      'hf-inference': { providerId: MODEL, status: 'live', task: 'text-generation' },
    },
  }),
);
const completions = (text: string) =>
  http.post(COMPLETIONS_URL, () =>
    HttpResponse.json({ id: 'cmpl-1', object: 'text_completion', choices: [{ index: 0, text }] }),
  );
const failing = (url: string, status: number) =>
  http.post(url, () => HttpResponse.json({ error: 'The model is overloaded' }, { status }));

const PIECES = ['Lifestyle treatment', ' for hypertension includes', ' less salt and', ' regular activity.'];
const MODEL_REPLY = PIECES.join('');

let server: TestServer;
let logLines: string[];

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  seen.length = 0;
  logLines = [];
  server = await startTestServer({
    model: { kind: 'huggingface', token: TOKEN, model: MODEL, provider: undefined },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterEach(async () => {
  msw.resetHandlers();
  await server.close();
});
afterAll(() => msw.close());

/** The model's urgency call (REQ-model-urgency) asks for a JSON schema; the tests below count the reply's calls. */
const isUrgencyCall = (r: Seen) =>
  typeof r.body === 'object' && r.body !== null && 'response_format' in r.body;
const requestsTo = (url: string) => seen.filter((r) => r.url.split('?')[0] === url && !isUrgencyCall(r));
/** Waits for the request bodies MSW is still reading. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('chat completion, streamed', () => {
  it('streams the model’s reply with the REQ-model-chat-request parameters and the token on the server side only', async () => {
    msw.use(http.post(CHAT_URL, () => sse([...PIECES.map((p) => chunkFrame(p)), DONE_FRAME])));
    const question = 'What treatment helps hypertension?';
    const answer = await chatAs(server, 'alice', question);
    await settle();

    expect(answer.status).toBe(200);
    expect(answer.events[0]).toMatchObject({ type: 'meta', emergency: false });
    expect(replyText(answer.events)).toBe(`${MODEL_REPLY}\n\n${safetyNoteFor(question)}`);
    expect(answer.events.slice(-2)).toEqual([{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }]);

    const [call] = requestsTo(CHAT_URL);
    expect(requestsTo(CHAT_URL)).toHaveLength(1);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call?.body).toMatchObject({
      model: MODEL,
      stream: true,
      max_tokens: 300,
      temperature: 0.4,
      top_p: 0.9,
      messages: [
        { role: 'system', content: expect.stringContaining('[Source: Hypertension Management in Adults › ') },
        { role: 'user', content: question },
      ],
    });
    expect(answer.body).not.toContain(TOKEN);
  });

  it('passes each piece on as it comes, after the first 20 characters', async () => {
    msw.use(http.post(CHAT_URL, () => sse([...PIECES.map((p) => chunkFrame(p)), DONE_FRAME])));
    const answer = await chatAs(server, 'jane', 'Tell me about blood pressure');
    const tokens = answer.events.filter((e) => e.type === 'token').map((e) => e.text);
    expect(tokens.slice(0, 3)).toEqual([PIECES[0]! + PIECES[1]!, PIECES[2], PIECES[3]]);
  });
});

describe('the fallbacks', () => {
  it('falls back to text generation with its REQ-model-textgen-request parameters when chat completion fails', async () => {
    msw.use(
      failing(CHAT_URL, 500),
      mapping,
      completions(' Most adults should keep blood pressure below 120/80.'),
    );
    const question = 'What is a normal blood pressure?';
    const answer = await chatAs(server, 'jane', question);
    await settle();

    expect(replyText(answer.events)).toBe(
      buildAiReply('Most adults should keep blood pressure below 120/80.', question).message,
    );
    expect(answer.events.at(-1)).toEqual({ type: 'done' });
    const [call] = requestsTo(COMPLETIONS_URL);
    expect(call?.body).toMatchObject({
      model: MODEL,
      max_tokens: 200,
      temperature: 0.4,
      repetition_penalty: 1.1,
      prompt: expect.stringMatching(/^System: [\s\S]*\nUser: What is a normal blood pressure\?\nAssistant:$/),
    });
    expect(call?.headers.get('x-wait-for-model')).toBe('true');
    expect(call?.headers.get('x-use-cache')).toBe('false');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('answers with the keyword canned answer when both model calls fail', async () => {
    msw.use(failing(CHAT_URL, 500), mapping, failing(COMPLETIONS_URL, 500));
    const question = 'How can I sleep better?';
    const answer = await chatAs(server, 'jane', question);
    expect(replyText(answer.events)).toBe(buildAiReply(undefined, question).message);
    expect(answer.events.slice(-2)).toEqual([{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }]);
  });

  it('does not retry a 503: one chat call, one text-generation call, then the canned answer', async () => {
    msw.use(failing(CHAT_URL, 503), mapping, failing(COMPLETIONS_URL, 503));
    const question = 'How much exercise do I need?';
    const answer = await chatAs(server, 'jane', question);
    await settle();
    expect(requestsTo(CHAT_URL)).toHaveLength(1);
    expect(requestsTo(COMPLETIONS_URL)).toHaveLength(1);
    expect(replyText(answer.events)).toBe(buildAiReply(undefined, question).message);
  });

  it('treats a first frame that is not JSON as a failed call and falls back', async () => {
    msw.use(
      http.post(CHAT_URL, () => sse(['data: {"choices": [ not json\n\n', DONE_FRAME])),
      mapping,
      completions('Limit salt, stay active and keep a healthy weight.'),
    );
    const answer = await chatAs(server, 'jane', 'How do I lower my blood pressure?');
    await settle();
    expect(requestsTo(COMPLETIONS_URL)).toHaveLength(1);
    expect(replyText(answer.events)).toContain('Limit salt, stay active and keep a healthy weight.');
    expect(answer.events.at(-1)).toEqual({ type: 'done' });
  });

  it('treats chunks without choices, and a completion without text, as malformed: the canned answer', async () => {
    msw.use(
      http.post(CHAT_URL, () =>
        sse([`data: ${JSON.stringify({ id: 'x', object: 'chunk' })}\n\n`, DONE_FRAME]),
      ),
      mapping,
      http.post(COMPLETIONS_URL, () => HttpResponse.json({ id: 'cmpl-1', object: 'text_completion' })),
    );
    const question = 'What should I eat for a healthy diet?';
    const answer = await chatAs(server, 'jane', question);
    await settle();
    expect(requestsTo(CHAT_URL)).toHaveLength(1);
    expect(requestsTo(COMPLETIONS_URL)).toHaveLength(1);
    expect(replyText(answer.events)).toBe(buildAiReply(undefined, question).message);
  });
});

describe('a stream that fails half-way', () => {
  it('sends the tokens that came, then the technical-difficulties error (REQ-err-chat-failure), with no fallback', async () => {
    msw.use(
      http.post(CHAT_URL, () =>
        sse([
          chunkFrame(PIECES[0]!),
          chunkFrame(PIECES[1]!),
          `data: ${JSON.stringify({ error: { message: 'upstream reset' } })}\n\n`,
        ]),
      ),
    );
    const answer = await chatAs(server, 'jane', 'What treatment helps hypertension?');
    expect(replyText(answer.events)).toBe(PIECES[0]! + PIECES[1]!);
    expect(answer.events.at(-1)).toEqual({
      type: 'error',
      error: 'internal',
      message: CHAT_TEXTS.technicalDifficulties,
    });
    expect(answer.events.some((e) => e.type === 'done')).toBe(false);
    expect(requestsTo(COMPLETIONS_URL)).toHaveLength(0);
  });

  it('treats a body that breaks off the same way', async () => {
    msw.use(
      http.post(CHAT_URL, () => {
        const encoder = new TextEncoder();
        // One chunk, then, once it has been read, the connection is gone (an error discards unread chunks).
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(chunkFrame(PIECES[0]! + PIECES[1]!)));
            setTimeout(() => controller.error(new Error('socket hang up')), 100);
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const answer = await chatAs(server, 'jane', 'What treatment helps hypertension?');
    expect(replyText(answer.events)).toBe(PIECES[0]! + PIECES[1]!);
    expect(answer.events.at(-1)).toMatchObject({ type: 'error', message: CHAT_TEXTS.technicalDifficulties });
  });
});

describe('safety and permissions', () => {
  it('answers a red-flag prompt without any request to the model, flagged as an emergency', async () => {
    const answer = await chatAs(server, 'jane', 'My father has slurred speech and his face is drooping');
    await settle();
    expect(seen).toEqual([]);
    expect(answer.events[0]).toMatchObject({ type: 'meta', emergency: true });
    expect(answer.events.at(-1)).toEqual({ type: 'done' });
  });

  it('audits a crisis with its level and concept names, never the text, and sends nothing to the model (REQ-triage-audit)', async () => {
    const answer = await chatAs(server, 'jane', "I don't see the point in living any more", 'session-16');
    await settle();
    expect(seen).toEqual([]);
    expect(answer.events[0]).toMatchObject({ type: 'meta', emergency: true, triage: 'crisis' });
    expect(replyText(answer.events).startsWith(triageBannerText('crisis'))).toBe(true);
    const rows = await server.store.transaction((tx) => tx.listAudit({ all: true }));
    expect(rows.findLast((r) => r.resourceType === 'chat')).toMatchObject({
      resourceId: 'session-16',
      reason: 'assistant reply citing 0 document(s); triage crisis (suicidal thoughts)',
    });
    expect(JSON.stringify(rows)).not.toContain('point in living');
  });

  it('counts the relevant sources a patient may not see, and never sends them to the model', async () => {
    msw.use(http.post(CHAT_URL, () => sse([chunkFrame(MODEL_REPLY), DONE_FRAME])));
    const answer = await chatAs(
      server,
      'jane',
      'What treatment options exist for hypertension and diabetes?',
    );
    await settle();
    const meta = answer.events[0];
    expect(meta).toMatchObject({ type: 'meta', sources: ['Type 2 Diabetes: Lifestyle Treatment'] });
    expect(meta?.type === 'meta' && meta.withheldCount).toBeGreaterThan(0);
    const prompt = JSON.stringify(requestsTo(CHAT_URL)[0]?.body);
    expect(prompt).toContain('[Source: Type 2 Diabetes: Lifestyle Treatment › ');
    expect(prompt).not.toContain('Hypertension Management in Adults');
  });

  it('gives a patient and a doctor different sources for the same question', async () => {
    msw.use(http.post(CHAT_URL, () => sse([chunkFrame(MODEL_REPLY), DONE_FRAME])));
    const question = 'What treatment options exist for hypertension and diabetes?';
    const patient = await chatAs(server, 'jane', question);
    const doctor = await chatAs(server, 'alice', question);
    await settle();
    const sourcesOf = (events: typeof patient.events) =>
      events[0]?.type === 'meta' ? events[0].sources : [];
    expect(sourcesOf(patient.events)).toEqual(['Type 2 Diabetes: Lifestyle Treatment']);
    expect(sourcesOf(doctor.events)).toContain('Hypertension Management in Adults');
    const [patientPrompt, doctorPrompt] = requestsTo(CHAT_URL).map((r) => JSON.stringify(r.body));
    expect(patientPrompt).not.toContain('[Source: Hypertension Management in Adults › ');
    expect(doctorPrompt).toContain('[Source: Hypertension Management in Adults › ');
  });

  it('keeps the token out of every answer, log line and audit row, even when the provider fails', async () => {
    msw.use(
      http.post(CHAT_URL, () => HttpResponse.json({ error: `bad token ${TOKEN}` }, { status: 401 })),
      mapping,
      http.post(COMPLETIONS_URL, () => HttpResponse.json({ error: `bad token ${TOKEN}` }, { status: 401 })),
    );
    const answer = await chatAs(server, 'jane', 'What is a normal blood pressure?', 'session-7');
    const status = await server.app.inject({
      url: '/api/assistant/status',
      headers: { authorization: `Bearer ${await server.tokenFor('jane')}` },
    });
    const audit: readonly AuditEvent[] = await server.store.transaction((tx) => tx.listAudit({ all: true }));
    const everything = [answer.body, status.body, ...logLines, JSON.stringify(audit)].join('\n');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(TOKEN.slice(3, 20));
    // The failures were logged, by kind and status only.
    const warnings = logLines.map((l) => JSON.parse(l) as { msg: string; model?: unknown });
    // The urgency call runs beside the chat call, so its line may come first.
    const failed = warnings.filter((l) => l.msg === 'model step failed').map((l) => l.model);
    expect(failed).toHaveLength(3);
    expect(failed).toEqual(
      expect.arrayContaining([
        { step: 'urgency', error: 'ProviderApiError', status: 401 },
        { step: 'chat', error: 'ProviderApiError', status: 401 },
        { step: 'text-generation', error: 'ProviderApiError', status: 401 },
      ]),
    );
  });

  it('records the chat with its session and the number of documents cited, never the question', async () => {
    msw.use(http.post(CHAT_URL, () => sse([chunkFrame(MODEL_REPLY), DONE_FRAME])));
    await chatAs(server, 'jane', 'What treatment options exist for hypertension and diabetes?', 'session-9');
    const rows = await server.store.transaction((tx) => tx.listAudit({ all: true }));
    const row = rows.findLast((r) => r.resourceType === 'chat');
    expect(row).toMatchObject({
      resourceId: 'session-9',
      outcome: 'allowed',
      reason: 'assistant reply citing 1 document(s); triage none',
    });
    expect(JSON.stringify(rows)).not.toContain('hypertension and diabetes');
  });
});

describe('the assistant status', () => {
  it('names Hugging Face and the model, available while a token is configured, without a network call', async () => {
    const status = await server.app.inject({
      url: '/api/assistant/status',
      headers: { authorization: `Bearer ${await server.tokenFor('jane')}` },
    });
    expect(JSON.parse(status.body)).toEqual({
      available: true,
      provider: 'Hugging Face',
      model: MODEL,
      demo: false,
    });
    expect(seen).toEqual([]);
  });

  it('is unavailable for a provider the domain does not support, and the chat answers canned', async () => {
    const odd = await startTestServer({
      model: { kind: 'huggingface', token: TOKEN, model: MODEL, provider: 'no-such-provider' },
    });
    try {
      const status = await odd.app.inject({
        url: '/api/assistant/status',
        headers: { authorization: `Bearer ${await odd.tokenFor('jane')}` },
      });
      expect(JSON.parse(status.body)).toMatchObject({ available: false, provider: 'Hugging Face' });
      const question = 'How can I sleep better?';
      const answer = await chatAs(odd, 'jane', question);
      expect(replyText(answer.events)).toBe(buildAiReply(undefined, question).message);
      expect(seen).toEqual([]);
    } finally {
      await odd.close();
    }
  });
});

describe('the chat rate limit', () => {
  it('refuses the 21st chat in a minute with 429, the contract body and Retry-After; others still chat', async () => {
    let now = 0;
    const limited = await startTestServer({ chatRateLimit: { now: () => now } });
    try {
      for (let i = 0; i < 20; i += 1) {
        now += 1_000;
        expect((await chatAs(limited, 'jane', 'How can I sleep better?')).status).toBe(200);
      }
      const refused = await chatAs(limited, 'jane', 'How can I sleep better?');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        error: 'rate_limited',
        message: DEFAULT_ERROR_MESSAGES.rate_limited,
      });
      // The first of the 20 leaves the window at 61 s; it is now 20 s.
      expect(refused.headers['retry-after']).toBe('41');
      expect((await chatAs(limited, 'john', 'How can I sleep better?')).status).toBe(200);

      now += 41_000;
      expect((await chatAs(limited, 'jane', 'How can I sleep better?')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
