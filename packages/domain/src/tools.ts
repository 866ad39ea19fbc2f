/**
 * Assistant tools and the identity features behind them: which tool actions are accepted, who may run them,
 * which identity feature each tool needs, and the simulated authorization request.
 * REQ-tool (identity service, tool actions accepted, the tools) and REQ-err (tool failures).
 */
import type { IdentityStatus, Role } from './entities';
import { fail, ok, type Result } from './result';
import { canAccessData, type DataKind } from './roles';
import { ASSISTANT_ERRORS, PERMISSION_ALERTS, ROUTE_TEXTS } from './texts';

/** REQ-tool The three tools. */
export const TOOLS = {
  calendar: 'google_calendar_medical',
  records: 'medical_records_fga',
  prescription: 'prescription_async_auth',
} as const;
export type ToolName = (typeof TOOLS)[keyof typeof TOOLS];
export const TOOL_NAMES: readonly ToolName[] = Object.values(TOOLS);

/**
 * REQ-tool-prescription-actions. `named` lists actions a tool advertises without supporting them: the
 * prescription tool names refill and check_interactions as available, but they answer 'not supported'.
 */
export const TOOL_ACTIONS: Readonly<
  Record<ToolName, { accepted: readonly string[]; named: readonly string[] }>
> = {
  google_calendar_medical: { accepted: ['view_appointments', 'schedule_appointment'], named: [] },
  medical_records_fga: { accepted: ['read'], named: [] },
  prescription_async_auth: { accepted: ['prescribe'], named: ['refill', 'check_interactions'] },
};

/** REQ-err-tool-failure The message shown when a tool's service fails, per tool. */
export const TOOL_FAILURE_MESSAGES: Readonly<Record<ToolName, string>> = {
  google_calendar_medical: ASSISTANT_ERRORS.calendarFailure,
  medical_records_fga: ASSISTANT_ERRORS.recordsFailure,
  prescription_async_auth: ASSISTANT_ERRORS.prescriptionFailure,
};

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

/** How a tool call is answered: run it, or only reply with a message. */
export type ToolActionDecision =
  | { readonly tool: ToolName; readonly action: string; readonly outcome: 'accepted' }
  | {
      readonly tool: ToolName;
      readonly action: string;
      readonly outcome: 'completion_note' | 'not_supported';
      readonly message: string;
    };

/**
 * REQ-tool-records-actions Records: any action other than read only returns a completion note. It runs
 * nothing, so the note says that nothing changed.
 */
export const recordsCompletionNote = (action: string) =>
  `Medical records request '${action}' completed. No records were changed; the assistant can only read records.`;

/**
 * REQ-tool, REQ-err-tool-unknown Resolves a tool call: an unknown tool fails with the available tools listed; an accepted action runs;
 * any other records action gets a completion note; any other action (including the prescription tool's
 * named refill and check_interactions) is not supported.
 */
export function resolveToolAction(toolName: string, action: string): Result<ToolActionDecision> {
  if (!isToolName(toolName)) return fail('unknown_tool', ASSISTANT_ERRORS.unknownTool(toolName, TOOL_NAMES));
  if (TOOL_ACTIONS[toolName].accepted.includes(action))
    return ok({ tool: toolName, action, outcome: 'accepted' });
  if (toolName === TOOLS.records) {
    return ok({ tool: toolName, action, outcome: 'completion_note', message: recordsCompletionNote(action) });
  }
  return ok({
    tool: toolName,
    action,
    outcome: 'not_supported',
    message: ASSISTANT_ERRORS.notSupported(action),
  });
}

