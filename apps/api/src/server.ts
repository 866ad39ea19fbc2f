/**
 * The API server: the contract routes under /api, a health route, and (with `portalDist`) the portal's
 * production build on the same origin with the single-page fallback. Bodies are read as raw bytes and parsed
 * by the route runner, so every refusal (415, 413, 400) carries the contract's `{ error, message }` body.
 */
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CHAT_TEXTS, fail, ok, type Result } from '@sentinel/domain';
import {
  MAX_REQUEST_BODY_BYTES,
  SSE_CONTENT_TYPE,
  encodeSseEvent,
  errorBody,
  type ChatStreamEvent,
  type ErrorCode,
} from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { createChatModel } from './assistant/model';
import { createChatRateLimiter, type ChatRateLimitOptions } from './assistant/rateLimit';
import type { ApiSettings, ModelSettings } from './config';
import { createAuthorizer, type Authorizer } from './fga';
import {
  approvalRoutes,
  assistantRoutes,
  clinicalRoutes,
  confidentialityRoutes,
  knowledgeRoutes,
  userRoutes,
  type IdentityAdmin,
  type Mailer,
} from '@sentinel/service';
import { DEFAULT_SMTP_URL, createMailer } from '@sentinel/server-kit';
import { identityAdminSettingsFromEnv } from './config';
import { createIdentityAdmin } from './identityAdmin';
import { identityRoutes } from './handlers/identity';

import { createVault, vaultRoutes, vaultSettingsFromEnv, type VaultSettings } from './vault';
import {
  ContractDriftError,
  registerRoutes,
  type ChatStream,
  type RouteEnv,
  type RouteImpls,
} from './routes';
import type { Store } from './store/types';
import { applySecurityHeaders, inlineScriptHashes, registerSecurityHeaders } from './securityHeaders';
import { apiRateLimitFromEnv, registerApiRateLimit, type ApiRateLimit } from './rateLimit';

export type ServerOptions = {
  readonly settings: Pick<ApiSettings, 'issuer' | 'audience' | 'jwksUrl' | 'portalDist' | 'adminEmail'> &
    Partial<Pick<ApiSettings, 'mfaRequiredRoles'>>;
  readonly store: Store;
  readonly knowledge: () => KnowledgeBundle;
  /** Fine-grained authorization of knowledge access: local evaluation of our model by default. */
  readonly authorizer?: Authorizer;
  /** Token verification; by default against the issuer's JWKS. */
  readonly verify?: TokenVerifier;
  /** The clock (tests pin it). */
  readonly now?: () => Date;
  /** Fastify's logger option: false in tests, pino options in main. */
  readonly logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** The assistant's model (settings.model in main); none by default: the canned demo answers. */
  readonly model?: ModelSettings;
  /** The per-user chat limit's size and clock (tests); 20 a minute by default. */
  readonly chatRateLimit?: ChatRateLimitOptions;
  /** The token vault's calendar and token exchange; by default the embedded stack's (vault/settings.ts). */
  readonly vault?: VaultSettings;
  /** The per-user API limit (rateLimit.ts): API_RATE_LIMIT unless given, false for none; `now` for tests. */
  readonly apiRateLimit?: { readonly limit: ApiRateLimit; readonly now?: () => number } | false;
  /**
   * The identity provider's user management and the mail the user routes send (REQ-users-sign-in); by default
   * the Management API at the issuer with the API's client credentials, and SMTP_URL (MailDev locally).
   */
  readonly people?: { readonly identity: IdentityAdmin; readonly mailer: Mailer };
};

/** What a log line may say about a request: never the query string (search text is PHI), never headers. */
function requestSummary(request: { method: string; url: string }) {
  return { method: request.method, path: request.url.split('?')[0] };
}

const FASTIFY_ERRORS: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_input',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_input',
};

/**
 * REQ-chat-server Writes a chat stream as server-sent events, each frame the moment its event exists (no buffering here or in
 * a proxy: X-Accel-Buffering). When the client goes away (Stop, a closed tab) the stream's signal aborts, which
 * cancels the model request, and nothing more is written. A stream that throws (a bug, a contract drift) ends
 * with an error event in the REQ-model words of a chat failure.
 */
