/**
 * The authorizer: local by default, and through @openfga/sdk against an OpenFGA server when FGA_API_URL is set.
 * The server is MSW at the HTTP API the SDK calls (POST /stores/{id}/check, store and model endpoints); it
 * evaluates checks with the model the client wrote and ONLY the contextual tuples of each request, so a check
 * can only be allowed if our facts really travelled with it.
 */
import {
  SENTINEL_FGA_MODEL,
  checkFga,
  documentCheck,
  isBuiltinItemAccessible,
  isDocumentAccessible,
  patientDataCheck,
  type FgaModel,
  type FgaTuple,
} from '@sentinel/domain';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { PERSONA_LIST } from '@sentinel/mocks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FGA_STORE_NAME,
  authorize,
  createAuthorizer,
  fgaSettingsFromEnv,
  type FgaSettings,
} from './authorizer';
import { personaViewer } from './testSupport';

const API_URL = 'http://openfga.test:8080';
const STORE_ID = '01JSTARE0000000000000000A1';
const OTHER_MODEL_ID = '01JMDE000000000000000000Z9';

type CheckBody = {
  tuple_key: { user: string; relation: string; object: string };
  contextual_tuples?: { tuple_keys: FgaTuple[] };
  authorization_model_id?: string;
};

/** A tiny OpenFGA: stores by id, model versions per store (newest first), and Check with contextual tuples. */
class FakeOpenFga {
  stores = new Map<string, { name: string; models: { id: string; model: FgaModel }[] }>();
  checks: CheckBody[] = [];
  writes = 0;
  private next = 0;
  /** Answers every call with this status instead, when set. */
  failWith: number | undefined;

  newId(kind: 'S' | 'M') {
    this.next += 1;
    return `01H${kind}${String(this.next).padStart(22, '0')}`;
  }

  handlers() {
    const gate = () =>
      this.failWith ? HttpResponse.json({ code: 'internal_error' }, { status: this.failWith }) : undefined;
    const storeOf = (id: unknown) => this.stores.get(String(id));
    const notFound = () =>
      HttpResponse.json({ code: 'store_id_not_found', message: 'store not found' }, { status: 404 });
    return [
      http.get(`${API_URL}/stores`, ({ request }) => {
        const name = new URL(request.url).searchParams.get('name');
        const stores = [...this.stores.entries()]
          .filter(([, s]) => name === null || s.name === name)
          .map(([id, s]) => ({
            id,
            name: s.name,
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-01T00:00:00Z',
          }));
        return gate() ?? HttpResponse.json({ stores, continuation_token: '' });
      }),
      http.post(`${API_URL}/stores`, async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        const id = this.newId('S');
        this.stores.set(id, { name, models: [] });
        return (
          gate() ??
          HttpResponse.json(
            { id, name, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
            { status: 201 },
          )
        );
      }),
      http.get(`${API_URL}/stores/:store/authorization-models`, ({ params }) => {
        const store = storeOf(params.store);
        if (!store) return notFound();
        const authorization_models = store.models
          .slice(0, 1)
          .map(({ id, model }) => ({ id, ...model, conditions: {} }));
        return gate() ?? HttpResponse.json({ authorization_models, continuation_token: '' });
      }),
      http.post(`${API_URL}/stores/:store/authorization-models`, async ({ params, request }) => {
        const store = storeOf(params.store);
        if (!store) return notFound();
        const model = (await request.json()) as FgaModel;
        const id = this.newId('M');
        store.models.unshift({ id, model });
        this.writes += 1;
        return gate() ?? HttpResponse.json({ authorization_model_id: id }, { status: 201 });
      }),
      http.post(`${API_URL}/stores/:store/check`, async ({ params, request }) => {
        const failure = gate();
        if (failure) return failure;
        const store = storeOf(params.store);
        if (!store) return notFound();
        const body = (await request.json()) as CheckBody;
        this.checks.push(body);
        const version = body.authorization_model_id
          ? store.models.find((m) => m.id === body.authorization_model_id)
          : store.models[0];
        if (!version) return HttpResponse.json({ code: 'authorization_model_not_found' }, { status: 400 });
        const result = checkFga(version.model, [], {
          ...body.tuple_key,
          contextualTuples: body.contextual_tuples?.tuple_keys ?? [],
        });
        if (!result.ok)
          return HttpResponse.json(
            { code: 'validation_error', message: result.error.message },
            { status: 400 },
          );
        return HttpResponse.json({ allowed: result.value, resolution: '' });
      }),
    ];
  }
}

