/**
 * Document access by the authorization model, asked once per set of access facts (REQ-perf): the same decisions
 * as asking about every document on its own, only the documents a call needs, and still failing closed.
 */
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SENSITIVITIES,
  accessFactsKey,
  buildKnowledgeIndex,
  isDocumentAccessible,
  type KnowledgeDocument,
  type Role,
} from '@sentinel/domain';
import { PERSONAS, PERSONA_KEYS } from '@sentinel/demo-data';
import { describe, expect, it } from 'vitest';
import { viewerOf } from '../assistant/testSupport';
import { KNOWLEDGE } from '../testkit';
import { documentAccess } from '@sentinel/service';
import { createAuthorizer, type Authorizer } from './authorizer';

const ACCESS_LEVELS: readonly Role[][] = [
  ['doctor', 'admin'],
  ['doctor', 'admin', 'nurse', 'patient', 'dietitian'],
  ['pharmacist', 'doctor'],
  ['nurse'],
];
const SPECIALIZATIONS: readonly string[][] = [[], ['endocrinology', 'internal-medicine'], ['cardiology']];

/** Every combination of the facts the rules read, twice over (so documents share facts), from the real ones. */
function variedBase(): KnowledgeDocument[] {
  const documents: KnowledgeDocument[] = [];
  for (const category of DOCUMENT_CATEGORIES)
    for (const accessLevel of ACCESS_LEVELS)
      for (const specializationRequired of SPECIALIZATIONS)
        for (const sensitivity of DOCUMENT_SENSITIVITIES)
          for (const prescribingAuthority of [false, true])
            for (const copy of [1, 2]) {
              const template = KNOWLEDGE.documents[documents.length % KNOWLEDGE.documents.length]!;
              documents.push({
                ...template,
                id: `${template.id}-${documents.length}-${copy}`,
                category,
                metadata: {
                  ...template.metadata,
                  accessLevel,
                  specializationRequired,
                  sensitivity,
                  prescribingAuthority,
                },
              });
            }
  return [...documents, ...KNOWLEDGE.documents];
}

/** The authorizer `inner` is, counting its checks, with or without the facts-only promise. */
function counting(inner: Authorizer, factsOnly: boolean) {
  const asked: string[] = [];
  const authorizer: Authorizer = {
    kind: inner.kind,
    factsOnly,
    check: (user, relation, object, tuples) => {
      asked.push(object);
      return inner.check(user, relation, object, tuples);
    },
  };
  return { authorizer, asked };
}

describe('document access by the authorization model', () => {
  const documents = variedBase();
  const index = buildKnowledgeIndex(documents);
  const everywhere = [...documents.keys()];

  it('decides every document of a varied base for every persona as it does asking about each one', async () => {
    const local = createAuthorizer();
    expect(local.factsOnly).toBe(true);
    for (const key of PERSONA_KEYS) {
      const viewer = viewerOf(key);
      const byFacts = counting(local, true);
      const each = counting(local, false);
      const once = await documentAccess(byFacts.authorizer, PERSONAS[key].sub, viewer, index, everywhere);
      const oneByOne = await documentAccess(each.authorizer, PERSONAS[key].sub, viewer, index, everywhere);
      const decided = everywhere.map(once);
      expect(decided).toEqual(everywhere.map(oneByOne));
      // The model and the REQ-kb rule agree on every document, so the rule's reasons and notes come through.
      expect(decided).toEqual(documents.map((doc) => isDocumentAccessible(doc, viewer)));
      expect(each.asked).toHaveLength(documents.length);
      expect(byFacts.asked).toHaveLength(index.accessClassCount);
      expect(index.accessClassCount).toBe(new Set(documents.map(accessFactsKey)).size);
      expect(byFacts.asked.length).toBeLessThan(documents.length);
    }
  });

  it('asks only about the documents it is given, and refuses the others', async () => {
    const { authorizer, asked } = counting(createAuthorizer(), false);
    const access = await documentAccess(authorizer, PERSONAS.alice.sub, viewerOf('alice'), index, [0, 2]);
    expect(asked).toHaveLength(2);
    expect(access(0)).toEqual(isDocumentAccessible(documents[0]!, viewerOf('alice')));
    expect(access(1)).toMatchObject({ granted: false, reason: 'not decided by the authorization model' });
  });

  it('lets the model refuse what the rule would allow, saying so', async () => {
    const denying: Authorizer = { kind: 'local', factsOnly: true, check: async () => false };
    const access = await documentAccess(denying, PERSONAS.sam.sub, viewerOf('sam'), index, everywhere);
    expect(isDocumentAccessible(documents[0]!, viewerOf('sam')).granted).toBe(true);
    expect(access(0)).toMatchObject({ granted: false, reason: 'denied by the authorization model' });
    expect(everywhere.some((position) => access(position).granted)).toBe(false);
  });

  it('fails closed: a check that cannot be answered rejects the whole decision, facts-only or not', async () => {
    for (const factsOnly of [true, false]) {
      const down: Authorizer = {
        kind: 'openfga',
        factsOnly,
        check: async () => {
          throw new Error('OpenFGA is unreachable');
        },
      };
      await expect(
        documentAccess(down, PERSONAS.alice.sub, viewerOf('alice'), index, everywhere),
      ).rejects.toThrow(/unreachable/);
    }
  });

  it('asks about each document of a base with a nameless one, whose malformed check still fails the call', async () => {
    const nameless = buildKnowledgeIndex([{ ...documents[0]!, id: '' }, documents[0]!]);
    const { authorizer, asked } = counting(createAuthorizer(), true);
    await expect(
      documentAccess(authorizer, PERSONAS.alice.sub, viewerOf('alice'), nameless, [0, 1]),
    ).rejects.toThrow(/type:id/);
    expect(asked).toHaveLength(2);
  });
});
