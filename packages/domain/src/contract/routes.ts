/**
 * The route table of the API (REQ-arch). One entry per call: method, path
 * pattern, the schemas of its parameters, query, body and answer, the success status, the permission the
 * server requires (REQ-access-server) and the spec's alert text for a 403 where it gives one
 * (REQ-access-server, REQ-err). The MSW handlers, the typed client and the server are all built from this
 * table, so they cannot disagree.
 */
import { z } from 'zod';
import {
  CONFIDENTIALITY_TEXTS,
  EmergencyAccessRequestSchema,
  EmergencyGrantSchema,
} from '../confidentiality';
import type { Permission } from '../entities';
import { fail, ok, type Result } from '../result';
import { PERMISSION_ALERTS, ROUTE_TEXTS, USER_MANAGEMENT_TEXTS } from '../texts';
import { parseWith } from '../validate';
import type { AuditAction, AuditResourceType } from './audit';
import {
  AppointmentCreateSchema,
  AppointmentStatusUpdateSchema,
  PrescriptionCreateSchema,
  RecordCreateSchema,
  RecordUpdateSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from './bodies';
import { ChatRequestSchema, ChatStreamEventSchema } from './chat';
import {
  AppointmentListResponseSchema,
  AppointmentResponseSchema,
  AssistantStatusResponseSchema,
  AuditListResponseSchema,
  FgaSamplesResponseSchema,
  IdentityStatusResponseSchema,
  KnowledgeDocumentResponseSchema,
  KnowledgeListResponseSchema,
  KnowledgeSearchResponseSchema,
  ManagedUserListResponseSchema,
  ManagedUserResponseSchema,
  MedicalRecordListResponseSchema,
  MedicalRecordResponseSchema,
  MeResponseSchema,
  NoContentSchema,
  PrescriptionListResponseSchema,
  PrescriptionResponseSchema,
  listOf,
} from './responses';
import {
  ApprovalDecisionSchema,
  ApprovalListResponseSchema,
  ApprovalRequestSchema,
  CalendarEventListResponseSchema,
  VaultConnectSchema,
  VaultConnectionSchema,
} from './pillars';

export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Any signed-in user may call the route; the data is then filtered by ownership (REQ-access). */
export const AUTHENTICATED = 'authenticated';
export type RoutePermission = Permission | typeof AUTHENTICATED;

/**
 * `json` answers with a JSON body, `none` with an empty 204, `sse` with a text/event-stream whose events each
 * satisfy the response schema.
 */
export type RouteResponseType = 'json' | 'none' | 'sse';

/** Largest request body the API reads (413 above it): fits a full chat request of 50 x 4000 characters. */
export const MAX_REQUEST_BODY_BYTES = 1_048_576;
export const JSON_CONTENT_TYPE = 'application/json';

export type RouteDefinition = {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly params: z.ZodType;
  readonly query: z.ZodType;
  readonly body: z.ZodType | undefined;
  readonly status: 200 | 201 | 204;
  readonly response: z.ZodType;
  readonly responseType: RouteResponseType;
  readonly permission: RoutePermission;
  /** The spec's words for a 403 on this route, when it has them. */
  readonly deniedMessage: string | undefined;
  /** What the audit row of a call records; undefined for calls that touch no protected data. */
  readonly audit: { readonly action: AuditAction; readonly resourceType: AuditResourceType } | undefined;
};

/** Ids in paths: 1 to 100 characters, no spaces or control characters. */
export const IdParamSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^\s\p{Cc}]+$/u, 'an id has no spaces or control characters');
export const NoParamsSchema = z.strictObject({});
export const IdParamsSchema = z.strictObject({ id: IdParamSchema });
export const NoQuerySchema = z.strictObject({});
/** `GET /api/knowledge/search?q=`: the query text, 1 to 200 characters after trimming. */
export const KnowledgeSearchQuerySchema = z.strictObject({ q: z.string().trim().min(1).max(200) });

