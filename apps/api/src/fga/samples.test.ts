/**
 * The demo page's four fine-grained sample queries: what they ask, what they should answer, and that the local
 * evaluator and an OpenFGA server (MSW, evaluating with the model the SDK wrote) answer the same.
 */
import {
  FGA_SAMPLE_QUERIES,
  PRESCRIBING_AUTHORITY_NOTE,
  checkFga,
  isDocumentAccessible,
  runFgaSamplesLocally,
  type FgaModel,
  type FgaTuple,
} from '@sentinel/domain';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { personaBySub } from '@sentinel/mocks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FGA_STORE_NAME, createAuthorizer } from './authorizer';
import { runFgaSampleQueries } from './samples';
import { personaViewer } from './testSupport';

const knowledge = () => {
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value.documents;
};

const EXPECTED_OUTCOMES = FGA_SAMPLE_QUERIES.map((q) => ({ id: q.id, allowed: q.expected === 'allowed' }));

describe('the four sample queries', () => {
  it('are four, one for each knowledge access rule (REQ-kb-access), with both outcomes among them', () => {
    expect(FGA_SAMPLE_QUERIES).toHaveLength(4);
    expect(new Set(FGA_SAMPLE_QUERIES.map((q) => q.rule))).toEqual(
      new Set(['role', 'specialization', 'sensitivity', 'prescribing']),
    );
    expect(new Set(FGA_SAMPLE_QUERIES.map((q) => q.expected))).toEqual(new Set(['allowed', 'denied']));
  });

  it('name bundled documents, and their expected outcomes are what the domain rule decides', () => {
    const documents = knowledge();
    for (const query of FGA_SAMPLE_QUERIES) {
      const doc = documents.find((d) => d.id === query.documentId);
      expect(doc, query.id).toBeDefined();
      expect(query.text).toContain(doc!.title);
      const decision = isDocumentAccessible(doc!, query.viewer);
      expect({ id: query.id, allowed: decision.granted }).toEqual({
        id: query.id,
        allowed: query.expected === 'allowed',
      });
    }
  });

  it('name each persona with the subject and viewer a real sign-in gives them', () => {
    for (const query of FGA_SAMPLE_QUERIES) {
      const persona = personaBySub(query.subject);
      expect(persona, query.id).toBeDefined();
      expect([query.id, query.viewer]).toEqual([query.id, personaViewer(persona!)]);
    }
  });

  it('come out as expected through the local authorizer, with the prescribing note on the medication query', async () => {
    const results = await runFgaSampleQueries(createAuthorizer(), knowledge());
    expect(results.map(({ id, allowed }) => ({ id, allowed }))).toEqual(EXPECTED_OUTCOMES);
    expect(results.map((r) => r.query)).toEqual(FGA_SAMPLE_QUERIES.map((q) => q.text));
    expect(results.find((r) => r.id === 'prescribing')?.note).toBe(PRESCRIBING_AUTHORITY_NOTE);
    expect(results.filter((r) => r.note !== undefined)).toHaveLength(1);
    const local = runFgaSamplesLocally(knowledge());
    expect(local).toEqual({ ok: true, value: results });
  });

  it('fail loudly when a document they name is missing', async () => {
    await expect(runFgaSampleQueries(createAuthorizer(), [])).rejects.toThrow(/no knowledge document/);
  });

  describe('through an OpenFGA server', () => {
    const API_URL = 'http://openfga.test:8080';
    const STORE_ID = '01JSTARE0000000000000000B1';
    const MODEL_ID = '01JMDE000000000000000000B9';
    let written: FgaModel | undefined;
    const msw = setupServer(
      http.get(`${API_URL}/stores/${STORE_ID}/authorization-models`, () =>
        HttpResponse.json({ authorization_models: [], continuation_token: '' }),
      ),
      http.post(`${API_URL}/stores/${STORE_ID}/authorization-models`, async ({ request }) => {
        written = (await request.json()) as FgaModel;
        return HttpResponse.json({ authorization_model_id: MODEL_ID }, { status: 201 });
      }),
      http.post(`${API_URL}/stores/${STORE_ID}/check`, async ({ request }) => {
        const body = (await request.json()) as {
          tuple_key: { user: string; relation: string; object: string };
          contextual_tuples: { tuple_keys: FgaTuple[] };
        };
        if (!written) return HttpResponse.json({ code: 'authorization_model_not_found' }, { status: 400 });
        const result = checkFga(written, [], {
          ...body.tuple_key,
          contextualTuples: body.contextual_tuples.tuple_keys,
        });
        return result.ok
          ? HttpResponse.json({ allowed: result.value, resolution: '' })
          : HttpResponse.json({ code: 'validation_error', message: result.error.message }, { status: 400 });
      }),
    );
    beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => msw.close());

    it('come out the same as locally', async () => {
      const authorizer = createAuthorizer({
        kind: 'openfga',
        apiUrl: API_URL,
        storeId: STORE_ID,
        modelId: undefined,
        apiToken: undefined,
        storeName: DEFAULT_FGA_STORE_NAME,
        maxRetry: 0,
      });
      const remote = await runFgaSampleQueries(authorizer, knowledge());
      const local = await runFgaSampleQueries(createAuthorizer(), knowledge());
      expect(remote).toEqual(local);
      expect(remote.map(({ id, allowed }) => ({ id, allowed }))).toEqual(EXPECTED_OUTCOMES);
    });
  });
});
