/**
 * The assistant's routes: POST /api/chat (the reply pipeline, streamed) and GET /api/assistant/status (which
 * model answers and whether it is reachable). The server passes the model its configuration names; without one
 * (the mock API, or a server with no model configured) the replies are the domain's canned answers.
 */
import { asksModelUrgencyAt, fail, isRedFlagLevel, ok, triage, triageAuditNote } from '@sentinel/domain';
import type { AssistantStatus } from '@sentinel/domain/contract';
import { accessFor, knowledgeIndexOf, knowledgeViewerFor, type KnowledgeSource } from '../handlers/knowledge';
import { outsideTransaction, type RouteImpls } from '../runner';
import type { ChatModel } from './model';
import { planAssessedChatReply, planChatReply, type FailureLog } from './pipeline';
import { prepareTool, type ToolDeps } from './tools';

/** What GET /api/assistant/status reports when no model is configured: the domain's canned answers. */
export const DEMO_ASSISTANT_STATUS = {
  available: true,
  provider: 'Sentinel demo model',
  model: 'sentinel-demo',
  demo: true,
} as const;

/** The per-user chat limit's answer for one request (the server kit's rate limiter has this shape). */
export type ChatLimitDecision =
  { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

export type AssistantDeps = {
  /** The model, or undefined for the canned answers. */
  readonly model: ChatModel | undefined;
  /** The per-user chat limit: `consume(sub)` counts a request when it is allowed. */
  readonly limiter: { consume(key: string): ChatLimitDecision };
  readonly knowledge: KnowledgeSource;
  /** The authorization model and the token vault the tools run on. */
  readonly tools: ToolDeps;
  /** Where a failed model step is reported (class and status only, never the text). */
  readonly logFailure: FailureLog;
};

/** What the status route reports for a model (or for none). */
export async function assistantStatusOf(model: ChatModel | undefined): Promise<AssistantStatus> {
  if (!model) return { ...DEMO_ASSISTANT_STATUS };
  return { available: await model.probe(), ...model.label };
}

export function assistantRoutes(deps: AssistantDeps) {
  const { model, limiter, knowledge, tools, logFailure } = deps;
  return {
    assistantStatus: async () => ok(await assistantStatusOf(model)),

    chat: async ({ tx, caller, body, audit, header, now, accessToken }) => {
      const resourceId = body.sessionId ?? null;
      const allowed = limiter.consume(caller.user.sub);
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
        model,
        logFailure,
      };
      const kind = tool ? 'tool' : model ? 'assistant' : 'demo';
      // Never the question: the session, how many documents the reply cites, the triage level and concept names.
      const reasonFor = (cited: number, final: typeof triaged) =>
        `${kind} reply citing ${cited} document(s); ${triageAuditNote(final)}`;
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