export const ROUTES = {
  getMe: {
    name: 'getMe',
    method: 'GET',
    path: '/api/me',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: MeResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: undefined,
  },
  listAppointments: {
    name: 'listAppointments',
    method: 'GET',
    path: '/api/appointments',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: AppointmentListResponseSchema,
    responseType: 'json',
    permission: 'read:appointments',
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'appointment' },
  },
  createAppointment: {
    name: 'createAppointment',
    method: 'POST',
    path: '/api/appointments',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: AppointmentCreateSchema,
    status: 201,
    response: AppointmentResponseSchema,
    responseType: 'json',
    permission: 'write:appointments',
    deniedMessage: PERMISSION_ALERTS.createAppointments,
    audit: { action: 'create', resourceType: 'appointment' },
  },
  updateAppointmentStatus: {
    name: 'updateAppointmentStatus',
    method: 'PATCH',
    path: '/api/appointments/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: AppointmentStatusUpdateSchema,
    status: 200,
    response: AppointmentResponseSchema,
    responseType: 'json',
    permission: 'write:appointments',
    deniedMessage: PERMISSION_ALERTS.updateAppointments,
    audit: { action: 'update', resourceType: 'appointment' },
  },
  deleteAppointment: {
    name: 'deleteAppointment',
    method: 'DELETE',
    path: '/api/appointments/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 204,
    response: NoContentSchema,
    responseType: 'none',
    permission: 'delete:records',
    deniedMessage: PERMISSION_ALERTS.deleteAppointments,
    audit: { action: 'delete', resourceType: 'appointment' },
  },
  listRecords: {
    name: 'listRecords',
    method: 'GET',
    path: '/api/records',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: MedicalRecordListResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'record' },
  },
  createRecord: {
    name: 'createRecord',
    method: 'POST',
    path: '/api/records',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: RecordCreateSchema,
    status: 201,
    response: MedicalRecordResponseSchema,
    responseType: 'json',
    permission: 'write:patients',
    deniedMessage: undefined,
    audit: { action: 'create', resourceType: 'record' },
  },
  getRecord: {
    name: 'getRecord',
    method: 'GET',
    path: '/api/records/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: MedicalRecordResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: PERMISSION_ALERTS.ownRecordsOnly,
    audit: { action: 'read', resourceType: 'record' },
  },
  updateRecord: {
    name: 'updateRecord',
    method: 'PATCH',
    path: '/api/records/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: RecordUpdateSchema,
    status: 200,
    response: MedicalRecordResponseSchema,
    responseType: 'json',
    permission: 'write:patients',
    deniedMessage: undefined,
    audit: { action: 'update', resourceType: 'record' },
  },
  listPrescriptions: {
    name: 'listPrescriptions',
    method: 'GET',
    path: '/api/prescriptions',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: PrescriptionListResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'prescription' },
  },
  createPrescription: {
    name: 'createPrescription',
    method: 'POST',
    path: '/api/prescriptions',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: PrescriptionCreateSchema,
    status: 201,
    response: PrescriptionResponseSchema,
    responseType: 'json',
    permission: 'write:prescriptions',
    deniedMessage: PERMISSION_ALERTS.createPrescriptions,
    audit: { action: 'create', resourceType: 'prescription' },
  },
  refillPrescription: {
    name: 'refillPrescription',
    method: 'POST',
    path: '/api/prescriptions/:id/refill',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: PrescriptionResponseSchema,
    responseType: 'json',
    permission: 'write:prescriptions',
    deniedMessage: PERMISSION_ALERTS.processRefills,
    audit: { action: 'update', resourceType: 'prescription' },
  },
  listUsers: {
    name: 'listUsers',
    method: 'GET',
    path: '/api/users',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: ManagedUserListResponseSchema,
    responseType: 'json',
    permission: 'manage:users',
    deniedMessage: USER_MANAGEMENT_TEXTS.accessDenied,
    audit: { action: 'list', resourceType: 'user' },
  },
  createUser: {
    name: 'createUser',
    method: 'POST',
    path: '/api/users',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: UserCreateSchema,
    status: 201,
    response: ManagedUserResponseSchema,
    responseType: 'json',
    permission: 'manage:users',
    deniedMessage: PERMISSION_ALERTS.createUsers,
    audit: { action: 'create', resourceType: 'user' },
  },
  updateUser: {
    name: 'updateUser',
    method: 'PATCH',
    path: '/api/users/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: UserUpdateSchema,
    status: 200,
    response: ManagedUserResponseSchema,
    responseType: 'json',
    permission: 'manage:users',
    deniedMessage: PERMISSION_ALERTS.updateUsers,
    audit: { action: 'update', resourceType: 'user' },
  },
  deleteUser: {
    name: 'deleteUser',
    method: 'DELETE',
    path: '/api/users/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 204,
    response: NoContentSchema,
    responseType: 'none',
    permission: 'manage:users',
    deniedMessage: PERMISSION_ALERTS.deleteUsers,
    audit: { action: 'delete', resourceType: 'user' },
  },
  /**
   * REQ-users-sign-in: a new single-use invitation link (72 hours) by e-mail, for a user who has not set a
   * password yet; 409 once they have. Answers the user with their sign-in state.
   */
  resendInvitation: {
    name: 'resendInvitation',
    method: 'POST',
    path: '/api/users/:id/invitation',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: ManagedUserResponseSchema,
    responseType: 'json',
    permission: 'manage:users',
    deniedMessage: PERMISSION_ALERTS.updateUsers,
    audit: { action: 'update', resourceType: 'user' },
  },
  /** REQ-users-sign-in: removes the user's second factors; they enrol again at their next sign-in. */
  resetSecondFactor: {
    name: 'resetSecondFactor',
    method: 'DELETE',
    path: '/api/users/:id/second-factor',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 204,
    response: NoContentSchema,
    responseType: 'none',
    permission: 'manage:users',
    deniedMessage: PERMISSION_ALERTS.updateUsers,
    audit: { action: 'update', resourceType: 'user' },
  },
  listKnowledge: {
    name: 'listKnowledge',
    method: 'GET',
    path: '/api/knowledge',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: KnowledgeListResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'knowledge' },
  },
  searchKnowledge: {
    name: 'searchKnowledge',
    method: 'GET',
    path: '/api/knowledge/search',
    params: NoParamsSchema,
    query: KnowledgeSearchQuerySchema,
    body: undefined,
    status: 200,
    response: KnowledgeSearchResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'search', resourceType: 'knowledge' },
  },
  getKnowledgeItem: {
    name: 'getKnowledgeItem',
    method: 'GET',
    path: '/api/knowledge/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: KnowledgeDocumentResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'read', resourceType: 'knowledge' },
  },
  assistantStatus: {
    name: 'assistantStatus',
    method: 'GET',
    path: '/api/assistant/status',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: AssistantStatusResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: undefined,
  },
  chat: {
    name: 'chat',
    method: 'POST',
    path: '/api/chat',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: ChatRequestSchema,
    status: 200,
    response: ChatStreamEventSchema,
    responseType: 'sse',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'create', resourceType: 'chat' },
  },
  identityStatus: {
    name: 'identityStatus',
    method: 'GET',
    path: '/api/identity/status',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: IdentityStatusResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: undefined,
  },
  fgaSamples: {
    name: 'fgaSamples',
    method: 'GET',
    path: '/api/identity/fga-samples',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: FgaSamplesResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    // The sample queries name fixed demo personas and documents: no patient data, nothing to audit.
    audit: undefined,
  },
  getCalendarConnection: {
    name: 'getCalendarConnection',
    method: 'GET',
    path: '/api/vault/calendar',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: VaultConnectionSchema,
    responseType: 'json',
    permission: 'read:appointments',
    deniedMessage: undefined,
    audit: undefined,
  },
  connectCalendar: {
    name: 'connectCalendar',
    method: 'POST',
    path: '/api/vault/calendar',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: VaultConnectSchema,
    status: 200,
    response: VaultConnectionSchema,
    responseType: 'json',
    permission: 'read:appointments',
    deniedMessage: undefined,
    audit: { action: 'create', resourceType: 'calendar' },
  },
  disconnectCalendar: {
    name: 'disconnectCalendar',
    method: 'DELETE',
    path: '/api/vault/calendar',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 204,
    response: NoContentSchema,
    responseType: 'none',
    permission: 'read:appointments',
    deniedMessage: undefined,
    audit: { action: 'delete', resourceType: 'calendar' },
  },
  listCalendarEvents: {
    name: 'listCalendarEvents',
    method: 'GET',
    path: '/api/calendar/events',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: CalendarEventListResponseSchema,
    responseType: 'json',
    permission: 'read:appointments',
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'calendar' },
  },
  listApprovals: {
    name: 'listApprovals',
    method: 'GET',
    path: '/api/approvals',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: ApprovalListResponseSchema,
    responseType: 'json',
    permission: 'write:prescriptions',
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'approval' },
  },
  getApproval: {
    name: 'getApproval',
    method: 'GET',
    path: '/api/approvals/:id',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: ApprovalRequestSchema,
    responseType: 'json',
    permission: 'write:prescriptions',
    deniedMessage: undefined,
    audit: { action: 'read', resourceType: 'approval' },
  },
  decideApproval: {
    name: 'decideApproval',
    method: 'POST',
    path: '/api/approvals/:id/decision',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: ApprovalDecisionSchema,
    status: 200,
    response: ApprovalRequestSchema,
    responseType: 'json',
    permission: 'write:prescriptions',
    deniedMessage: PERMISSION_ALERTS.createPrescriptions,
    audit: { action: 'update', resourceType: 'approval' },
  },
  listAudit: {
    name: 'listAudit',
    method: 'GET',
    path: '/api/audit',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: AuditListResponseSchema,
    responseType: 'json',
    permission: AUTHENTICATED,
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'audit' },
  },
  /**
   * Break-the-glass (REQ-rec-break-glass): a doctor outside the patient's assigned care team reads their
   * sensitive and restricted records for 60 minutes (`decideEmergencyAccess`). The id is the patient's
   * account id (their records' `ownerId`), or a patient id ('P-...') exactly one patient account has; one
   * that several share is 409 (`emergencyPatientOf`). The grant is keyed on the account. The audit row,
   * marked `EMERGENCY_AUDIT_MARK`, names the patient, so they see it in 'Who viewed my records'.
   */
  createEmergencyAccess: {
    name: 'createEmergencyAccess',
    method: 'POST',
    path: '/api/patients/:id/emergency-access',
    params: IdParamsSchema,
    query: NoQuerySchema,
    body: EmergencyAccessRequestSchema,
    status: 201,
    response: EmergencyGrantSchema,
    responseType: 'json',
    permission: 'read:patients',
    deniedMessage: CONFIDENTIALITY_TEXTS.emergencyDoctorsOnly,
    audit: { action: 'create', resourceType: 'record' },
  },
  /** The administrators' alert list of break-the-glass grants, newest first (REQ-rec). */
  listEmergencyAccess: {
    name: 'listEmergencyAccess',
    method: 'GET',
    path: '/api/emergency-access',
    params: NoParamsSchema,
    query: NoQuerySchema,
    body: undefined,
    status: 200,
    response: listOf(EmergencyGrantSchema),
    responseType: 'json',
    permission: 'manage:users',
    deniedMessage: undefined,
    audit: { action: 'list', resourceType: 'audit' },
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;

export type RouteName = keyof typeof ROUTES;
export type Route<N extends RouteName = RouteName> = (typeof ROUTES)[N];
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

type SchemaOf<N extends RouteName, K extends 'params' | 'query' | 'body' | 'response'> = Route<N>[K];

/** Path parameters as the caller gives them. */
export type RouteParams<N extends RouteName> = z.input<SchemaOf<N, 'params'>>;
/** Query parameters as the caller gives them. */
export type RouteQuery<N extends RouteName> = z.input<SchemaOf<N, 'query'>>;
/** The body a client sends (defaults not yet applied); `undefined` for calls without a body. */
export type RequestBody<N extends RouteName> =
  SchemaOf<N, 'body'> extends infer S extends z.ZodType ? z.input<S> : undefined;
/** The body a server works with after parsing (defaults applied, values coerced). */
export type ParsedRequestBody<N extends RouteName> =
  SchemaOf<N, 'body'> extends infer S extends z.ZodType ? z.output<S> : undefined;
/** The answer body after parsing; for `chat`, one stream event. */
export type ResponseBody<N extends RouteName> = z.output<SchemaOf<N, 'response'>>;

/** REQ-access-directory: may this user call the route at all? Ownership filtering of the data comes after. */
export function canCallRoute(name: RouteName, user: { readonly permissions: readonly string[] }): boolean {
  const route: RouteDefinition = ROUTES[name];
  const { permission } = route;
  return permission === AUTHENTICATED || user.permissions.includes(permission);
}

/** REQ-access-server, REQ-err: the message of a 403 on this route, the spec's alert where it has one. */
export function deniedMessageFor(name: RouteName): string {
  const route: RouteDefinition = ROUTES[name];
  return route.deniedMessage ?? ROUTE_TEXTS.accessDeniedBody;
}

const encodeQuery = (query: Readonly<Record<string, unknown>>): string =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');

/**
 * The URL path of a call, with its parameters percent-encoded and its query appended. Parameters and query are
 * checked against the route's schemas first: a missing, extra or invalid one is an `invalid_input` Result.
 */
export function buildPath<N extends RouteName>(
  name: N,
  params?: RouteParams<N>,
  query?: RouteQuery<N>,
): Result<string> {
  const route: RouteDefinition = ROUTES[name];
  const parsedParams = parseWith(route.params, params ?? {}, `path parameters of ${name}`);
  if (!parsedParams.ok) return parsedParams;
  const parsedQuery = parseWith(route.query, query ?? {}, `query of ${name}`);
  if (!parsedQuery.ok) return parsedQuery;
  const values = parsedParams.value as Record<string, unknown>;
  const path = route.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? encodeURIComponent(String(values[segment.slice(1)])) : segment,
    )
    .join('/');
  const search = encodeQuery(parsedQuery.value as Record<string, unknown>);
  return ok(search ? `${path}?${search}` : path);
}