async function writeEventStream(reply: FastifyReply, status: number, stream: ChatStream): Promise<void> {
  const response = reply.raw;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  response.once('close', onClose);
  reply.hijack();
  // The route's headers (Fastify keeps their names lowercase), then the stream's own.
  const routeHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
  response.writeHead(status, {
    ...(Object.fromEntries(routeHeaders) as OutgoingHttpHeaders),
    'content-type': SSE_CONTENT_TYPE,
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
  const write = async (event: ChatStreamEvent) => {
    if (response.write(encodeSseEvent(event))) return;
    // The client reads slower than the model writes: wait for it (or for it to leave).
    await once(response, 'drain', { signal: gone.signal }).catch(() => undefined);
  };
  try {
    for await (const event of stream(gone.signal)) {
      if (gone.signal.aborted || response.destroyed) break;
      await write(event);
    }
  } catch (error) {
    reply.log.error(
      {
        ...requestSummary(reply.request),
        err: {
          type: error instanceof Error ? error.name : typeof error,
          drift: error instanceof ContractDriftError,
        },
      },
      'chat stream failed',
    );
    if (!response.destroyed) {
      await write({ type: 'error', error: 'internal', message: CHAT_TEXTS.technicalDifficulties });
    }
  } finally {
    response.off('close', onClose);
    if (!response.destroyed) response.end();
  }
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { settings, store } = options;
  const loggerOption =
    options.logger && typeof options.logger === 'object' && 'child' in options.logger
      ? { loggerInstance: options.logger as FastifyBaseLogger }
      : { logger: options.logger ?? false };
  const app = Fastify({
    ...loggerOption,
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    // Proxies in front (TLS) set X-Forwarded-*; only the loopback one is trusted by default.
    trustProxy: 'loopback',
    // Fastify's own request lines print the full URL (query strings can hold PHI): ours are in onResponse.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // The contract's id schema decides about long ids (400 with the field), not the router's own 414 body; the
    // URL is bounded anyway by Node's 16 KiB header limit.
    routerOptions: { maxParamLength: 16_384 },
    // A path the router cannot decode (malformed percent-encoding) gets the contract's body, not Fastify's own.
    frameworkErrors: (error, request, reply) => {
      const bad = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      applySecurityHeaders(request, reply as FastifyReply);
      const answer = bad
        ? { status: 400, body: errorBody('invalid_input', '') }
        : { status: 500, body: errorBody('internal', '') };
      void (reply as FastifyReply).code(answer.status).send(answer.body);
    },
  });

  // Raw bytes for every content type; the route runner decides what is acceptable.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const portalPage = settings.portalDist ? join(settings.portalDist, 'index.html') : undefined;
  registerSecurityHeaders(app, {
    issuer: settings.issuer,
    pageScriptHashes:
      portalPage && existsSync(portalPage) ? inlineScriptHashes(readFileSync(portalPage, 'utf8')) : [],
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { ...requestSummary(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.setErrorHandler(async (error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const code = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (code) {
      const status = code === 'payload_too_large' ? 413 : code === 'unsupported_media_type' ? 415 : 400;
      return reply.code(status).send(errorBody(code, ''));
    }
    request.log.error(
      {
        ...requestSummary(request),
        err: { type: error.name, message: error.message, drift: error instanceof ContractDriftError },
      },
      'request failed',
    );
    return reply.code(500).send(errorBody('internal', ''));
  });

  app.get('/api/health', async (_request, reply) => {
    const result = await store.ping().then(
      (): Result<true> => ok(true),
      (error: unknown) => fail('internal', error instanceof Error ? error.message : String(error)),
    );
    void reply.header('Cache-Control', 'no-store');
    if (!result.ok) return reply.code(503).send({ status: 'unavailable', store: store.dialect });
    return { status: 'ok', store: store.dialect };
  });

  const verify =
    options.verify ??
    createTokenVerifier({ issuer: settings.issuer, audience: settings.audience, keys: settings.jwksUrl });
  const envRateLimit = apiRateLimitFromEnv();
  const apiRateLimit = options.apiRateLimit ?? (envRateLimit && { limit: envRateLimit });
  if (apiRateLimit) registerApiRateLimit(app, { ...apiRateLimit, verify });
  const authorizer = options.authorizer ?? createAuthorizer();
  const model = createChatModel(options.model ?? { kind: 'none' });
  // Said once at start; the status then shows the assistant unavailable and chats get the canned answers.
  if (model?.problem) app.log.warn({ model: { problem: model.problem } }, 'the model cannot be used');
  const vault = createVault(options.vault ?? vaultSettingsFromEnv({}, settings.issuer), { log: app.log });
  const clock = options.now ?? (() => new Date());
  const impls: RouteImpls = {
    ...clinicalRoutes,
    ...confidentialityRoutes,
    ...approvalRoutes,
    ...userRoutes({
      store,
      ...(options.people ?? {
        // The embedded stack's, as the vault's default: main passes the environment's.
        identity: createIdentityAdmin(identityAdminSettingsFromEnv({}, settings.issuer)),
        mailer: createMailer({ smtpUrl: DEFAULT_SMTP_URL }),
      }),
    }),
    ...knowledgeRoutes(options.knowledge, authorizer),
    ...identityRoutes(options.knowledge, authorizer),
    ...assistantRoutes({
      model,
      limiter: createChatRateLimiter(options.chatRateLimit),
      knowledge: options.knowledge,
      tools: { authorizer, calendar: { store, vault, now: clock } },
      logFailure: (detail) => app.log.warn({ model: detail }, 'model step failed'),
    }),
    ...vaultRoutes(vault),
  };
  const env: RouteEnv = {
    store,
    verify,
    now: clock,
    adminEmail: settings.adminEmail,
    mfaRequiredRoles: settings.mfaRequiredRoles ?? [],
    stream: (reply, route, stream) => writeEventStream(reply, route.status, stream),
  };
  registerRoutes(app, impls, env);

  if (settings.portalDist) {
    // preCompressed: the build's .br and .gz beside each file (apps/portal/vite.config.ts), for who accepts them.
    await app.register(fastifyStatic, {
      root: settings.portalDist,
      index: ['index.html'],
      wildcard: false,
      preCompressed: true,
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (settings.portalDist && wantsPage && path !== '/api' && !path.startsWith('/api/')) {
      // Every portal path (/patient-dashboard, /unauthorized, ...) is the single-page app.
      void reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(errorBody('not_found', ''));
  });

  return app;
}
