/**
 * The assistant's routes: POST /api/chat (the reply pipeline, streamed) and GET /api/assistant/status (which
 * model answers and whether it is reachable). The model comes from configuration (config.ts `ModelSettings`);
 * without one the replies are the domain's canned answers, as the mock API gives them.
 */
import { asksModelUrgencyAt, fail, isRedFlagLevel, ok, triage, triageAuditNote } from '@sentinel/domain';
import type { AssistantStatus } from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { DEMO_ASSISTANT_STATUS } from '@sentinel/mocks/seed';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelSettings } from '../config';
import { accessFor, knowledgeIndexOf, knowledgeViewerFor } from '@sentinel/service';
import { outsideTransaction, type RouteImpls } from '../routes';
import { createChatModel, type ChatModel } from './model';
import { planAssessedChatReply, planChatReply, type FailureLog } from './pipeline';
import { createChatRateLimiter, type ChatRateLimitOptions, type RateLimiter } from './rate-limit';
import { prepareTool, type ToolDeps } from './tools';

export type AssistantOptions = {
  readonly model: ModelSettings;
  /** Where failed model calls are reported (class and status only). */
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** The chat limit's clock and size; 20 a minute on the process clock by default. */
  readonly rateLimit?: ChatRateLimitOptions;
};

export type Assistant = {
  readonly model: ChatModel | undefined;
  readonly limiter: RateLimiter;
  status(): Promise<AssistantStatus>;
};

export function createAssistant(options: AssistantOptions): Assistant {
  const model = createChatModel(options.model);
  // Said once at start; the status then shows the assistant unavailable and chats get the canned answers.
  if (model?.problem) options.log.warn({ model: { problem: model.problem } }, 'the model cannot be used');
  return {
    model,
    limiter: createChatRateLimiter(options.rateLimit),
    async status() {
      if (!model) return { ...DEMO_ASSISTANT_STATUS };
      return { available: await model.probe(), ...model.label };
    },
  };
}

export function assistantRoutes(
  assistant: Assistant,
  knowledge: () => KnowledgeBundle,
  log: AssistantOptions['log'],
  tools: ToolDeps,
) {
  return {
    assistantStatus: async () => ok(await assistant.status()),

    chat: async ({ tx, caller, body, audit, header, now, accessToken }) => {
      const resourceId = body.sessionId ?? null;
      const allowed = assistant.limiter.consume(caller.user.sub);
      if (!allowed.ok) {
        header('Retry-After', String(allowed.retryAfterSeconds));
        audit({ resourceId, reason: 'chat rate limit reached' });
        return fail('rate_limited', '');
      }
      // REQ-triage-first: triage before anything else (tools, retrieval, model), over the user's messages the
      // request carries (the whole conversation the browser holds, at most 50 turns).
      const triaged = triage(body.messages);
      const { documents } = knowledge();
      const question = body.messages.at(-1)?.content ?? '';
      // A red flag goes straight to its banner and fixed answer: no tool runs for it.
      const tool = isRedFlagLevel(triaged.level)
        ? undefined
        : await prepareTool({ tx, caller, now, accessToken }, tools, question);
      const input = {
        triaged,
        tool,
        turns: body.messages,
        documents,
        viewer: knowledgeViewerFor(caller),
        access: await accessFor(tools.authorizer, caller, knowledgeIndexOf(documents)),
        model: assistant.model,
        logFailure: ((detail) => log.warn({ model: detail }, 'model step failed')) satisfies FailureLog,
      };
      const kind = tool ? 'tool' : assistant.model ? 'assistant' : 'demo';
      // Never the question: the session, how many documents the reply cites, the triage level and concept names.
      const reasonFor = (cited: number, final: typeof triaged) =>
        `${kind} reply citing ${cited} document(s); ${triageAuditNote(final)}`;
      const { model } = assistant;
      if (model && !model.knownDown() && asksModelUrgencyAt(triaged.level)) {
        // REQ-model-urgency: the model's urgency call runs outside the store's transaction (a network call
        // must not hold SQLite), with the model's reply already started; the audit row carries the final
        // level.
        return ok(
          outsideTransaction(async (auditOutside) => {
            const plan = await planAssessedChatReply(input);
            auditOutside({ resourceId, reason: reasonFor(plan.meta.knowledgeRefs.length, plan.triaged) });
            return ok(plan.stream);
          }),
        );
      }
      const plan = planChatReply(input);
      audit({ resourceId, reason: reasonFor(plan.meta.knowledgeRefs.length, triaged) });
      return ok(plan.stream);
    },
  } satisfies Partial<RouteImpls>;
}