let fga: FakeOpenFga;
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fga = new FakeOpenFga();
  msw.use(...fga.handlers());
});
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

const openfga = (over: Partial<Extract<FgaSettings, { kind: 'openfga' }>> = {}): FgaSettings => ({
  kind: 'openfga',
  apiUrl: API_URL,
  storeId: undefined,
  modelId: undefined,
  apiToken: undefined,
  storeName: DEFAULT_FGA_STORE_NAME,
  maxRetry: 0,
  ...over,
});

const knowledge = () => {
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
};

describe('choosing the authorizer', () => {
  it('is local when FGA_API_URL is not set (or blank)', () => {
    expect(fgaSettingsFromEnv({})).toEqual({ kind: 'local' });
    expect(fgaSettingsFromEnv({ FGA_API_URL: '  ', FGA_STORE_ID: STORE_ID })).toEqual({ kind: 'local' });
    expect(createAuthorizer().kind).toBe('local');
  });

  it('is OpenFGA when FGA_API_URL is set, with the optional store, model, token and store name', () => {
    expect(fgaSettingsFromEnv({ FGA_API_URL: API_URL })).toEqual(openfga({ maxRetry: undefined }));
    expect(
      fgaSettingsFromEnv({
        FGA_API_URL: API_URL,
        FGA_STORE_ID: STORE_ID,
        FGA_MODEL_ID: OTHER_MODEL_ID,
        FGA_API_TOKEN: 'secret',
        FGA_STORE_NAME: 'clinic-demo',
      }),
    ).toMatchObject({
      kind: 'openfga',
      storeId: STORE_ID,
      modelId: OTHER_MODEL_ID,
      apiToken: 'secret',
      storeName: 'clinic-demo',
    });
    expect(createAuthorizer(openfga()).kind).toBe('openfga');
  });

  it('refuses a store id that is not an OpenFGA id at once', () => {
    expect(() => createAuthorizer(openfga({ storeId: 'not-a-ulid' }))).toThrow();
  });
});

