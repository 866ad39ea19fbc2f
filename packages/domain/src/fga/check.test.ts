import { describe, expect, it } from 'vitest';
import { FGA_ERRORS, FGA_RESOLUTION_DEPTH_LIMIT, checkFga, prepareFga } from './check';
import type { FgaModel, FgaTuple, FgaUserset } from './types';

/** A small model with one relation per construct the evaluator supports. */
const computed = (relation: string): FgaUserset => ({ computedUserset: { relation } });
const direct: FgaUserset = { this: {} };
const MODEL: FgaModel = {
  schema_version: '1.1',
  type_definitions: [
    { type: 'user', relations: {}, metadata: null },
    {
      type: 'team',
      relations: { member: direct },
      metadata: {
        relations: {
          member: { directly_related_user_types: [{ type: 'user' }, { type: 'team', relation: 'member' }] },
        },
      },
    },
    {
      type: 'folder',
      relations: { viewer: direct },
      metadata: { relations: { viewer: { directly_related_user_types: [{ type: 'user' }] } } },
    },
    {
      type: 'doc',
      relations: {
        parent: direct,
        owner: direct,
        editor: direct,
        blocked: direct,
        public: direct,
        gated: direct,
        owner_alias: computed('owner'),
        inherited: {
          tupleToUserset: { tupleset: { relation: 'parent' }, computedUserset: { relation: 'viewer' } },
        },
        either: { union: { child: [computed('owner'), computed('editor')] } },
        both: { intersection: { child: [computed('owner'), computed('editor')] } },
        nothing: { intersection: { child: [] } },
        allowed: { difference: { base: computed('either'), subtract: computed('blocked') } },
        loop_a: { union: { child: [computed('loop_b'), computed('owner')] } },
        loop_b: computed('loop_a'),
        broken: computed('missing'),
        nameless: { computedUserset: {} },
      },
      metadata: {
        relations: {
          parent: { directly_related_user_types: [{ type: 'folder' }, { type: 'team' }] },
          owner: { directly_related_user_types: [{ type: 'user' }, { type: 'team', relation: 'member' }] },
          editor: { directly_related_user_types: [{ type: 'user' }] },
          blocked: { directly_related_user_types: [{ type: 'user' }] },
          public: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          gated: { directly_related_user_types: [{ type: 'user', condition: 'in_office_hours' }] },
        },
      },
    },
    {
      // A chain of links: chain:n#next points at chain:n+1, and `reach` follows it to the end.
      type: 'chain',
      relations: {
        next: direct,
        end: direct,
        reach: {
          union: {
            child: [
              computed('end'),
              { tupleToUserset: { tupleset: { relation: 'next' }, computedUserset: { relation: 'reach' } } },
            ],
          },
        },
      },
      metadata: {
        relations: {
          next: { directly_related_user_types: [{ type: 'chain' }] },
          end: { directly_related_user_types: [{ type: 'user' }] },
        },
      },
    },
  ],
};

const t = (user: string, relation: string, object: string): FgaTuple => ({ user, relation, object });
const check = (tuples: FgaTuple[], user: string, relation: string, object: string, ctx?: FgaTuple[]) =>
  checkFga(MODEL, tuples, { user, relation, object, ...(ctx ? { contextualTuples: ctx } : {}) });
