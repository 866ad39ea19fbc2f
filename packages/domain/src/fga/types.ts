/**
 * OpenFGA's JSON shapes, as far as our evaluator reads them: an authorization model (schema 1.1) and tuples.
 * Field names are OpenFGA's own (snake_case included) so the model can be sent to a server unchanged.
 */

/** How a relation is defined: directly (`this`), by another relation, through a tupleset, or by set algebra. */
export type FgaUserset =
  | { readonly this: Readonly<Record<string, never>> }
  | { readonly computedUserset: FgaObjectRelation }
  | {
      readonly tupleToUserset: {
        readonly tupleset: FgaObjectRelation;
        readonly computedUserset: FgaObjectRelation;
      };
    }
  | { readonly union: { readonly child: readonly FgaUserset[] } }
  | { readonly intersection: { readonly child: readonly FgaUserset[] } }
  | { readonly difference: { readonly base: FgaUserset; readonly subtract: FgaUserset } };

export type FgaObjectRelation = { readonly object?: string; readonly relation?: string };

/** A type restriction of a directly assignable relation: `user`, `user:*` (wildcard) or `clinic#doctor`. */
export type FgaRelationReference = {
  readonly type: string;
  readonly relation?: string;
  readonly wildcard?: Readonly<Record<string, never>>;
  readonly condition?: string;
};

export type FgaRelationMetadata = {
  readonly directly_related_user_types?: readonly FgaRelationReference[];
};

export type FgaTypeDefinition = {
  readonly type: string;
  readonly relations?: Readonly<Record<string, FgaUserset>>;
  readonly metadata?: { readonly relations?: Readonly<Record<string, FgaRelationMetadata>> } | null;
};

export type FgaModel = {
  readonly schema_version: string;
  readonly type_definitions: readonly FgaTypeDefinition[];
};

/**
 * A relationship tuple: `user` is `type:id`, `type:*` (every user of that type) or `type:id#relation` (a
 * userset); `object` is `type:id`.
 */
export type FgaTuple = { readonly user: string; readonly relation: string; readonly object: string };

/** One check: does `user` have `relation` on `object`, given the stored tuples plus these contextual ones? */
export type FgaCheckRequest = FgaTuple & { readonly contextualTuples?: readonly FgaTuple[] };
