import { computeAccessStats, makeExcerpt } from '@sentinel/domain';
import type { KnowledgeListItem } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { call, useMockApi } from '../../test/testkit';

useMockApi();

type KnowledgeList = {
  items: KnowledgeListItem[];
  stats: { totalItems: number; accessibleItems: number; restrictedBy: string[] };
  summary: { accessibleCategories: string[]; restrictedCategories: string[] };
  context: { role: string; specializations: string[] };
};
const listOf = async (key: Parameters<typeof call>[0]) =>
  (await call(key, 'listKnowledge')).json as KnowledgeList;
const idsOf = (list: { items: { id: string }[] }) => list.items.map((item) => item.id);
const open = (key: Parameters<typeof call>[0], id: string) =>
  call(key, 'getKnowledgeItem', { params: { id } });

describe('knowledge access (REQ-kb-document-roles, REQ-kb-specialization)', () => {
  it('Dr. Carter (cardiology) cannot open the diabetes diagnostics: 404, exactly as for a missing document', async () => {
    const refused = await open('ben', 'diabetes-type2-diagnostics');
    const missing = await open('ben', 'no-such-document');
    expect(refused.status).toBe(404);
    expect(refused.text).toBe(missing.text);
  });

  it('Dr. Smith (endocrinology) opens it and gets the full document', async () => {
    const answer = await open('alice', 'diabetes-type2-diagnostics');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id: 'diabetes-type2-diagnostics',
      category: 'diagnostic',
      filePath: 'knowledge/docs/diabetes-type2-diagnostics.md',
      content: expect.stringContaining('##'),
    });
  });

  it('Jane sees only the lifestyle document, with stats and summary that say what is withheld', async () => {
    const list = await listOf('jane');
    expect(idsOf(list)).toStrictEqual(['diabetes-lifestyle-treatment']);
    expect(list.stats).toStrictEqual(
      computeAccessStats(4, 1, { role: 'patient', specializations: ['family-medicine'] }),
    );
    expect(list.summary).toMatchObject({ accessibleCategories: ['treatment'] });
    expect(list.summary.restrictedCategories.sort()).toStrictEqual(['diagnostic', 'medication']);
    expect(list.context).toStrictEqual({ role: 'patient', specializations: ['family-medicine'] });
  });

  it('a list item carries the excerpt (REQ-limit-excerpt) instead of the content', async () => {
    const [item] = (await listOf('jane')).items;
    const full = (await open('jane', 'diabetes-lifestyle-treatment')).json as { content: string };
    expect(item).not.toHaveProperty('content');
    expect(item?.excerpt).toBe(makeExcerpt(full.content));
  });

  it.each([
    ['nora', ['diabetes-lifestyle-treatment', 'hypertension-management']],
    ['phil', ['metformin']],
    ['dana', ['diabetes-lifestyle-treatment']],
    ['ben', ['diabetes-lifestyle-treatment', 'hypertension-management']],
    [
      'alice',
      ['diabetes-lifestyle-treatment', 'hypertension-management', 'metformin', 'diabetes-type2-diagnostics'],
    ],
    [
      'sam',
      ['diabetes-lifestyle-treatment', 'hypertension-management', 'metformin', 'diabetes-type2-diagnostics'],
    ],
  ] as const)('%s sees %j, least sensitive first', async (key, ids) => {
    expect(idsOf(await listOf(key))).toStrictEqual(ids);
  });

  it('the admin sees everything, so nothing is listed as restricting', async () => {
    const list = await listOf('sam');
    expect(list.stats).toMatchObject({ totalItems: 4, accessibleItems: 4, restrictedBy: [] });
    expect(list.context.role).toBe('admin');
  });

  it('the doctor’s context carries the persona’s specializations as slugs', async () => {
    expect((await listOf('alice')).context).toStrictEqual({
      role: 'doctor',
      specializations: ['endocrinology', 'internal-medicine'],
    });
  });
});

describe('knowledge search (REQ-kb-relevance, REQ-kb-sort-cap)', () => {
  it('finds only documents the caller may see', async () => {
    const jane = (await call('jane', 'searchKnowledge', { query: { q: 'diabetes' } })).json as {
      items: { id: string }[];
    };
    expect(idsOf(jane)).toStrictEqual(['diabetes-lifestyle-treatment']);
    const alice = (await call('alice', 'searchKnowledge', { query: { q: 'diabetes' } })).json as {
      items: { id: string }[];
    };
    expect(idsOf(alice)).toContain('diabetes-type2-diagnostics');
  });

  it('tells a patient, in the answer and in her audit rows, nothing a withheld text holds (REQ-kb-oracle)', async () => {
    // "biguanide" is written only in the metformin document's text, which patients may not read.
    const told = async (q: string) => {
      const answer = await call('jane', 'searchKnowledge', { query: { q } });
      const audit = (await call('jane', 'listAudit')).json as { items: { reason: string }[] };
      return { answer: answer.json, audited: audit.items.map((row) => row.reason).at(-1) };
    };
    const probe = await told('biguanide biguanide biguanide biguanide');
    expect(probe).toStrictEqual(await told('quokka quokka quokka quokka'));
    expect(probe.audited).toBe('results: 0; withheld: 0');
    expect(await told('biguanide with the when')).toStrictEqual(await told('quokka with the when'));
    expect((await told('metformin prescribing')).audited).toBe('results: 0; withheld: 1');
  });

  it('a query nothing matches answers an empty list', async () => {
    const answer = await call('alice', 'searchKnowledge', { query: { q: 'zebra' } });
    expect(answer.json).toStrictEqual({ items: [] });
  });
});
