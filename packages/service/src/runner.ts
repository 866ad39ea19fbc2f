/**
 * The route runner: one call of a contract route, the same for every transport (the server's Fastify adapter,
 * apps/api/src/routes.ts; the mock API's MSW adapter). In order: verify the token, load the caller from the
 * directory, require the second factor their role needs (the domain's checkSecondFactor: 401 mfa_required),
 * check the route's permission (REQ-access-directory), validate path, query and body with the contract's
 * schemas, run the route's handler, and answer through the contract's response schema. The handler's data
 * change and the call's audit row commit in one transaction.
 */
import { checkSecondFactor, parseWith, type Result, type Role } from '@sentinel/domain';
import {
  IdParamSchema,
  JSON_CONTENT_TYPE,
  ROUTES,
  canCallRoute,
  deniedMessageFor,
  errorBody,
  errorResponseFor,
  type AuditEvent,
  type ChatStreamEvent,
  type ErrorBody,
  type ParsedRequestBody,
  type ResponseBody,
  type RouteDefinition,
  type RouteName,
  type RouteParams,
  type RouteQuery,
} from '@sentinel/domain/contract';
import { resolveCaller, type Caller, type TokenVerifier } from './caller';
import { listChecks } from './responseCheck';
import type { Store, StoreTx } from './store/types';

/**
 * The chat's reply: its events, produced as they are read, after the call's transaction has committed (a model
 * call must not hold a database transaction open). `signal` aborts when the client goes away.
 */
export type ChatStream = (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>;

/** What a route's handler answers: the response body, or for the chat route the stream of its events. */
export type RouteOutput<N extends RouteName> = N extends 'chat' ? ChatStream : ResponseBody<N>;

/** What the audit row of a call says, when the route's handler knows better than the defaults. */
export type AuditDetail = {
  readonly reason?: string;
  readonly resourceId?: string | null;
  /** The one patient whose data the call touched (see `AuditEventSchema`). */
  readonly patientId?: string | null;
};

/** Everything a route's handler works with; params, query and body are already valid. */
export type RouteContext<N extends RouteName> = {
  readonly tx: StoreTx;
  readonly caller: Caller;
  /** The caller's verified access token, for the token vault's exchange; never stored, logged or answered. */
  readonly accessToken: string;
  readonly params: RouteParams<N>;
  readonly query: RouteQuery<N>;
  readonly body: ParsedRequestBody<N>;
  /** The request's clock reading (one per request). */
  readonly now: Date;
  /** Sets the reason, resource id or patient of this call's audit row; later calls win per field. */
  readonly audit: (detail: AuditDetail) => void;
  /** Adds a response header to the answer, success or refusal (Retry-After of a 429). */
  readonly header: (name: string, value: string) => void;
};

const OUTSIDE = Symbol('outside the transaction');

/**
 * Work a route does after its checks, outside the database transaction: a call to another service (the token
 * vault's calendar) must not hold the store, where SQLite runs transactions one at a time. The checks commit
 * first; the work runs; then a second transaction writes the call's one audit row, and the answer leaves only
 * once that row is committed.
 */
export type OutsideWork<T> = {
  readonly [OUTSIDE]: (audit: (detail: AuditDetail) => void) => Promise<Result<T>>;
};

/** Marks `work` to run after the call's transaction (see OutsideWork). */
export const outsideTransaction = <T>(
  work: (audit: (detail: AuditDetail) => void) => Promise<Result<T>>,
): OutsideWork<T> => ({ [OUTSIDE]: work });

const isOutsideWork = (value: unknown): value is OutsideWork<unknown> =>
  typeof value === 'object' && value !== null && OUTSIDE in value;

/** The handler of one route. A failure's code gives the status (`errorResponseFor`). */
export type RouteImpl<N extends RouteName> = (
  ctx: RouteContext<N>,
) => Promise<Result<RouteOutput<N> | OutsideWork<RouteOutput<N>>>>;
/** The handler of every route: an API is complete only when this table is. */
export type RouteImpls = { readonly [N in RouteName]: RouteImpl<N> };

/** What the runner works with besides the request. */
export type RunnerEnv = {
  readonly store: Store;
  readonly verify: TokenVerifier;
  readonly now: () => Date;
  readonly adminEmail?: string | undefined;
  /** Roles that need a second factor besides doctor, admin and manage:users (MFA_REQUIRED_ROLES). */
  readonly mfaRequiredRoles?: readonly Role[];
};

/** A call as the transport read it. */
export type RouteRequest = {
  /** The Authorization header, if any. */
  readonly authorization: string | undefined;
  /** The bearer token of that header ('' when none): only handed on to handlers (`accessToken`). */
  readonly accessToken: string;
  /** The path parameters the router matched, not yet validated. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The query as the transport parsed it: a key given twice is a list (which the route's schema refuses). */
  readonly query: Readonly<Record<string, unknown>>;
  readonly contentType: string | undefined;
  /** The body's text ('' when there is none). */
  readonly body: string;
};

/** Audit rows never hold more than the schema allows. */
const MAX_REASON_LENGTH = 500;

/**
 * A finished answer: status and JSON body (or none; a string body is JSON text already), or the chat stream to
 * write; plus the headers a handler added. The transport adds its own (caching, WWW-Authenticate) and writes it.
 */
export type Answer = (
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'none'; readonly status: number }
  | { readonly kind: 'sse'; readonly status: number; readonly stream: ChatStream }
) & { readonly headers?: Readonly<Record<string, string>> };

