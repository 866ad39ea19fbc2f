/**
 * No knowledge oracle (REQ-kb-oracle; ASVS 4.1.3, 8.3.1 applied to search; HIPAA 164.312(a)(1)): what a
 * patient is told about knowledge they may not read (the search answer, the chat reply's withheld count and text,
 * and the rows of their own calls in the audit trail, which they may read) depends only on that knowledge's
 * public metadata, its title and category, never on its text. Before, a patient could ask for a rare word four
 * times ("biguanide biguanide biguanide biguanide" scored 0.4 on the metformin document's text alone) and read
 * "1 source withheld" to learn that a restricted text holds it. A word written again counts once.
 */
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import { parseSseEvents, type ChatStreamEvent } from '@sentinel/domain/contract';
import { type PersonaKey } from '@sentinel/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support';

// The bundled knowledge: "biguanide" is written only in the text of the metformin document (for doctors, admins
// and pharmacists); "quokka" is written nowhere.
const SECRET_WORD = 'biguanide';
const UNKNOWN_WORD = 'quokka';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Told = {
  readonly search: { status: number; body: unknown };
  readonly chat: { status: number; meta: unknown; reply: string };
  /** The reason of the caller's own audit row for the search, as GET /api/audit shows it to them. */
  readonly audited: string | undefined;
};

/** Everything `who` can learn from asking `question`, through the API only. */
async function ask(who: PersonaKey, question: string): Promise<Told> {
  const token = await server.tokenFor(who);
  const search = await send(server.app, {
    url: `/api/knowledge/search?q=${encodeURIComponent(question)}`,
    token,
  });
  const audit = await send(server.app, { url: '/api/audit', token });
  expect(audit.status).toBe(200);
  const rows = (audit.json as { items: { action: string; reason: string }[] }).items;
  const chat = await send(server.app, {
    method: 'POST',
    url: '/api/chat',
    token,
    body: { messages: [{ role: 'user', content: question }] },
  });
  const events: ChatStreamEvent[] = parseSseEvents(chat.text).events;
  return {
    search: { status: search.status, body: search.json },
    chat: {
      status: chat.status,
      meta: events.find((event) => event.type === 'meta'),
      reply: events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join(''),
    },
    audited: rows.filter((row) => row.reason.startsWith('results:')).at(-1)?.reason,
  };
}

describe('a patient cannot probe the text of knowledge they may not read', () => {
  it('a word repeated until it would score is answered as a word written nowhere', async () => {
    const probe = await ask('jane', `${SECRET_WORD} `.repeat(4).trim());
    expect(probe).toEqual(await ask('jane', `${UNKNOWN_WORD} `.repeat(4).trim()));
    expect(probe.chat.meta).toMatchObject({ withheldCount: 0, knowledgeRefs: [] });
    expect(probe.audited).toBe('results: 0; withheld: 0');
  });

  it('a rare word padded with common ones is answered as a word written nowhere', async () => {
    // Four content words (0.4) on the metformin text; with the unknown word only three (0.3, not relevant).
    expect(await ask('jane', `${SECRET_WORD} with the when`)).toEqual(
      await ask('jane', `${UNKNOWN_WORD} with the when`),
    );
  });

  it('a doctor who may read that text finds it by the same word', async () => {
    const found = await ask('alice', `${SECRET_WORD} with the when`);
    expect((found.search.body as { items: { id: string }[] }).items.map((item) => item.id)).toContain(
      'metformin',
    );
  });

  it('a question naming a withheld document by its title still says that a source was withheld', async () => {
    const named = await ask('jane', 'metformin prescribing');
    expect(named.search.body).toEqual({ items: [] });
    expect(named.chat.meta).toMatchObject({ withheldCount: 1, knowledgeRefs: [] });
    expect(named.audited).toBe('results: 0; withheld: 1');
  });
});

describe('a word written again counts once', () => {
  it.each(['alice', 'jane'] as const)(
    '%s gets the same answer however often the words are repeated',
    async (who) => {
      const once = await ask(who, 'diabetes treatment');
      const again = await ask(who, 'Diabetes diabetes treatment TREATMENT diabetes');
      expect(again.search).toEqual(once.search);
      expect(again.audited).toBe(once.audited);
      expect((again.chat.meta as { withheldCount: number }).withheldCount).toBe(
        (once.chat.meta as { withheldCount: number }).withheldCount,
      );
      expect((again.chat.meta as { knowledgeRefs: unknown }).knowledgeRefs).toEqual(
        (once.chat.meta as { knowledgeRefs: unknown }).knowledgeRefs,
      );
    },
  );
});
