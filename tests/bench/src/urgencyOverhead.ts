/**
 * What the model's urgency call (REQ-model-urgency) adds to a reply's first token, with the built-in demo
 * model (apps/model, no token delay) on a loopback socket and the API's real model client, in one process:
 * the same question planned 50 times without the call (`planChatReply`) and 50 times with it
 * (`planAssessedChatReply`, which starts the urgency call and the reply together and holds the reply until
 * the level is known), alternated, each pair giving one figure (with minus without), so drift in the
 * machine's load touches both.
 *
 * Run: `npm run bench:urgency -w @sentinel/bench`.
 */
import { pathToFileURL } from 'node:url';
import { PERSONAS } from '@sentinel/demo-data';
import { buildModelServer } from '@sentinel/model';
import { createChatModel } from '@sentinel/api/assistant/model';
import { KNOWLEDGE } from '@sentinel/api/testkit';
import { planAssessedChatReply, planChatReply, type ChatPlan } from '@sentinel/service';

const RUNS = 50;
const WARM_UP = 5;
const QUESTION = 'What can I do to lower my blood pressure?';
const KEY = 'urgency-overhead-measurement-key-0123456789';

const percentile = (values: readonly number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Milliseconds from planning a reply to its first token event. */
async function firstToken(plan: () => ChatPlan | Promise<ChatPlan>): Promise<number> {
  const started = performance.now();
  const { stream } = await plan();
  const controller = new AbortController();
  for await (const event of stream(controller.signal)) {
    if (event.type === 'token') {
      const elapsed = performance.now() - started;
      controller.abort();
      return elapsed;
    }
  }
  throw new Error('no token');
}

export type UrgencyOverhead = {
  readonly runs: number;
  readonly without: { median: number; p95: number };
  readonly with: { median: number; p95: number };
  readonly added: { median: number; p95: number };
};

export async function measureUrgencyOverhead(): Promise<UrgencyOverhead> {
  const app = await buildModelServer({ apiKey: KEY, tokenDelayMs: 0 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const model = createChatModel({
      kind: 'endpoint',
      url: `${address}/v1`,
      model: 'sentinel-demo',
      builtin: true,
      token: KEY,
    });
    const input = {
      turns: [{ role: 'user' as const, content: QUESTION }],
      documents: KNOWLEDGE.documents,
      viewer: {
        role: 'patient' as const,
        specializations: ['family-medicine'],
        patientId: PERSONAS.jane.patientId ?? '',
      },
      model,
      logFailure: (detail: unknown) => {
        throw new Error(`a model step failed: ${JSON.stringify(detail)}`);
      },
    };
    const without: number[] = [];
    const withCall: number[] = [];
    const added: number[] = [];
    for (let run = 0; run < RUNS + WARM_UP; run++) {
      const a = await firstToken(() => planChatReply(input));
      const b = await firstToken(() => planAssessedChatReply(input));
      if (run < WARM_UP) continue;
      without.push(a);
      withCall.push(b);
      added.push(b - a);
    }
    const figures = (values: number[]) => ({ median: percentile(values, 50), p95: percentile(values, 95) });
    return { runs: RUNS, without: figures(without), with: figures(withCall), added: figures(added) };
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureUrgencyOverhead();
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`First token with the built-in model, ${result.runs} runs each (median / p95):`);
  console.log(`  without the urgency call: ${ms(result.without.median)} / ${ms(result.without.p95)}`);
  console.log(`  with the urgency call:    ${ms(result.with.median)} / ${ms(result.with.p95)}`);
  console.log(`  added (paired):           ${ms(result.added.median)} / ${ms(result.added.p95)}`);
}