const errorAnswer = (status: number, body: ErrorBody): Answer => ({ kind: 'json', status, body });
const fromError = (error: Parameters<typeof errorResponseFor>[0]): Answer => {
  const { status, body } = errorResponseFor(error);
  return errorAnswer(status, body);
};

const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** The JSON body of a request: 415 for another content type, 400 for broken JSON. */
function readJsonBody(request: RouteRequest): { json: unknown } | Answer {
  if (mediaTypeOf(request.contentType) !== JSON_CONTENT_TYPE) {
    return errorAnswer(415, errorBody('unsupported_media_type', ''));
  }
  try {
    return { json: JSON.parse(request.body) as unknown };
  } catch {
    return errorAnswer(
      400,
      errorBody('invalid_input', 'The request body is not valid JSON.', { '(root)': 'not valid JSON' }),
    );
  }
}

/** Thrown inside the transaction when our own answer breaks the contract: rolled back, answered 500. */
export class ContractDriftError extends Error {
  override readonly name = 'ContractDriftError';
}

/** Runs one call of `name` and returns its answer. */
export async function runRoute<N extends RouteName>(
  name: N,
  impl: RouteImpl<N>,
  env: RunnerEnv,
  request: RouteRequest,
): Promise<Answer> {
  const route: RouteDefinition = ROUTES[name];
  const verified = await env.verify(request.authorization);
  if (!verified.ok) return fromError(verified.error);
  const now = env.now();
  const rawParams = request.params;
  // Most routes have no id: a failed check (an error object) for each of their calls would be waste.
  const idParam = rawParams.id === undefined ? undefined : IdParamSchema.safeParse(rawParams.id);
  const pathId = idParam?.success ? idParam.data : null;

  const headers: Record<string, string> = {};
  const withHeaders = (answer: Answer): Answer =>
    Object.keys(headers).length ? { ...answer, headers: { ...headers } } : answer;
  const recordIn =
    (tx: StoreTx, caller: Caller) =>
    async (
      outcome: AuditEvent['outcome'],
      reason: string,
      resourceId: string | null,
      patientId: string | null,
    ) => {
      if (!route.audit) return;
      await tx.appendAudit({
        timestamp: now.toISOString(),
        // The audit trail records the REQ-access role (nurse, pharmacist, ...), not only the dashboard one.
        actorSub: caller.user.sub,
        actorRole: caller.knowledgeRole,
        ...route.audit,
        resourceId,
        patientId,
        outcome,
        reason: reason.slice(0, MAX_REASON_LENGTH),
      });
    };
  /** The call's one audit row for its result, and its answer. */
  const conclude = async (
    record: ReturnType<typeof recordIn>,
    result: Result<unknown>,
    detail: AuditDetail,
  ): Promise<Answer> => {
    const resourceId = detail.resourceId === undefined ? pathId : detail.resourceId;
    const patientId = detail.patientId ?? null;
    if (!result.ok) {
      await record(
        'denied',
        detail.reason ?? `${result.error.code}: ${result.error.message}`,
        resourceId,
        patientId,
      );
      return fromError(result.error);
    }
    await record('allowed', detail.reason ?? 'allowed', resourceId, patientId);
    return answerOf(route, result.value);
  };

  type Checked =
    Answer | { readonly kind: 'outside'; caller: Caller; detail: AuditDetail; work: OutsideWork<unknown> };
  const checked = await env.store.transaction(async (tx): Promise<Checked> => {
    const who = await resolveCaller(tx, verified.value, { adminEmail: env.adminEmail });
    if (!who.ok) return fromError(who.error);
    const caller = who.value;
    const record = recordIn(tx, caller);

    // Before the permission: a sign-in without the second factor the caller's role needs authorizes nothing.
    // Read with the REQ-access role: a nurse's dashboard is a patient's, and MFA_REQUIRED_ROLES=nurse names the
    // nurse (for a doctor or an admin both roles are the same).
    const secondFactor = checkSecondFactor(
      { role: caller.knowledgeRole, permissions: caller.user.permissions },
      verified.value.amr,
      env.mfaRequiredRoles,
    );
    if (!secondFactor.ok) {
      const { code, message } = secondFactor.error;
      await record('denied', `${code}: ${message}`, pathId, null);
      return fromError(secondFactor.error);
    }
    if (!canCallRoute(name, caller.user)) {
      await record('denied', `missing permission ${route.permission}`, pathId, null);
      return errorAnswer(403, errorBody('forbidden', deniedMessageFor(name)));
    }
    const parsedParams = parseWith(route.params, rawParams, 'path parameters');
    if (!parsedParams.ok) return fromError(parsedParams.error);
    const parsedQuery = parseWith(route.query, { ...request.query }, 'query');
    if (!parsedQuery.ok) return fromError(parsedQuery.error);
    let body: unknown = undefined;
    if (route.body) {
      const read = readJsonBody(request);
      if ('kind' in read) return read;
      const parsedBody = parseWith(route.body, read.json, 'request body');
      if (!parsedBody.ok) return fromError(parsedBody.error);
      body = parsedBody.value;
    }

    let detail: AuditDetail = {};
    const result = await impl({
      tx,
      caller,
      accessToken: request.accessToken,
      now,
      params: parsedParams.value as RouteParams<N>,
      query: parsedQuery.value as RouteQuery<N>,
      body: body as ParsedRequestBody<N>,
      audit: (next) => {
        detail = { ...detail, ...next };
      },
      header: (header, value) => {
        headers[header] = value;
      },
    });
    if (result.ok && isOutsideWork(result.value))
      return { kind: 'outside', caller, detail, work: result.value };
    return conclude(record, result, detail);
  });
  if (checked.kind !== 'outside') return withHeaders(checked);

  let detail = checked.detail;
  const result = await checked.work[OUTSIDE]((next) => {
    detail = { ...detail, ...next };
  });
  const answer = await env.store.transaction((tx) => conclude(recordIn(tx, checked.caller), result, detail));
  return withHeaders(answer);
}

