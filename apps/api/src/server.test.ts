import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FGA_SAMPLE_QUERIES, PERMISSION_ALERTS } from '@sentinel/domain';
import { MAX_REQUEST_BODY_BYTES, parseSseEvents, type AuditEvent } from '@sentinel/domain/contract';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { SignJWT, generateKeyPair } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_AUDIENCE, TEST_ISSUER, signAccessToken, startTestServer, type TestServer } from './testkit';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

type Call = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
};

async function call(who: PersonaKey | null, url: string, { method = 'GET', body, headers = {} }: Call = {}) {
  const auth = who ? { authorization: `Bearer ${await server.tokenFor(who)}` } : {};
  const response = await server.app.inject({
    method,
    url,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const json = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : undefined;
  return { status: response.statusCode, json, headers: response.headers };
}

const items = (json: unknown) => (json as { items: Record<string, unknown>[] }).items;

describe('the health route', () => {
  it('answers without a token and names the store', async () => {
    const health = await call(null, '/api/health');
    expect(health).toMatchObject({ status: 200, json: { status: 'ok', store: 'sqlite' } });
  });
});

describe('access tokens', () => {
  it('refuses a call without a token with 401 and the contract body', async () => {
    const answer = await call(null, '/api/records');
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'unauthorized', message: 'Sign in to continue.' });
    expect(answer.headers['www-authenticate']).toContain('Bearer');
  });

  it('refuses tokens signed by another key, for another audience, expired or HS256', async () => {
    const stranger = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await signAccessToken(stranger.privateKey, 'jane'),
      await server.tokenFor('jane', { aud: 'https://another.example' }),
      await server.tokenFor('jane', { exp: now - 60 }),
      await new SignJWT({ sub: PERSONAS.jane.sub })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TEST_ISSUER)
        .setAudience(TEST_AUDIENCE)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!')),
    ];
    for (const token of tokens) {
      const answer = await server.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(401);
    }
  });

  it('refuses a valid token for a subject with no account', async () => {
    const token = await server.tokenFor({ sub: 'auth0|nobody' });
    const answer = await server.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(401);
  });

  it('builds the current user from the directory: Dr. Smith with her specialization and MFA', async () => {
    const me = await call('alice', '/api/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      user: { sub: PERSONAS.alice.sub, role: 'doctor', specialization: 'Endocrinology, Internal Medicine' },
      knowledgeRole: 'doctor',
      mfa: true,
    });
  });
});

describe('patients reach only their own data', () => {
  it('Jane lists only her own records, with no other patient named', async () => {
    const answer = await call('jane', '/api/records');
    expect(answer.status).toBe(200);
    const list = items(answer.json);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.patientEmail === PERSONAS.jane.email && r.patientName === '')).toBe(true);
  });

  it('John asking for Jane’s record gets the same 404 as for a record that does not exist', async () => {
    const janes = items((await call('jane', '/api/records')).json)[0]?.id as string;
    const other = await call('john', `/api/records/${janes}`);
    const missing = await call('john', '/api/records/rec-does-not-exist');
    expect(other.status).toBe(404);
    expect(other.json).toEqual(missing.json);
  });

  it('a doctor sees every patient’s records', async () => {
    const answer = await call('alice', '/api/records');
    const emails = new Set(items(answer.json).map((r) => r.patientEmail));
    expect(emails.has(PERSONAS.jane.email) && emails.has(PERSONAS.john.email)).toBe(true);
  });
});

describe('answers are checked against the contract before they leave', () => {
  it('a list holding an item the contract does not describe is refused every time, its audit row rolled back', async () => {
    const listed = await call('alice', '/api/records');
    expect(listed.status).toBe(200);
    const [first] = items(listed.json);
    // A row changed outside the API (a faulty migration, a hand edit) with a field the contract does not have.
    await server.store.transaction((tx) =>
      tx.insert('records', {
        ...(first as Record<string, unknown>),
        id: 'rec-drifted',
        internalNote: 'not for any answer',
      } as never),
    );
    const auditBefore = items((await call('sam', '/api/audit')).json).length;
    for (let i = 0; i < 2; i += 1) {
      const refused = await call('alice', '/api/records');
      expect(refused.status).toBe(500);
      expect(JSON.stringify(refused.json)).not.toContain('not for any answer');
    }
    // Sam's own audit listing adds one row a call; Alice's refused calls left none.
    const auditAfter = items((await call('sam', '/api/audit')).json);
    expect(auditAfter.length).toBe(auditBefore + 1);
  });
});

