/**
 * Security headers on every answer (REQ-sec-headers; ASVS 14.4, HIPAA 164.312(e)(1)). The portal page gets a
 * Content Security Policy that lets it load only its own build, call only the API (same origin) and the
 * identity provider, and be framed by nobody; every other answer (JSON, assets, the event stream) gets one
 * that allows nothing at all. HSTS is sent only over TLS (directly, or from a trusted proxy's
 * X-Forwarded-Proto: Fastify's `trustProxy` decides `request.protocol`), since over plain http a browser
 * ignores it. Every /api answer, refusals included, is `Cache-Control: no-store` and `Content-Disposition:
 * attachment` (ASVS 14.4.2: a browser sent to an API address downloads the answer instead of rendering it).
 * No CORS headers are ever sent: the portal calls the API on its own origin, so the allowlist of other
 * origins is empty.
 *
 * A hook of our own rather than @fastify/helmet: the policy depends on the answer's media type and the
 * configured identity provider, and HSTS on the protocol, so helmet's fixed defaults would need overriding
 * header by header, for about as many lines as this file.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type SecurityHeaderOptions = {
  /** The token issuer (the identity provider): its origin may be called and framed by the portal page. */
  readonly issuer: string;
  /** CSP sources (`'sha256-...'`) of the inline scripts of the portal page (inlineScriptHashes). */
  readonly pageScriptHashes?: readonly string[];
};

/**
 * The CSP hash source of every inline script of a page (a `<script>` without `src`). The portal's build puts
 * one into index.html: the guard that keeps a signed-in user from seeing the prerendered landing (REQ-perf-routes). The
 * policy allows exactly these bytes, so no other inline script can run.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc\s*=/i.test(attributes) && body.length > 0)
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/**
 * The portal page's policy. Vite emits module scripts and static CSS files (vanilla-extract), so no style needs
 * a nonce, and the one inline script of the build is allowed by its hash; data: images are the inline icons;
 * the identity provider is called (token endpoint) and framed (silent sign-in) by the Auth0 SDK.
 */
export function portalContentSecurityPolicy(
  identityOrigin: string,
  scriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${identityOrigin}`,
    `frame-src ${identityOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers that are not the portal page load nothing and are framed by nothing. */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export const HSTS = 'max-age=31536000; includeSubDomains';

const ALWAYS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // frame-ancestors for browsers that predate it.
  'x-frame-options': 'DENY',
};

const isApiPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
};

/**
 * Sets the headers on one answer. The hooks below call it for every routed answer; an answer Fastify writes
 * before routing (a path it cannot decode, through `frameworkErrors`) runs no hook and calls it itself.
 */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: string = NON_PAGE_CONTENT_SECURITY_POLICY,
): void {
  for (const [name, value] of Object.entries(ALWAYS)) void reply.header(name, value);
  void reply.header('content-security-policy', policy);
  if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  if (isApiPath(request.url)) {
    void reply.header('cache-control', 'no-store');
    void reply.header('content-disposition', API_CONTENT_DISPOSITION);
  }
}

/** How every /api answer is to be handled by a browser that opens it as a page: as a download. */
export const API_CONTENT_DISPOSITION = 'attachment; filename="api.json"';

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const pagePolicy = portalContentSecurityPolicy(new URL(options.issuer).origin, options.pageScriptHashes);
  // Set on arrival too, so answers written past onSend (the chat's event stream) carry them.
  app.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(request, reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    applySecurityHeaders(request, reply, type.startsWith('text/html') ? pagePolicy : undefined);
    // A 304 carries no media type, and a browser copies its headers onto the stored answer: a policy here
    // would replace the cached page's own (and block its scripts), so the stored one is kept instead.
    if (reply.statusCode === 304) void reply.removeHeader('content-security-policy');
    return payload;
  });
}