/**
 * The success answer, checked against the contract; a mismatch rolls the transaction back. A stream's events
 * exist only once the transaction is over: each is checked as it is produced, and a bad one ends the stream
 * with a ContractDriftError for the stream writer.
 */
function answerOf(route: RouteDefinition, value: unknown): Answer {
  if (route.responseType === 'sse') {
    const produce = value as ChatStream;
    const stream: ChatStream = async function* checked(signal) {
      for await (const event of produce(signal)) {
        const parsed = route.response.safeParse(event);
        if (!parsed.success) throw new ContractDriftError(`${route.name}: ${parsed.error.message}`);
        yield event;
      }
    };
    return { kind: 'sse', status: route.status, stream };
  }
  const list = listCheck(route.response)?.(value);
  if (list) {
    if (!list.ok) throw new ContractDriftError(`${route.name}: ${list.message}`);
    return { kind: 'json', status: route.status, body: list.json };
  }
  const parsed = route.response.safeParse(value);
  if (!parsed.success) throw new ContractDriftError(`${route.name}: ${parsed.error.message}`);
  if (route.responseType === 'none') return { kind: 'none', status: route.status };
  return { kind: 'json', status: route.status, body: parsed.data };
}

/** List answers are checked item by item, items already found valid remembered (./responseCheck.ts). */
const listCheck = listChecks();
