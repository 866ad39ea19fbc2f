/**
 * The assistant's tools on the server (REQ-tool, REQ-err-feature-off; REQ-tool): a question that asks
 * for a tool gets the tool's event instead of a model reply. Each tool stands on its identity pillar: the
 * records tool on fine-grained authorization (every record decided by the authorization model), the
 * prescription tool on asynchronous authorization (it only files an approval request), the calendar tool on the
 * token vault (a calendar-scoped token from the identity provider). The domain picks the tool and gates it
 * (`detectToolCall`, `gateToolCall`); this module runs it. Work on our own store runs inside the chat call's
 * transaction, with its audit row; the calendar's outside calls run after commit, while the reply streams.
 */
import {
  TOOLS,
  detectToolCall,
  gateToolCall,
  gatedToolEvent,
  identityStatus,
  recordCheck,
  recordsToolEvent,
  toolDenialAudit,
  approvalToolEvent,
  prescriptionFailure,
  proposalFromDraft,
  slotTimes,
  type MedicalRecord,
  type ToolCall,
} from '@sentinel/domain';
import type { AuditAction, AuditResourceType, ChatToolEvent } from '@sentinel/domain/contract';
import { authorize, type Authorizer } from '../authorizer';
import type { Caller } from '../caller';
import { proposePrescription } from '../handlers/approvals';
import { careFacts } from '../handlers/confidentiality';
import { knowledgeViewerFor } from '../handlers/knowledge';
import type { StoreTx } from '../store/types';
import { runCalendarTool, type CalendarToolDeps } from './calendarTool';

/** A tool's event, produced when the reply reaches it (after the call's transaction for outside calls). */
export type ToolRun = (signal: AbortSignal) => Promise<ChatToolEvent>;

/** What runs a tool needs besides the call's transaction: the authorization model, and the token vault. */
export type ToolDeps = {
  readonly authorizer: Authorizer;
  /** The calendar tool's store (its own transaction, after the chat's), vault and clock. */
  readonly calendar: CalendarToolDeps;
};

export type ToolContext = {
  readonly tx: StoreTx;
  readonly caller: Caller;
  readonly now: Date;
  /** The caller's verified access token: the token vault exchanges it for a calendar-scoped one. */
  readonly accessToken: string;
};

const MAX_REASON = 500;

/** An audit row for what a tool did to protected data, beside the chat call's own row. */
export async function appendToolAudit(
  { tx, caller, now }: ToolContext,
  row: {
    action: AuditAction;
    resourceType: AuditResourceType;
    resourceId: string | null;
    patientId: string | null;
    outcome?: 'allowed' | 'denied';
    reason: string;
  },
): Promise<void> {
  await tx.appendAudit({
    timestamp: now.toISOString(),
    actorSub: caller.user.sub,
    actorRole: caller.knowledgeRole,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    patientId: row.patientId,
    outcome: row.outcome ?? 'allowed',
    reason: row.reason.slice(0, MAX_REASON),
  });
}

/**
 * REQ-access-owner The records tool: every record a patient owns (their account's, narrowed by the database)
 * or, for staff, every record, kept only when the authorization model allows reading that patient's records.
 * A failing authorizer fails the tool closed with the REQ-err-tool-failure records failure text.
 */
export async function runRecordsTool(
  ctx: ToolContext,
  deps: ToolDeps,
  action: string,
): Promise<ChatToolEvent> {
  const { tx, caller } = ctx;
  const viewer = knowledgeViewerFor(caller);
  const patient = caller.user.role === 'patient';
  const rows = await tx.list('records', patient ? { ownerId: caller.user.sub } : undefined);
  // Record confidentiality (REQ-rec-confidentiality): each record's level and the caller's care relationship
  // go with it.
  const facts = await careFacts(
    tx,
    caller.user.sub,
    caller.knowledgeRole,
    rows.filter((r) => r.confidentialityLevel !== 'normal').map((r) => r.ownerId),
  );
  let allowed: MedicalRecord[] | undefined;
  try {
    const decisions = await Promise.all(
      rows.map((record) =>
        authorize(deps.authorizer, recordCheck({ ...viewer, sub: caller.user.sub }, record, facts, ctx.now)),
      ),
    );
    allowed = rows.filter((_, i) => decisions[i]);
  } catch {
    allowed = undefined;
  }
  const event = recordsToolEvent(action, allowed);
  const patientIds = [...new Set((allowed ?? []).map((r) => r.patientId).filter(Boolean))];
  await appendToolAudit(ctx, {
    action: 'list',
    resourceType: 'record',
    resourceId: null,
    patientId: patientIds.length === 1 ? patientIds[0]! : null,
    outcome: allowed ? 'allowed' : 'denied',
    reason: allowed
      ? `records tool: ${event.records?.length ?? 0} of ${rows.length} record(s) allowed by the authorization model`
      : 'records tool: the authorization model could not be asked',
  });
  return event;
}

/**
 * The tool the question asks for, prepared inside the chat call's transaction: undefined when the question asks
 * for none. A call the gate stops (feature off, not supported, denied, missing input) answers at once; a denied
 * one leaves an audit row.
 */
export async function prepareTool(
  ctx: ToolContext,
  deps: ToolDeps,
  question: string,
): Promise<ToolRun | undefined> {
  const call: ToolCall | undefined = detectToolCall(question);
  if (!call) return undefined;
  const gate = gateToolCall(call, ctx.caller.knowledgeRole, identityStatus(true, ctx.now).features);
  if (!gate.run) {
    const event = gatedToolEvent(call, gate);
    if (gate.outcome === 'denied') {
      await appendToolAudit(ctx, {
        ...toolDenialAudit(call, gate.message),
        resourceId: null,
        patientId: null,
        outcome: 'denied',
      });
    }
    return async () => event;
  }
  switch (call.tool) {
    case TOOLS.records: {
      const event = await runRecordsTool(ctx, deps, call.action);
      return async () => event;
    }
    case TOOLS.prescription: {
      if (call.action !== 'prescribe') return undefined;
      const filed = await proposePrescription(ctx.tx, ctx.caller, proposalFromDraft(call.draft), ctx.now);
      const event = filed.ok ? approvalToolEvent(filed.value) : prescriptionFailure(filed.error.message);
      return async () => event;
    }
    case TOOLS.calendar: {
      // Outside calls (token exchange, calendar service) run after the chat's transaction, as the reply streams.
      const params =
        call.action === 'schedule_appointment' && call.slot
          ? { title: call.slot.title, ...slotTimes(call.slot) }
          : undefined;
      const request = { caller: ctx.caller, accessToken: ctx.accessToken, action: call.action, params };
      return () => runCalendarTool(deps.calendar, request);
    }
  }
}