type CompiledRoute = { name: RouteName; method: HttpMethod; segments: string[] };

/** Literal segments win over parameters (`/api/knowledge/search` before `/api/knowledge/:id`). */
const COMPILED: readonly CompiledRoute[] = ROUTE_NAMES.map((name) => ({
  name,
  method: ROUTES[name].method,
  segments: ROUTES[name].path.split('/').slice(1),
})).sort(
  (a, b) =>
    b.segments.filter((s) => !s.startsWith(':')).length - a.segments.filter((s) => !s.startsWith(':')).length,
);

function decodeSegment(segment: string): Result<string> {
  try {
    return ok(decodeURIComponent(segment));
  } catch {
    return fail('invalid_input', 'malformed percent-encoding');
  }
}

function matchSegments(
  pattern: readonly string[],
  actual: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, expected] of pattern.entries()) {
    const segment = actual[i] ?? '';
    if (!expected.startsWith(':')) {
      if (segment !== expected) return undefined;
      continue;
    }
    const decoded = decodeSegment(segment);
    if (!segment || !decoded.ok) return undefined;
    params[expected.slice(1)] = decoded.value;
  }
  return params;
}

/**
 * Finds the route of a request: method (any case) and pathname (no query string, no trailing slash). Path
 * parameters come back percent-decoded, to be checked with the route's params schema. Undefined when nothing
 * matches, including a malformed percent-encoding.
 */
export function matchRoute(
  method: string,
  pathname: string,
): { name: RouteName; params: Record<string, string> } | undefined {
  const upper = method.toUpperCase();
  const actual = pathname.split('/').slice(1);
  for (const route of COMPILED) {
    if (route.method !== upper) continue;
    const params = matchSegments(route.segments, actual);
    if (params) return { name: route.name, params };
  }
  return undefined;
}
