/**
 * The assistant's tools in the mock API, as the server runs them (apps/api/src/assistant/tools.ts): the domain
 * picks and gates the tool; the records tool asks the authorization model (evaluated locally here) about every
 * record; denied calls leave an audit row.
 */
import {
  SENTINEL_FGA_MODEL,
  TOOLS,
  detectToolCall,
  gateToolCall,
  gatedToolEvent,
  identityStatus,
  prepareFga,
  recordCheck,
  recordsToolEvent,
  toolDenialAudit,
  visibleTo,
  approvalToolEvent,
  prescriptionFailure,
  proposalFromDraft,
  type MedicalRecord,
} from '@sentinel/domain';
import type { ChatToolEvent } from '@sentinel/domain/contract';
import { knowledgeViewerFor, type Caller } from '@sentinel/service';
import { proposePrescription } from './approvals';
import { appendAudit, factsOf, type MockStore } from './store';
import { calendarToolEvent } from './vault';

const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);

/**
 * REQ-access-owner The records tool: of the records a patient owns (every record, for staff), those the
 * authorization model lets the caller read, with an audit row. As on the server, a patient's candidates are
 * their account's alone.
 */
export function runRecordsTool(store: MockStore, caller: Caller, action: string): ChatToolEvent {
  const viewer = knowledgeViewerFor(caller);
  let allowed: MedicalRecord[] | undefined = [];
  for (const record of visibleTo(store.records, caller.user)) {
    // Record confidentiality (REQ-rec-confidentiality): each record's level and the caller's care
    // relationship go with it.
    const answer = evaluate(
      recordCheck({ ...viewer, sub: caller.user.sub }, record, factsOf(store), store.now),
    );
    if (!answer.ok) {
      allowed = undefined;
      break;
    }
    if (answer.value) allowed.push(record);
  }
  const event = recordsToolEvent(action, allowed);
  const patientIds = [...new Set((allowed ?? []).map((r) => r.patientId).filter(Boolean))];
  appendAudit(
    store,
    { sub: caller.user.sub, role: caller.knowledgeRole },
    {
      action: 'list',
      resourceType: 'record',
      resourceId: null,
      patientId: patientIds.length === 1 ? patientIds[0]! : null,
      outcome: allowed ? 'allowed' : 'denied',
      reason: allowed
        ? `records tool: ${event.records?.length ?? 0} record(s) allowed by the authorization model`
        : 'records tool: the authorization model could not be asked',
    },
  );
  return event;
}

/** The tool event for the question, or undefined when it asks for no tool. */
export function runTool(store: MockStore, caller: Caller, question: string): ChatToolEvent | undefined {
  const call = detectToolCall(question);
  if (!call) return undefined;
  const gate = gateToolCall(call, caller.knowledgeRole, identityStatus(true, store.now).features);
  if (!gate.run) {
    if (gate.outcome === 'denied') {
      appendAudit(
        store,
        { sub: caller.user.sub, role: caller.knowledgeRole },
        { ...toolDenialAudit(call, gate.message), resourceId: null, patientId: null, outcome: 'denied' },
      );
    }
    return gatedToolEvent(call, gate);
  }
  switch (call.tool) {
    case TOOLS.records:
      return runRecordsTool(store, caller, call.action);
    case TOOLS.calendar:
      return calendarToolEvent(
        store,
        caller,
        call.action,
        call.action === 'schedule_appointment' && call.slot ? { slot: call.slot } : {},
        store.now,
      );
    case TOOLS.prescription: {
      if (call.action !== 'prescribe') return undefined;
      const filed = proposePrescription(store, caller, proposalFromDraft(call.draft), store.now);
      return filed.ok ? approvalToolEvent(filed.value) : prescriptionFailure(filed.error.message);
    }
  }
}
