/**
 * The chat's session id (REQ-chat-session-id; ASVS 5.1.3, 5.1.4, 7.3.1; HIPAA 164.312(b)): `POST /api/chat`
 * accepts a `sessionId` of 1 to 64 ASCII letters, digits and hyphens only (the contract's SESSION_ID_PATTERN,
 * shared by the server and the mock API). Anything else is refused with 400 and the contract's body before any
 * reply or audit row, so the id written as the audit row's resource can carry no line break, markup or path.
 */
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import { SESSION_ID_MESSAGE, SESSION_ID_PATTERN } from '@sentinel/domain/contract';
import { PERSONAS } from '@sentinel/demo-data';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractError, send } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ chatRateLimit: { requests: 1_000_000 } });
});
afterAll(async () => {
  await server.close();
});

async function chat(sessionId: unknown) {
  return send(server.app, {
    method: 'POST',
    url: '/api/chat',
    token: await server.tokenFor('jane'),
    body: { messages: [{ role: 'user', content: 'Tips for better sleep?' }], sessionId },
  });
}

const chatRows = () =>
  server.store.transaction(async (tx) =>
    (await tx.listAudit({ actorSub: PERSONAS.jane.sub })).filter((row) => row.resourceType === 'chat'),
  );

describe('the chat session id', () => {
  it.each([
    ['empty', ''],
    ['65 characters', 'a'.repeat(65)],
    ['a line break (a forged log or audit line)', 'session-1\r\n{"level":30,"forged":true}'],
    ['a path', '../../api/users'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['spaces', 'my session'],
    ['an underscore', 'session_1'],
    ['letters beyond ASCII', 'séance-1'],
    ['a NUL character', 'session\u0000'],
    ['a number', 42],
  ])('%s is refused with 400 and leaves no audit row', async (_label, sessionId) => {
    const before = (await chatRows()).length;
    const answer = await chat(sessionId);
    expect(answer.status).toBe(400);
    if (typeof sessionId === 'string') {
      expect(expectContractError(answer, 'invalid_input').message).toContain(SESSION_ID_MESSAGE);
    }
    expect((await chatRows()).length).toBe(before);
  });

  it('any text outside the pattern is refused, any inside is accepted and audited as given (fast-check)', async () => {
    const ids = fc.oneof(
      fc.stringMatching(SESSION_ID_PATTERN),
      fc.string({ maxLength: 80 }),
      fc.string({ unit: fc.constantFrom('a', '-', '1', '\n', ' ', '_', '.', '/', 'é'), maxLength: 70 }),
    );
    await fc.assert(
      fc.asyncProperty(ids, async (sessionId) => {
        const answer = await chat(sessionId);
        if (!SESSION_ID_PATTERN.test(sessionId)) {
          expect(answer.status).toBe(400);
          return;
        }
        expect(answer.status).toBe(200);
        expect((await chatRows()).at(-1)?.resourceId).toBe(sessionId);
      }),
      { numRuns: 60 },
    );
  });
});
