/**
 * The API's overhead on the time to the first token (REQ-perf-chat). The same question goes 20 times
 * straight to an OpenAI-compatible model server and 20 times through POST /api/chat (token check, caller lookup,
 * audit row, retrieval, red-flag check, prompt, model call, SSE), alternated; each pair gives one overhead
 * figure (through the API minus direct), so drift in the machine's load touches both sides alike. Models: a fake
 * server that streams its whole answer at once (the overhead alone), and the built-in demo model (apps/model)
 * with no token delay. Both clients read over real sockets with node:http.
 *
 * `measureChatOverhead()` is what `npm run bench` (tests/bench/src/chat.ts) reports; run directly
 * (`npm run bench:chat-overhead -w @sentinel/bench`) it prints the table.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { pathToFileURL } from 'node:url';
import { buildModelServer } from '@sentinel/model';
import { startFakeOpenAi, startTestServer, streamPieces } from '@sentinel/api/testkit';

const RUNS = 20;
const WARM_UP = 3;
const QUESTION = 'What treatment options exist for hypertension and diabetes?';
/** Word-sized pieces, as models stream them. */
const ANSWER = 'Lifestyle treatment for hypertension includes less salt, regular activity and less alcohol.'
  .split(/(?<=\s)/)
  .filter(Boolean);

/** Milliseconds from sending `body` to `url` until `isFirst` accepts a chunk of the streamed answer. */
async function timeToFirst(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  isFirst: (text: string) => boolean,
): Promise<number> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  const request = httpRequest(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  });
  request.end(payload);
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  response.setEncoding('utf8');
  let seen = '';
  let elapsed: number | undefined;
  for await (const chunk of response as AsyncIterable<string>) {
    seen += chunk;
    if (elapsed === undefined && isFirst(seen)) elapsed = performance.now() - started;
  }
  if (elapsed === undefined) throw new Error(`no first token from ${url}`);
  return elapsed;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** One model's figures, in milliseconds. */
export type OverheadFigures = {
  readonly model: string;
  readonly runs: number;
  readonly directMedianMs: number;
  readonly proxiedMedianMs: number;
  /** Median and p95 of the paired differences (through the API minus direct). */
  readonly overheadMedianMs: number;
  readonly overheadP95Ms: number;
};

/** The key of this run's demo model, sent by the API and by the direct calls alike (the fake takes any). */
const MODEL_KEY = randomBytes(32).toString('base64url');

async function measure(label: string, modelUrl: string): Promise<OverheadFigures> {
  const api = await startTestServer({
    model: { kind: 'endpoint', url: modelUrl, model: 'sentinel-demo', builtin: true, token: MODEL_KEY },
    // The measurement sends more than 20 chats a minute.
    chatRateLimit: { requests: 1_000 },
  });
  const origin = await api.app.listen({ port: 0, host: '127.0.0.1' });
  const auth = { authorization: `Bearer ${await api.tokenFor('jane')}` };
  const direct = () =>
    timeToFirst(
      `${modelUrl}/chat/completions`,
      {
        model: 'sentinel-demo',
        stream: true,
        max_tokens: 300,
        messages: [{ role: 'user', content: QUESTION }],
      },
      { authorization: `Bearer ${MODEL_KEY}` },
      (text) => text.includes('"content":"') && !text.includes('"content":""'),
    );
  const proxied = () =>
    timeToFirst(`${origin}/api/chat`, { messages: [{ role: 'user', content: QUESTION }] }, auth, (text) =>
      text.includes('"type":"token"'),
    );
  try {
    for (let i = 0; i < WARM_UP; i += 1) {
      await direct();
      await proxied();
    }
    const directTimes: number[] = [];
    const proxiedTimes: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const straight = await direct();
      const through = await proxied();
      directTimes.push(straight);
      proxiedTimes.push(through);
      overheads.push(through - straight);
    }
    return {
      model: label,
      runs: RUNS,
      directMedianMs: percentile(directTimes, 50),
      proxiedMedianMs: percentile(proxiedTimes, 50),
      overheadMedianMs: percentile(overheads, 50),
      overheadP95Ms: percentile(overheads, 95),
    };
  } finally {
    await api.close();
  }
}

/** The overhead with the fake server and with the built-in demo model, one after the other. */
export async function measureChatOverhead(): Promise<OverheadFigures[]> {
  const fake = await startFakeOpenAi();
  fake.setChat(streamPieces(ANSWER));
  const demo = await buildModelServer({ apiKey: MODEL_KEY, tokenDelayMs: 0 });
  const demoOrigin = await demo.listen({ port: 0, host: '127.0.0.1' });
  try {
    return [
      await measure('fake server, no delay', fake.url),
      await measure('built-in demo model, no delay', `${demoOrigin}/v1`),
    ];
  } finally {
    await fake.close();
    await demo.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await measureChatOverhead();
  console.log(
    `Time to first token over ${RUNS} alternated runs (after ${WARM_UP} warm-up runs), node ${process.version}`,
  );
  console.table(
    rows.map((r) => ({
      model: r.model,
      'direct median (ms)': r.directMedianMs.toFixed(2),
      'through the API median (ms)': r.proxiedMedianMs.toFixed(2),
      'overhead median (ms)': r.overheadMedianMs.toFixed(2),
      'overhead p95 (ms)': r.overheadP95Ms.toFixed(2),
    })),
  );
}
