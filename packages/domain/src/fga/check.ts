/**
 * A local evaluator of OpenFGA authorization models: the same answer an OpenFGA server gives to a Check call,
 * for the constructs our model uses and the rest of schema 1.1 without conditions. Pure: tuples come in, a
 * decision goes out. REQ-kb-fga (the rules live in the model, knowledge/fga/model.fga).
 */
import { fail, ok, type Result } from '../result';
import type {
  FgaCheckRequest,
  FgaModel,
  FgaRelationReference,
  FgaTuple,
  FgaTypeDefinition,
  FgaUserset,
} from './types';

/** OpenFGA's default resolution depth (its resolve-node limit): deeper graphs are refused, not guessed. */
export const FGA_RESOLUTION_DEPTH_LIMIT = 25;

/** Why a check could not be answered. */
export const FGA_ERRORS = {
  invalidRequest: 'invalid_fga_request',
  invalidTuple: 'invalid_fga_tuple',
  invalidModel: 'invalid_fga_model',
  tooComplex: 'fga_resolution_too_complex',
} as const;

type ParsedUser =
  | { readonly kind: 'object'; readonly type: string; readonly id: string }
  | { readonly kind: 'wildcard'; readonly type: string }
  | { readonly kind: 'userset'; readonly type: string; readonly id: string; readonly relation: string };

