import { MAX_REQUEST_BODY_BYTES, ROUTES } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { authorizationFor } from './auth';
import { contractResponse, eventStreamResponse } from './respond';
import { call, urlOf, useMockApi } from '../../test/testkit';

useMockApi();

describe('sign-in (mock bearer tokens)', () => {
  it.each([
    ['no header', {}],
    ['another scheme', { Authorization: 'Basic amFuZTpzZWNyZXQ=' }],
    ['a token that names no persona', { Authorization: 'Bearer mock-persona:mallory' }],
    ['a token of another kind', { Authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig' }],
  ])('%s answers 401', async (_label, headers) => {
    const response = await fetch(urlOf('getMe'), { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('a bearer token that is not valid is told apart from no token, as the server does', async () => {
    const invalid = await fetch(urlOf('getMe'), {
      headers: { Authorization: 'Bearer mock-persona:mallory' },
    });
    expect(await invalid.json()).toStrictEqual({
      error: 'unauthorized',
      message: 'Your session is not valid. Sign in again.',
    });
    const none = await fetch(urlOf('getMe'));
    expect(await none.json()).toStrictEqual({ error: 'unauthorized', message: 'Sign in to continue.' });
  });

  it('the scheme is read case-insensitively, as HTTP says', async () => {
    const response = await fetch(urlOf('getMe'), { headers: { Authorization: 'bearer mock-persona:jane' } });
    expect(response.status).toBe(200);
  });
});

describe('request validation with the contract’s schemas', () => {
  it('an unknown key in a body answers 400 naming the field, and changes nothing', async () => {
    const answer = await call('alice', 'createAppointment', {
      body: { patientName: 'Jane Doe', status: 'confirmed' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      error: 'invalid_input',
      fields: { '(root)': expect.stringContaining('status') },
    });
  });

  it('a role cannot set the prescriber by adding it to the JSON', async () => {
    const answer = await call('alice', 'createPrescription', { body: { prescribedBy: 'Dr. Evil' } });
    expect(answer.status).toBe(400);
  });

  it('an invalid value answers 400 with the field path', async () => {
    const answer = await call('alice', 'updateAppointmentStatus', {
      params: { id: 'apt-004' },
      body: { status: 'deleted' },
    });
    expect(answer.json).toMatchObject({ error: 'invalid_input', fields: { status: expect.any(String) } });
  });

  it('a body sent as another content type answers 415', async () => {
    const answer = await call('alice', 'createAppointment', {
      rawBody: 'patientName=Jane',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toStrictEqual({
      error: 'unsupported_media_type',
      message: 'Send the request body as application/json.',
    });
  });

  it('a JSON content type with parameters is accepted', async () => {
    const answer = await call('alice', 'createAppointment', {
      body: { patientEmail: 'john.roe@example.com' },
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(201);
  });

  it('a body that is not JSON answers 400', async () => {
    const answer = await call('alice', 'createAppointment', { rawBody: '{"patientName":' });
    expect(answer.json).toStrictEqual({
      error: 'invalid_input',
      message: 'The request body is not valid JSON.',
      fields: { '(root)': 'not valid JSON' },
    });
  });

  it('a body over the limit answers 413', async () => {
    const answer = await call('alice', 'chat', { rawBody: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1) });
    expect(answer.status).toBe(413);
  });

  it('a declared length over the limit answers 413 before the body is read', async () => {
    const response = await fetch(urlOf('createAppointment'), {
      method: 'POST',
      headers: {
        Authorization: authorizationFor('alice'),
        'Content-Type': 'application/json',
        'Content-Length': String(MAX_REQUEST_BODY_BYTES + 1),
      },
      body: '{}',
    });
    expect(response.status).toBe(413);
  });

  it('a body over the limit answers 413 before the token is looked at, as the server’s body limit does', async () => {
    const answer = await call(null, 'createAppointment', { rawBody: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1) });
    expect(answer.status).toBe(413);
  });

  it('a path with a malformed percent-encoding answers 400 with the contract body', async () => {
    const response = await fetch(`${urlOf('getRecord', { params: { id: 'rec' } })}-%E0%A4%A`, {
      headers: { Authorization: authorizationFor('alice') },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual({
      error: 'invalid_input',
      message: 'The request is not valid.',
    });
  });

  it('a query parameter given twice answers 400 instead of keeping one of the values', async () => {
    const response = await fetch(`${urlOf('searchKnowledge', { query: { q: 'diabetes' } })}&q=metformin`, {
      headers: { Authorization: authorizationFor('jane') },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_input',
      fields: { q: expect.any(String) },
    });
  });

  it('a path id with spaces answers 400', async () => {
    const answer = await call('alice', 'getRecord', { params: { id: 'rec 001' } });
    expect(answer.status).toBe(400);
  });

  it('an unknown query parameter answers 400, and a search needs its query text', async () => {
    expect((await call('jane', 'listRecords', { query: { page: '2' } })).status).toBe(400);
    const blank = await call('jane', 'searchKnowledge', { query: { q: '   ' } });
    expect(blank.json).toMatchObject({ error: 'invalid_input', fields: { q: expect.any(String) } });
  });

  it('permission comes before validation: a refused caller learns nothing about the body', async () => {
    const answer = await call('jane', 'createUser', { body: { nonsense: true } });
    expect(answer.status).toBe(403);
  });
});

describe('answers are held to the contract', () => {
  it('a success body outside the response schema becomes a 500 naming the route', async () => {
    const response = contractResponse(ROUTES.getMe, { user: { sub: 'x' } });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('internal');
    expect(body.message).toContain('The mock answer of getMe (GET /api/me) does not match the API contract');
    expect(body.message).toContain('user.name');
  });

  it('a stream event outside the event schema becomes a 500 too, before anything is streamed', async () => {
    const response = eventStreamResponse(ROUTES.chat, [{ type: 'token', text: 1 as unknown as string }]);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('a 204 carries no body at all', async () => {
    const response = contractResponse(ROUTES.deleteUser, undefined);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