/** Which REQ-kb-patient-bound data-access grant each accepted action needs, and what a refusal says. */
const ACTION_ACCESS: Readonly<Record<string, { kind: DataKind; mode: 'read' | 'write'; denied: string }>> = {
  view_appointments: { kind: 'appointment_schedule', mode: 'read', denied: ROUTE_TEXTS.accessDeniedBody },
  schedule_appointment: {
    kind: 'appointment_schedule',
    mode: 'write',
    denied: PERMISSION_ALERTS.createAppointments,
  },
  read: { kind: 'patient_records', mode: 'read', denied: ASSISTANT_ERRORS.recordsDenied },
  prescribe: { kind: 'prescriptions', mode: 'write', denied: PERMISSION_ALERTS.createPrescriptions },
};

/**
 * REQ-access-matrix, REQ-err Tools run on the server, so an accepted action is checked against the data
 * access matrix: calendar actions need the appointment schedule, records read needs patient records (refused
 * with 'Access Denied - ...'), prescribe needs write on prescriptions. Actions that run nothing need no
 * grant.
 */
export function authorizeToolAction(role: Role, action: string): Result<string> {
  if (!Object.hasOwn(ACTION_ACCESS, action)) return ok(action);
  const rule = ACTION_ACCESS[action]!;
  return canAccessData(role, rule.kind, rule.mode) ? ok(action) : fail('forbidden', rule.denied);
}

/** REQ-err-tool-failure Tool failure: "Error executing {name}: {message}". */
export function formatToolFailure(name: string, error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string' && error !== ''
        ? error
        : 'Unknown error';
  return ASSISTANT_ERRORS.toolFailure(name, message);
}

/**
 * REQ-data-identity-status The identity features: token vault, fine-grained authorization, async
 * authorization.
 */
export type IdentityFeature = keyof IdentityStatus['features'];

/** REQ-product-pillars Each tool stands on one pillar: calendar on the token vault, records on FGA, prescriptions on async auth. */
export const TOOL_FEATURES: Readonly<Record<ToolName, IdentityFeature>> = {
  google_calendar_medical: 'tokenVault',
  medical_records_fga: 'fga',
  prescription_async_auth: 'asyncAuth',
};

/** REQ-err-feature-off Feature-off messages ask the user to configure the feature. */
export function featureOffMessage(feature: IdentityFeature): string {
  switch (feature) {
    case 'tokenVault':
      return ASSISTANT_ERRORS.tokenVaultOff;
    case 'fga':
      return ASSISTANT_ERRORS.fgaOff;
    case 'asyncAuth':
      return ASSISTANT_ERRORS.asyncAuthOff;
  }
}

/**
 * REQ-tool-identity-status, REQ-err-feature-off A feature must be enabled before anything that relies on it
 * runs.
 */
export function requireIdentityFeature(
  features: IdentityStatus['features'],
  feature: IdentityFeature,
): Result<IdentityFeature> {
  return features[feature] ? ok(feature) : fail('feature_off', featureOffMessage(feature));
}

/**
 * Sensitive actions get the stronger approval message: prescribing, and any records action other than read
 * (anything that would write records).
 */
export function isSensitiveAction(toolName: string, action: string): boolean {
  if (toolName === TOOLS.prescription) return action === 'prescribe';
  return toolName === TOOLS.records && action !== 'read';
}

export type AuthorizationDecision = {
  readonly approved: true;
  /** Always true: this is the spec's simulation, not a real approval. */
  readonly simulated: true;
  readonly sensitive: boolean;
  readonly message: string;
};

/**
 * REQ-tool-simulated-approval "Authorization requests are simulated and always approved, with a different
 * message for sensitive actions." This is that simulation, kept so the demo behaves as described; it approves
 * nothing real. A real out-of-band approval (the identity provider's asynchronous authorization, where the
 * user confirms on another device) replaces it later; until then sensitive actions are still guarded by
 * authorizeToolAction.
 */
export function decideAuthorizationRequest(toolName: string, action: string): AuthorizationDecision {
  const sensitive = isSensitiveAction(toolName, action);
  const message = sensitive
    ? `Sensitive action '${action}' approved after additional verification (simulated approval).`
    : `Action '${action}' approved (simulated approval).`;
  return { approved: true, simulated: true, sensitive, message };
}
