/**
 * GET /api/knowledge/search over a large base (REQ-perf-api): the server's indexed search, with access decided by the
 * authorization model, answers every persona exactly as the REQ-kb reference search (`searchKnowledge` with the
 * domain rule) does, audits the same counts, and still fails closed when the authorizer cannot answer.
 */
import { isDocumentAccessible, searchKnowledge, type KnowledgeDocument, type Role } from '@sentinel/domain';
import { PERSONAS, PERSONA_KEYS, type PersonaKey } from '@sentinel/demo-data';
import { listItemOf } from '@sentinel/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAs, replyText, viewerOf } from '../assistant/testSupport';
import { KNOWLEDGE, startTestServer, type TestServer } from '../testkit';

const WORDS = ['diabetes', 'insulin', 'blood', 'pressure', 'kidney', 'diet', 'sleep'];
const ACCESS_LEVELS: readonly Role[][] = [
  ['doctor', 'admin'],
  ['doctor', 'admin', 'nurse', 'patient'],
  ['doctor', 'pharmacist'],
];

/** 2,000 documents from the four real ones, with varied words and access levels (deterministic). */
const documents: KnowledgeDocument[] = Array.from({ length: 2_000 }, (_, i) => {
  const template = KNOWLEDGE.documents[i % KNOWLEDGE.documents.length]!;
  const a = WORDS[i % WORDS.length]!;
  const b = WORDS[(i * 3 + 1) % WORDS.length]!;
  return {
    ...template,
    id: `${template.id}-${i}`,
    title: `${template.title} (${a}, ${b}) #${i}`,
    content: `${a} and ${b}. ${template.content.slice(0, 1_500)}`,
    metadata: { ...template.metadata, accessLevel: ACCESS_LEVELS[(i * 7) % ACCESS_LEVELS.length]! },
  };
});
const bundle = { ...KNOWLEDGE, documents };

const QUERIES = [
  'diabetes treatment',
  'blood pressure',
  'Metformin',
  'kidney',
  'insulin dose',
  'ab',
  'emergency',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ knowledge: () => bundle });
});
afterAll(async () => {
  await server.close();
});

async function search(target: TestServer, who: PersonaKey, q: string) {
  const response = await target.app.inject({
    url: `/api/knowledge/search?q=${encodeURIComponent(q)}`,
    headers: { authorization: `Bearer ${await target.tokenFor(who)}` },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as { items?: unknown[] } };
}

const lastSearchAudit = async (who: PersonaKey) => {
  const rows = await server.store.transaction((tx) => tx.listAudit({ actorSub: PERSONAS[who].sub }));
  return rows.filter((row) => row.reason.startsWith('results:')).at(-1)?.reason;
};

describe('knowledge search over 2,000 documents', () => {
  it('gives every persona the reference search’s results and audits its withheld count', async () => {
    for (const who of PERSONA_KEYS) {
      for (const q of QUERIES) {
        const expected = searchKnowledge(documents, q, viewerOf(who), isDocumentAccessible);
        if (!expected.ok) throw new Error(expected.error.message);
        const answer = await search(server, who, q);
        expect(answer).toEqual({ status: 200, body: { items: expected.value.results.map(listItemOf) } });
        expect(await lastSearchAudit(who)).toBe(
          `results: ${expected.value.results.length}; withheld: ${expected.value.withheld.length}`,
        );
      }
    }
  });

  it('shows a doctor relevant documents and a patient only those open to patients', async () => {
    const doctor = await search(server, 'alice', 'diabetes treatment');
    const patient = await search(server, 'jane', 'diabetes treatment');
    expect(doctor.body.items).toHaveLength(5);
    expect(patient.body.items?.length).toBeGreaterThan(0);
    for (const item of patient.body.items as { metadata: { accessLevel: string[] } }[]) {
      expect(item.metadata.accessLevel).toContain('patient');
    }
  });

  it('refuses a blank query with 400', async () => {
    expect((await search(server, 'alice', '   ')).status).toBe(400);
  });

  it('fails closed when the authorizer cannot answer: 500 and no document', async () => {
    const failing = await startTestServer({
      knowledge: () => bundle,
      authorizer: {
        kind: 'local',
        factsOnly: true,
        check: async () => {
          throw new Error('the authorizer is down');
        },
      },
    });
    try {
      const answer = await search(failing, 'alice', 'diabetes');
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toContain('diabetes');
    } finally {
      await failing.close();
    }
  });
});

describe('what a patient is told about documents they may not read (REQ-kb-oracle)', () => {
  // The bundled knowledge: "biguanide" is written only in the text of the metformin document, which is not
  // open to patients; "quokka" is written nowhere.
  let bundled: TestServer;
  beforeAll(async () => {
    bundled = await startTestServer();
  });
  afterAll(async () => {
    await bundled.close();
  });

  /** Everything Jane learns from asking `q`: the search answer, its audit row (hers to read) and the chat reply. */
  async function ask(q: string) {
    const found = await search(bundled, 'jane', q);
    const rows = await bundled.store.transaction((tx) => tx.listAudit({ actorSub: PERSONAS.jane.sub }));
    const chat = await chatAs(bundled, 'jane', q);
    const meta = chat.events.find((event) => event.type === 'meta');
    return {
      found,
      audited: rows.filter((row) => row.reason.startsWith('results:')).at(-1)?.reason,
      chat: { status: chat.status, meta, reply: replyText(chat.events) },
    };
  }

  it('answers words written only in a withheld text as it answers words written nowhere', async () => {
    expect(await ask('biguanide biguanide biguanide biguanide')).toEqual(
      await ask('quokka quokka quokka quokka'),
    );
    expect(await ask('biguanide with the when')).toEqual(await ask('quokka with the when'));
    expect((await ask('biguanide with the when')).chat.meta).toMatchObject({ withheldCount: 0 });
  });

  it('still says a document was withheld when the question names its title', async () => {
    const named = await ask('metformin prescribing');
    expect(named.found.body.items).toEqual([]);
    expect(named.audited).toBe('results: 0; withheld: 1');
    expect(named.chat.meta).toMatchObject({ withheldCount: 1, knowledgeRefs: [] });
  });
});