describe('the local authorizer', () => {
  it('decides as the domain rules for every persona and every bundled document and built-in item', async () => {
    const { documents, builtinItems } = knowledge();
    const authorizer = createAuthorizer();
    const mismatches: string[] = [];
    for (const persona of PERSONA_LIST) {
      const viewer = personaViewer(persona);
      for (const doc of documents) {
        const allowed = await authorize(authorizer, documentCheck(persona.sub, viewer, doc));
        if (allowed !== isDocumentAccessible(doc, viewer).granted)
          mismatches.push(`${persona.key} ${doc.id}`);
      }
      for (const item of builtinItems) {
        const allowed = await authorize(authorizer, documentCheck(persona.sub, viewer, item));
        if (allowed !== isBuiltinItemAccessible(item, viewer).granted)
          mismatches.push(`${persona.key} ${item.id}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets a patient read their own records and no one else’s (the records tool)', async () => {
    const authorizer = createAuthorizer();
    const jane = PERSONA_LIST.find((p) => p.key === 'jane')!;
    const john = PERSONA_LIST.find((p) => p.key === 'john')!;
    const janeViewer = personaViewer(jane);
    const johnId = personaViewer(john).patientId!;
    expect(
      await authorize(
        authorizer,
        patientDataCheck(jane.sub, janeViewer, janeViewer.patientId!, 'patient_records', 'read'),
      ),
    ).toBe(true);
    expect(
      await authorize(authorizer, patientDataCheck(jane.sub, janeViewer, johnId, 'patient_records', 'read')),
    ).toBe(false);
  });

  it('rejects a malformed check instead of answering it', async () => {
    await expect(createAuthorizer().check('user:x', 'can_view', 'no-type')).rejects.toThrow(/type:id/);
  });
});

describe('the OpenFGA authorizer (through @openfga/sdk)', () => {
  const { documents } = knowledge();
  const metformin = documents.find((d) => d.id === 'metformin')!;
  const phil = PERSONA_LIST.find((p) => p.key === 'phil')!;
  const jane = PERSONA_LIST.find((p) => p.key === 'jane')!;

  it('sets up its store and writes our model once, then sends every check with our tuples as contextual tuples', async () => {
    const authorizer = createAuthorizer(openfga());
    const request = documentCheck(phil.sub, personaViewer(phil), metformin);
    expect(await authorize(authorizer, request)).toBe(true);
    expect(await authorize(authorizer, documentCheck(jane.sub, personaViewer(jane), metformin))).toBe(false);

    const [storeId, store] = [...fga.stores.entries()][0]!;
    expect(store.name).toBe(DEFAULT_FGA_STORE_NAME);
    expect(store.models).toHaveLength(1);
    expect(store.models[0]!.model).toEqual(SENTINEL_FGA_MODEL);
    expect(storeId).toMatch(/^01HS/);
    expect(fga.checks).toHaveLength(2);
    expect(fga.checks[0]).toMatchObject({
      tuple_key: { user: request.user, relation: 'can_view', object: 'document:metformin' },
      contextual_tuples: { tuple_keys: request.contextualTuples },
      authorization_model_id: store.models[0]!.id,
    });
  });

  it('reuses a store of its name and a latest model equal to ours (no new model version)', async () => {
    await createAuthorizer(openfga()).check('user:a', 'can_view', 'document:x');
    expect(fga.writes).toBe(1);
    const again = createAuthorizer(openfga());
    expect(await authorize(again, documentCheck(phil.sub, personaViewer(phil), metformin))).toBe(true);
    expect(fga.stores.size).toBe(1);
    expect(fga.writes).toBe(1);
  });

  it('writes our model when the latest one in the store differs', async () => {
    fga.stores.set(STORE_ID, {
      name: 'existing',
      models: [
        { id: OTHER_MODEL_ID, model: { schema_version: '1.1', type_definitions: [{ type: 'user' }] } },
      ],
    });
    const authorizer = createAuthorizer(openfga({ storeId: STORE_ID }));
    expect(await authorize(authorizer, documentCheck(phil.sub, personaViewer(phil), metformin))).toBe(true);
    expect(fga.writes).toBe(1);
    expect(fga.checks[0]!.authorization_model_id).not.toBe(OTHER_MODEL_ID);
  });

  it('uses FGA_STORE_ID and FGA_MODEL_ID as given, without touching the store', async () => {
    fga.stores.set(STORE_ID, {
      name: 'existing',
      models: [{ id: OTHER_MODEL_ID, model: SENTINEL_FGA_MODEL }],
    });
    const authorizer = createAuthorizer(openfga({ storeId: STORE_ID, modelId: OTHER_MODEL_ID }));
    expect(await authorize(authorizer, documentCheck(jane.sub, personaViewer(jane), metformin))).toBe(false);
    expect(fga.writes).toBe(0);
    expect(fga.checks[0]!.authorization_model_id).toBe(OTHER_MODEL_ID);
  });

  it('rejects when the server fails, and tries again on the next check', async () => {
    fga.failWith = 500;
    const authorizer = createAuthorizer(openfga());
    await expect(
      authorize(authorizer, documentCheck(phil.sub, personaViewer(phil), metformin)),
    ).rejects.toThrow();
    fga.failWith = undefined;
    expect(await authorize(authorizer, documentCheck(phil.sub, personaViewer(phil), metformin))).toBe(true);
  });

  it('rejects a check the server refuses as invalid', async () => {
    fga.stores.set(STORE_ID, {
      name: 'existing',
      models: [{ id: OTHER_MODEL_ID, model: SENTINEL_FGA_MODEL }],
    });
    const authorizer = createAuthorizer(openfga({ storeId: STORE_ID, modelId: OTHER_MODEL_ID }));
    await expect(
      authorizer.check('user:a', 'can_view', 'document:x', [
        { user: 'user:a', relation: 'can_view', object: 'document:x' },
      ]),
    ).rejects.toThrow();
  });
});