const NAME = /^[^\s:#@*]+$/;
const ID = /^[^\s#:]+$/;

/** `type:id`, `type:*` or `type:id#relation`; anything else is not a user. */
function parseUser(text: string): ParsedUser | undefined {
  const [head, relation, ...extra] = text.split('#');
  if (head === undefined || extra.length > 0) return undefined;
  const colon = head.indexOf(':');
  const type = head.slice(0, colon);
  const id = head.slice(colon + 1);
  if (colon < 0 || !NAME.test(type)) return undefined;
  if (relation !== undefined) {
    return ID.test(id) && id !== '*' && NAME.test(relation)
      ? { kind: 'userset', type, id, relation }
      : undefined;
  }
  if (id === '*') return { kind: 'wildcard', type };
  return ID.test(id) ? { kind: 'object', type, id } : undefined;
}

/** `type:id` only. */
function parseObject(text: string): { readonly type: string; readonly id: string } | undefined {
  const parsed = parseUser(text);
  return parsed?.kind === 'object' ? parsed : undefined;
}

/** Does a tuple's user fit one of a relation's type restrictions? (Conditions are not supported: no fit.) */
function fitsRestriction(user: ParsedUser, references: readonly FgaRelationReference[]): boolean {
  return references.some((ref) => {
    if (ref.condition !== undefined || ref.type !== user.type) return false;
    if (user.kind === 'wildcard') return ref.wildcard !== undefined;
    if (user.kind === 'userset') return ref.relation === user.relation;
    return ref.wildcard === undefined && ref.relation === undefined;
  });
}

class CheckError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A model and a tuple set, indexed once, answering any number of checks. */
export type FgaEvaluator = (request: FgaCheckRequest) => Result<boolean>;

/**
 * Prepares a model and stored tuples for checks. Every tuple (stored, and the contextual ones of each check)
 * must fit the model's type restrictions, as an OpenFGA server insists on writes and on contextual tuples.
 */
export function prepareFga(model: FgaModel, tuples: readonly FgaTuple[]): FgaEvaluator {
  const types = new Map<string, FgaTypeDefinition>(model.type_definitions.map((t) => [t.type, t]));
  const rewriteOf = (type: string, relation: string): FgaUserset | undefined =>
    types.get(type)?.relations?.[relation];

  const invalidTuple = (tuple: FgaTuple): string | undefined => {
    const object = parseObject(tuple.object);
    const user = parseUser(tuple.user);
    const where = `${tuple.object}#${tuple.relation}@${tuple.user}`;
    if (!object || !user) return `Tuple ${where} is not of the form type:id`;
    if (!rewriteOf(object.type, tuple.relation)) return `Tuple ${where} names a relation the model lacks`;
    const references =
      types.get(object.type)?.metadata?.relations?.[tuple.relation]?.directly_related_user_types ?? [];
    return fitsRestriction(user, references) ? undefined : `Tuple ${where} is not allowed by the model`;
  };

  const index = (list: readonly FgaTuple[]) => {
    const byObjectRelation = new Map<string, FgaTuple[]>();
    for (const tuple of list) {
      const key = `${tuple.object}#${tuple.relation}`;
      const bucket = byObjectRelation.get(key);
      if (bucket) bucket.push(tuple);
      else byObjectRelation.set(key, [tuple]);
    }
    return byObjectRelation;
  };

  const storedProblem = tuples.map(invalidTuple).find((problem) => problem !== undefined);
  const stored = index(tuples);

  return (request) => {
    if (storedProblem) return fail(FGA_ERRORS.invalidTuple, storedProblem);
    const object = parseObject(request.object);
    const user = parseUser(request.user);
    if (!object)
      return fail(FGA_ERRORS.invalidRequest, `Object ${request.object} is not of the form type:id`);
    if (!user) return fail(FGA_ERRORS.invalidRequest, `User ${request.user} is not a user`);
    if (!types.has(object.type))
      return fail(FGA_ERRORS.invalidRequest, `Type ${object.type} is not in the model`);
    if (!rewriteOf(object.type, request.relation)) {
      return fail(FGA_ERRORS.invalidRequest, `Type ${object.type} has no relation ${request.relation}`);
    }
    const contextual = request.contextualTuples ?? [];
    const contextualProblem = contextual.map(invalidTuple).find((problem) => problem !== undefined);
    if (contextualProblem) return fail(FGA_ERRORS.invalidTuple, contextualProblem);
    const extra = index(contextual);
    const tuplesAt = (key: string): readonly FgaTuple[] => [
      ...(stored.get(key) ?? []),
      ...(extra.get(key) ?? []),
    ];

    /**
     * Does the request's user have `relation` on `objectKey`? `path` holds the object#relation pairs being
     * resolved above this one: meeting one again is a cycle, which grants nothing (as in OpenFGA).
     */
    const has = (objectKey: string, relation: string, path: ReadonlySet<string>): boolean => {
      const here = `${objectKey}#${relation}`;
      if (path.has(here)) return false;
      if (path.size >= FGA_RESOLUTION_DEPTH_LIMIT) {
        throw new CheckError(FGA_ERRORS.tooComplex, `Resolution deeper than ${FGA_RESOLUTION_DEPTH_LIMIT}`);
      }
      const type = objectKey.slice(0, objectKey.indexOf(':'));
      const rewrite = rewriteOf(type, relation);
      if (!rewrite) throw new CheckError(FGA_ERRORS.invalidModel, `Type ${type} has no relation ${relation}`);
      return evaluate(rewrite, objectKey, relation, new Set([...path, here]));
    };

    const evaluate = (
      rewrite: FgaUserset,
      objectKey: string,
      relation: string,
      path: ReadonlySet<string>,
    ): boolean => {
      if ('this' in rewrite) {
        return tuplesAt(`${objectKey}#${relation}`).some((tuple) => {
          if (tuple.user === request.user) return true;
          const holder = parseUser(tuple.user);
          if (holder?.kind === 'wildcard') return user.kind !== 'userset' && user.type === holder.type;
          if (holder?.kind === 'userset') return has(`${holder.type}:${holder.id}`, holder.relation, path);
          return false;
        });
      }
      if ('computedUserset' in rewrite) {
        return has(objectKey, relationOf(rewrite.computedUserset.relation), path);
      }
      if ('tupleToUserset' in rewrite) {
        const target = relationOf(rewrite.tupleToUserset.computedUserset.relation);
        const tupleset = relationOf(rewrite.tupleToUserset.tupleset.relation);
        return tuplesAt(`${objectKey}#${tupleset}`).some((tuple) => {
          const parent = parseUser(tuple.user);
          // OpenFGA follows only plain objects, and only to types that define the target relation.
          if (parent?.kind !== 'object' || !rewriteOf(parent.type, target)) return false;
          return has(`${parent.type}:${parent.id}`, target, path);
        });
      }
      if ('union' in rewrite) return rewrite.union.child.some((c) => evaluate(c, objectKey, relation, path));
      if ('intersection' in rewrite) {
        const children = rewrite.intersection.child;
        return children.length > 0 && children.every((c) => evaluate(c, objectKey, relation, path));
      }
      return (
        evaluate(rewrite.difference.base, objectKey, relation, path) &&
        !evaluate(rewrite.difference.subtract, objectKey, relation, path)
      );
    };

    try {
      return ok(has(`${object.type}:${object.id}`, request.relation, new Set()));
    } catch (error) {
      if (error instanceof CheckError) return fail(error.code, error.message);
      throw error;
    }
  };
}

const relationOf = (relation: string | undefined): string => {
  if (!relation) throw new CheckError(FGA_ERRORS.invalidModel, 'A rewrite names no relation');
  return relation;
};

/**
 * REQ-kb-fga Does `user` have `relation` on `object`, under this model, with these stored tuples and the
 * request's contextual tuples? Answers as an OpenFGA server's Check would: `ok(true)` or `ok(false)`, or an
 * error for a malformed request or tuple, a broken model, or a graph deeper than the resolution limit.
 */
export function checkFga(
  model: FgaModel,
  tuples: readonly FgaTuple[],
  request: FgaCheckRequest,
): Result<boolean> {
  return prepareFga(model, tuples)(request);
}