describe('permissions are enforced on the server', () => {
  it('refuses a patient creating an appointment with the spec’s words, and audits the denial', async () => {
    const answer = await call('jane', '/api/appointments', { method: 'POST', body: {} });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ error: 'forbidden', message: PERMISSION_ALERTS.createAppointments });
    const audit = items((await call('sam', '/api/audit')).json) as unknown as AuditEvent[];
    expect(audit.at(-1)).toMatchObject({ actorSub: PERSONAS.jane.sub, action: 'create', outcome: 'denied' });
  });

  it('a suspended user is refused on the very next request', async () => {
    expect((await call('john', '/api/me')).status).toBe(200);
    const suspend = await call('sam', `/api/users/${encodeURIComponent(PERSONAS.john.sub)}`, {
      method: 'PATCH',
      body: { status: 'suspended' },
    });
    expect(suspend.status).toBe(200);
    const after = await call('john', '/api/me');
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ message: 'This account is suspended.' });
  });

  it('a role change applies on the next request, whatever the token says', async () => {
    await call('sam', `/api/users/${encodeURIComponent(PERSONAS.ben.sub)}`, {
      method: 'PATCH',
      body: { role: 'patient' },
    });
    const me = await call('ben', '/api/me');
    expect(me.json).toMatchObject({ user: { role: 'patient' } });
    expect((await call('ben', '/api/appointments', { method: 'POST', body: {} })).status).toBe(403);
  });
});

