/**
 * The calendar service of the token vault (REQ-tool): GET /events (scope calendar:read) answers the
 * caller's events, POST /events (scope calendar:write) adds one to the caller's calendar, GET /health answers
 * without a token. Callers are identified only by a calendar token from the identity provider (audience
 * `urn:sentinel:calendar`), which the API obtains by token exchange; the user's API token is refused here.
 * Errors are `{ error, message }`; 401 and 403 carry RFC 6750 `WWW-Authenticate` challenges. Event contents
 * never reach the log.
 *
 * It answers the API only. A request must name one of its own hosts (`allowedHosts`), or it is refused with 421
 * before its token is read: a web page that rebinds its name to 127.0.0.1 still sends its own name. The API's
 * credential is the calendar token: only the API's confidential client can obtain one (by token exchange with
 * its client secret), so no second shared secret is needed here.
 */
import { LOOPBACK_HOSTS, isAllowedHost } from '@sentinel/domain';
import { CalendarEventSchema } from '@sentinel/domain/contract';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { z } from 'zod';
import { type CalendarCaller, type CalendarVerifier } from './auth';
import { CalendarFullError, type CalendarStore } from './store';

export const READ_SCOPE = 'calendar:read';
export const WRITE_SCOPE = 'calendar:write';
const REALM = 'sentinel-calendar';
/** An event is small: a title, two times, a place and a description. */
const BODY_LIMIT_BYTES = 16_384;

/** `POST /events`: a new event; location and description may be left out. */
export const NewEventSchema = CalendarEventSchema.omit({ id: true })
  .extend({
    location: CalendarEventSchema.shape.location.default(''),
    description: CalendarEventSchema.shape.description.default(''),
    appointmentId: CalendarEventSchema.shape.appointmentId.default(null),
  })
  .refine((e) => Date.parse(e.end) > Date.parse(e.start), {
    message: 'An event ends after it starts.',
    path: ['end'],
  });
export type NewEvent = z.input<typeof NewEventSchema>;

export type CalendarServerOptions = {
  readonly store: CalendarStore;
  readonly verify: CalendarVerifier;
  /** The `Host` values it answers (`name` for any port, `name:port` for one); the loopback names by default. */
  readonly allowedHosts?: readonly string[];
  /** Fastify's logger option: false in tests unless given. */
  readonly logger?: FastifyServerOptions['logger'];
};

const errorBody = (error: string, message: string) => ({ error, message });

function refuseToken(reply: FastifyReply, reason: 'missing' | 'invalid') {
  // RFC 6750 REQ-data: no error code when the request carried no token at all.
  const challenge =
    reason === 'missing'
      ? `Bearer realm="${REALM}"`
      : `Bearer realm="${REALM}", error="invalid_token", error_description="The access token is not valid."`;
  return reply
    .code(401)
    .header('WWW-Authenticate', challenge)
    .send(errorBody('unauthorized', 'A valid calendar access token is required.'));
}

function refuseScope(reply: FastifyReply, scope: string) {
  return reply
    .code(403)
    .header('WWW-Authenticate', `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}"`)
    .send(errorBody('insufficient_scope', `This call needs the scope ${scope}.`));
}

export async function buildCalendarServer(options: CalendarServerOptions): Promise<FastifyInstance> {
  const { store, verify } = options;
  const allowedHosts = options.allowedHosts ?? LOOPBACK_HOSTS;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Request lines are logged below, without query strings; bodies (appointment notes) never are.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, path: request.url.split('?')[0], status: reply.statusCode },
      'request',
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.headers.host, allowedHosts)) return undefined;
    return reply
      .code(421)
      .send(errorBody('misdirected_request', 'This server does not answer requests for this host.'));
  });
  app.addHook('onClose', async () => store.close());
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody('invalid_request', 'The request could not be read.'));
    }
    request.log.error({ err: { type: error.name } }, 'request failed');
    return reply.code(500).send(errorBody('internal', 'The calendar failed.'));
  });
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send(errorBody('not_found', 'Not found.')),
  );

  /** The caller when the token is valid and carries `scope`; otherwise the refusal is sent. */
  async function authorize(
    authorization: string | undefined,
    reply: FastifyReply,
    scope: string,
  ): Promise<CalendarCaller | undefined> {
    const checked = await verify(authorization);
    if (!checked.ok) {
      await refuseToken(reply, checked.reason);
      return undefined;
    }
    if (!checked.caller.scopes.has(scope)) {
      await refuseScope(reply, scope);
      return undefined;
    }
    return checked.caller;
  }

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/events', async (request, reply) => {
    const caller = await authorize(request.headers.authorization, reply, READ_SCOPE);
    if (!caller) return reply;
    return { items: store.eventsFor(caller) };
  });

  app.post('/events', async (request, reply) => {
    const caller = await authorize(request.headers.authorization, reply, WRITE_SCOPE);
    if (!caller) return reply;
    const parsed = NewEventSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send(errorBody('invalid_input', z.prettifyError(parsed.error)));
    }
    try {
      const event = await store.add(caller.sub, parsed.data);
      return reply.code(201).send(event);
    } catch (error) {
      if (error instanceof CalendarFullError)
        return reply.code(409).send(errorBody('conflict', error.message));
      throw error;
    }
  });

  return app;
}