const allowed = (...args: Parameters<typeof check>) => {
  const result = check(...args);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('checkFga: direct relations', () => {
  it('grants a user named by a tuple and nobody else', () => {
    const tuples = [t('user:ann', 'owner', 'doc:1')];
    expect(allowed(tuples, 'user:ann', 'owner', 'doc:1')).toBe(true);
    expect(allowed(tuples, 'user:bob', 'owner', 'doc:1')).toBe(false);
    expect(allowed(tuples, 'user:ann', 'owner', 'doc:2')).toBe(false);
  });

  it('grants through a userset: the members of a team that owns the doc', () => {
    const tuples = [t('team:red#member', 'owner', 'doc:1'), t('user:ann', 'member', 'team:red')];
    expect(allowed(tuples, 'user:ann', 'owner', 'doc:1')).toBe(true);
    expect(allowed(tuples, 'user:bob', 'owner', 'doc:1')).toBe(false);
  });

  it('grants every user of the type through a wildcard, but not a userset', () => {
    const tuples = [t('user:*', 'public', 'doc:1')];
    expect(allowed(tuples, 'user:anyone', 'public', 'doc:1')).toBe(true);
    expect(allowed(tuples, 'user:*', 'public', 'doc:1')).toBe(true);
    expect(allowed(tuples, 'team:red#member', 'public', 'doc:1')).toBe(false);
    expect(allowed(tuples, 'team:red', 'public', 'doc:1')).toBe(false);
  });

  it('takes contextual tuples into account for that check only', () => {
    const evaluate = prepareFga(MODEL, []);
    const request = { user: 'user:ann', relation: 'owner', object: 'doc:1' };
    const granted = evaluate({ ...request, contextualTuples: [t('user:ann', 'owner', 'doc:1')] });
    expect(granted).toEqual({ ok: true, value: true });
    expect(evaluate(request)).toEqual({ ok: true, value: false });
  });
});

describe('checkFga: rewrites', () => {
  it('computedUserset: a relation that is another relation of the same object', () => {
    expect(allowed([t('user:ann', 'owner', 'doc:1')], 'user:ann', 'owner_alias', 'doc:1')).toBe(true);
    expect(allowed([t('user:ann', 'editor', 'doc:1')], 'user:ann', 'owner_alias', 'doc:1')).toBe(false);
  });

  it('tupleToUserset: viewers of the parent folder see the doc', () => {
    const tuples = [t('folder:f', 'parent', 'doc:1'), t('user:ann', 'viewer', 'folder:f')];
    expect(allowed(tuples, 'user:ann', 'inherited', 'doc:1')).toBe(true);
    expect(allowed(tuples, 'user:bob', 'inherited', 'doc:1')).toBe(false);
  });

  it('tupleToUserset skips parents whose type lacks the relation', () => {
    const tuples = [t('team:red', 'parent', 'doc:1'), t('user:ann', 'member', 'team:red')];
    expect(allowed(tuples, 'user:ann', 'inherited', 'doc:1')).toBe(false);
  });

  it('union: either relation grants', () => {
    expect(allowed([t('user:ann', 'editor', 'doc:1')], 'user:ann', 'either', 'doc:1')).toBe(true);
    expect(allowed([t('user:ann', 'owner', 'doc:1')], 'user:ann', 'either', 'doc:1')).toBe(true);
    expect(allowed([t('user:ann', 'blocked', 'doc:1')], 'user:ann', 'either', 'doc:1')).toBe(false);
  });

  it('intersection: every relation is needed; an empty one grants nothing', () => {
    const owner = t('user:ann', 'owner', 'doc:1');
    const editor = t('user:ann', 'editor', 'doc:1');
    expect(allowed([owner, editor], 'user:ann', 'both', 'doc:1')).toBe(true);
    expect(allowed([owner], 'user:ann', 'both', 'doc:1')).toBe(false);
    expect(allowed([editor], 'user:ann', 'both', 'doc:1')).toBe(false);
    expect(allowed([owner, editor], 'user:ann', 'nothing', 'doc:1')).toBe(false);
  });

  it('difference: the base minus the subtracted relation', () => {
    const editor = t('user:ann', 'editor', 'doc:1');
    expect(allowed([editor], 'user:ann', 'allowed', 'doc:1')).toBe(true);
    expect(allowed([editor, t('user:ann', 'blocked', 'doc:1')], 'user:ann', 'allowed', 'doc:1')).toBe(false);
    expect(allowed([t('user:ann', 'blocked', 'doc:1')], 'user:ann', 'allowed', 'doc:1')).toBe(false);
  });
});

describe('checkFga: cycles and depth', () => {
  it('a cycle grants nothing by itself and does not loop forever', () => {
    expect(allowed([], 'user:ann', 'loop_a', 'doc:1')).toBe(false);
    expect(allowed([t('user:ann', 'owner', 'doc:1')], 'user:ann', 'loop_b', 'doc:1')).toBe(true);
  });

  it('a cycle through usersets (two teams that are members of each other) terminates', () => {
    const tuples = [t('team:blue#member', 'member', 'team:red'), t('team:red#member', 'member', 'team:blue')];
    expect(allowed(tuples, 'user:ann', 'member', 'team:red')).toBe(false);
    expect(allowed([...tuples, t('user:ann', 'member', 'team:blue')], 'user:ann', 'member', 'team:red')).toBe(
      true,
    );
  });

  it('a cycle of tuples (chain 1 -> 2 -> 1) grants nothing', () => {
    const tuples = [t('chain:1', 'next', 'chain:2'), t('chain:2', 'next', 'chain:1')];
    expect(allowed(tuples, 'user:ann', 'reach', 'chain:1')).toBe(false);
  });

  const chain = (length: number) => [
    ...Array.from({ length }, (_, i) => t(`chain:${i + 1}`, 'next', `chain:${i}`)),
    t('user:ann', 'end', `chain:${length}`),
  ];

  it('follows a chain within the depth limit', () => {
    expect(allowed(chain(FGA_RESOLUTION_DEPTH_LIMIT - 2), 'user:ann', 'reach', 'chain:0')).toBe(true);
  });

  it('refuses a chain deeper than the limit instead of guessing', () => {
    const result = check(chain(FGA_RESOLUTION_DEPTH_LIMIT + 1), 'user:ann', 'reach', 'chain:0');
    expect(result).toMatchObject({ ok: false, error: { code: FGA_ERRORS.tooComplex } });
  });
});

describe('checkFga: malformed input', () => {
  const failsWith = (code: string, result: ReturnType<typeof check>) =>
    expect(result).toMatchObject({ ok: false, error: { code } });

  it('refuses a request whose object, user, type or relation is not in the model', () => {
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:ann', 'owner', 'doc'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:ann', 'owner', 'doc:*'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'ann', 'owner', 'doc:1'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:a#b#c', 'owner', 'doc:1'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:*#member', 'owner', 'doc:1'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:a b', 'owner', 'doc:1'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:ann', 'owner', 'sheet:1'));
    failsWith(FGA_ERRORS.invalidRequest, check([], 'user:ann', 'reader', 'doc:1'));
  });

  it('refuses tuples that do not fit the type restrictions, stored or contextual', () => {
    const request = ['user:ann', 'owner', 'doc:1'] as const;
    failsWith(FGA_ERRORS.invalidTuple, check([t('team:red', 'owner', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([t('user:*', 'owner', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([t('user:ann#member', 'owner', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([t('user:ann', 'owner_alias', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([t('user:ann', 'nope', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([t('user ann', 'owner', 'doc:1')], ...request));
    failsWith(FGA_ERRORS.invalidTuple, check([], ...request, [t('folder:f', 'owner', 'doc:1')]));
  });

  it('refuses a tuple on a relation with a condition, which the evaluator does not support', () => {
    failsWith(
      FGA_ERRORS.invalidTuple,
      check([t('user:ann', 'gated', 'doc:1')], 'user:ann', 'gated', 'doc:1'),
    );
  });

  it('reports a model whose rewrite names a missing relation', () => {
    failsWith(FGA_ERRORS.invalidModel, check([], 'user:ann', 'broken', 'doc:1'));
    failsWith(FGA_ERRORS.invalidModel, check([], 'user:ann', 'nameless', 'doc:1'));
  });
});