describe('request bodies', () => {
  it('answers 415 for a body that is not JSON', async () => {
    const answer = await call('alice', '/api/appointments', {
      method: 'POST',
      body: 'patientName=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers 413 for a body over the limit', async () => {
    const answer = await call('alice', '/api/appointments', {
      method: 'POST',
      body: JSON.stringify({ notes: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 10) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers 400 naming the field for an invalid body, and for broken JSON', async () => {
    const invalid = await call('alice', '/api/records', {
      method: 'POST',
      body: { recordType: 'diagnosis', title: 'x', patientEmail: 'not-an-email', date: '2026-11-01' },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.json as { fields: object }).fields)).toContain('patientEmail');
    const broken = await call('alice', '/api/records', { method: 'POST', body: '{"title":' });
    expect(broken.status).toBe(400);
  });

  it('refuses fields a caller may not set (id, status, prescriber)', async () => {
    const answer = await call('alice', '/api/records', {
      method: 'POST',
      body: {
        recordType: 'diagnosis',
        title: 'Asthma',
        patientEmail: PERSONAS.jane.email,
        date: '2026-11-01',
        id: 'rec-chosen',
        status: 'archived',
        doctor: 'Someone Else',
      },
    });
    expect(answer.status).toBe(400);
  });
});

describe('writes persist with their audit row', () => {
  it('a created appointment and its audit row survive a restart of the server', async () => {
    const created = await call('alice', '/api/appointments', {
      method: 'POST',
      body: { patientName: 'Jane Doe', patientEmail: PERSONAS.jane.email, date: '2026-12-01', time: '09:30' },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: string }).id;
    const { dataDir, keys } = server;
    await server.close({ keepData: true });
    server = await startTestServer({ dataDir, key: keys });
    const list = items((await call('alice', '/api/appointments')).json);
    expect(list.map((a) => a.id)).toContain(id);
    const audit = items((await call('jane', '/api/audit')).json) as unknown as AuditEvent[];
    expect(audit.some((row) => row.resourceId === id && row.action === 'create')).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the chat stream', () => {
  it('answers as server-sent events ending with done', async () => {
    const token = await server.tokenFor('jane');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ messages: [{ role: 'user', content: 'What is a normal blood pressure?' }] }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/event-stream');
    const { events } = parseSseEvents(answer.body);
    expect(events.at(0)?.type).toBe('meta');
    expect(events.at(-1)?.type).toBe('done');
  });
});

describe('the portal beside the API', () => {
  it('serves the build and answers every portal path with the single-page app, but unknown API paths with 404', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'sentinel-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sentinel Health</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const withPortal = await startTestServer({ portalDist: dist });
    try {
      const page = await withPortal.app.inject({ url: '/doctor-dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sentinel Health');
      expect((await withPortal.app.inject({ url: '/assets/app.js' })).body).toContain('console.log');
      const api = await withPortal.app.inject({ url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(JSON.parse(api.body)).toMatchObject({ error: 'not_found' });
    } finally {
      await withPortal.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the log', () => {
  it('has one structured line per request, without the token, the query string or the body', async () => {
    const lines: string[] = [];
    const logged = await startTestServer({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const token = await logged.tokenFor('jane');
      await logged.app.inject({
        url: '/api/knowledge/search?q=my%20hiv%20test',
        headers: { authorization: `Bearer ${token}` },
      });
      await logged.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          messages: [{ role: 'user', content: 'I feel anxious about my diagnosis' }],
        }),
      });
      const text = lines.join('');
      expect(
        lines.map((line) => JSON.parse(line) as { msg: string }).filter((l) => l.msg === 'request'),
      ).toHaveLength(2);
      expect(text).toContain('/api/knowledge/search');
      expect(text).not.toContain(token.split('.')[2] ?? token);
      expect(text).not.toContain('hiv');
      expect(text).not.toContain('anxious');
    } finally {
      await logged.close();
    }
  });
});

describe('knowledge access is decided by the authorization model', () => {
  const items = (body: string) => (JSON.parse(body) as { items: { id: string }[] }).items;
  const documentId = 'diabetes-type2-diagnostics';

  it('shows a doctor what the model allows, and nothing when the model allows nothing', async () => {
    const token = await server.tokenFor('alice');
    const headers = { authorization: `Bearer ${token}` };
    const allowed = await server.app.inject({ url: '/api/knowledge', headers });
    expect(items(allowed.body).map((doc) => doc.id)).toContain(documentId);

    const denying = await startTestServer({ authorizer: { kind: 'local', check: async () => false } });
    try {
      const asked = { authorization: `Bearer ${await denying.tokenFor('alice')}` };
      expect(items((await denying.app.inject({ url: '/api/knowledge', headers: asked })).body)).toEqual([]);
      expect(
        (await denying.app.inject({ url: `/api/knowledge/${documentId}`, headers: asked })).statusCode,
      ).toBe(404);
    } finally {
      await denying.close();
    }
  });

  it('fails closed when the authorizer cannot answer', async () => {
    const failing = await startTestServer({
      authorizer: {
        kind: 'openfga',
        check: async () => {
          throw new Error('OpenFGA is unreachable');
        },
      },
    });
    try {
      const asked = { authorization: `Bearer ${await failing.tokenFor('alice')}` };
      const answer = await failing.app.inject({ url: '/api/knowledge', headers: asked });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('diabetes');
    } finally {
      await failing.close();
    }
  });
});

describe('the demo page’s fine-grained sample queries', () => {
  const outcomes = (json: unknown) => items(json).map(({ id, allowed }) => ({ id, allowed }));

  it('are answered through the server’s authorizer for anyone signed in, and leave no audit row', async () => {
    const answer = await call('john', '/api/identity/fga-samples');
    expect(answer.status).toBe(200);
    expect(outcomes(answer.json)).toEqual(
      FGA_SAMPLE_QUERIES.map((q) => ({ id: q.id, allowed: q.expected === 'allowed' })),
    );
    const audit = items((await call('sam', '/api/audit')).json) as unknown as AuditEvent[];
    expect(audit.some((row) => row.actorSub === PERSONAS.john.sub)).toBe(false);
    expect((await call(null, '/api/identity/fga-samples')).status).toBe(401);
  });

  it('follow the authorizer: all denied when it allows nothing', async () => {
    const denying = await startTestServer({ authorizer: { kind: 'local', check: async () => false } });
    try {
      const asked = { authorization: `Bearer ${await denying.tokenFor('alice')}` };
      const answer = await denying.app.inject({ url: '/api/identity/fga-samples', headers: asked });
      expect(outcomes(JSON.parse(answer.body))).toEqual(
        FGA_SAMPLE_QUERIES.map((q) => ({ id: q.id, allowed: false })),
      );
    } finally {
      await denying.close();
    }
  });
});
