/**
 * Who may call the demo model: only the API. A request must name the model's own host (a web page that rebinds
 * its name to 127.0.0.1 still sends its own name) and carry the key the stack generated at start for the API
 * (another program on the machine does not know it). Refusals are OpenAI error bodies, as a client expects.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_MODEL_NAME, buildModelServer, type ModelServerOptions } from './server';

const KEY = 'test-model-key-0123456789abcdefghijklmnop';
const chat = { model: DEMO_MODEL_NAME, messages: [{ role: 'user', content: 'How can I sleep better?' }] };

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function server(options: Partial<ModelServerOptions> = {}) {
  const app = await buildModelServer({ apiKey: KEY, tokenDelayMs: 0, ...options });
  apps.push(app);
  return app;
}

const ask = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/v1/chat/completions', headers, payload: chat });

describe('the model answers only the API', () => {
  it('answers a request to its own host with the key', async () => {
    const app = await server();
    for (const host of ['localhost:5050', '127.0.0.1:5050', '[::1]:5050']) {
      const response = await ask(app, { host, authorization: `Bearer ${KEY}` });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('answers 401 invalid_api_key without the key, with another key, or with the key in another scheme', async () => {
    const app = await server();
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${KEY.slice(0, -1)}x`,
      `Bearer ${KEY}x`,
      `Basic ${KEY}`,
      KEY,
    ]) {
      const response = await ask(app, {
        host: 'localhost:5050',
        ...(authorization === undefined ? {} : { authorization }),
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({
        error: { type: 'invalid_request_error', code: 'invalid_api_key' },
      });
      expect(response.body).not.toContain(KEY);
    }
    const models = await app.inject({
      method: 'GET',
      url: '/v1/models',
      headers: { host: 'localhost:5050' },
    });
    expect(models.statusCode).toBe(401);
  });

  it('refuses a request naming another host with 421, even with the key (DNS rebinding)', async () => {
    const app = await server();
    for (const host of [
      'attacker.example:5050',
      'localhost.attacker.example:5050',
      '127.0.0.1.nip.io:5050',
    ]) {
      const response = await ask(app, { host, authorization: `Bearer ${KEY}` });
      expect(response.statusCode, host).toBe(421);
      expect(response.json()).toMatchObject({ error: { code: 'misdirected_request' } });
      const health = await app.inject({ method: 'GET', url: '/health', headers: { host } });
      expect(health.statusCode, host).toBe(421);
    }
  });

  it('answers to the hosts it is configured with instead of the loopback names', async () => {
    const app = await server({ allowedHosts: ['model.internal:5050'] });
    const auth = `Bearer ${KEY}`;
    expect((await ask(app, { host: 'model.internal:5050', authorization: auth })).statusCode).toBe(200);
    expect((await ask(app, { host: 'localhost:5050', authorization: auth })).statusCode).toBe(421);
  });

  it('reports its health without the key, so the stack can wait for it', async () => {
    const app = await server();
    const health = await app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost:5050' } });
    expect(health.statusCode).toBe(200);
  });

  it('refuses on a real socket what a browser page on another name sends', async () => {
    const app = await server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const direct = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify(chat),
    });
    expect(direct.status).toBe(200);
    const anonymous = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(chat),
    });
    expect(anonymous.status).toBe(401);
  });

  it('does not start without a key', async () => {
    await expect(buildModelServer({ apiKey: '' })).rejects.toThrow(/key/);
  });
});
