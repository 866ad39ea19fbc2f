/**
 * A search index of a knowledge base (issue 7, performance budgets): the §5 relevance rule and the §6 access,
 * sort and cap of `searchKnowledge`, with the same results, without reading every entry's text on every query.
 * Specification sections 5 (Knowledge relevance), 6 (access, sorted by sensitivity, capped at 5) and 9.
 *
 * Why it gives the same results:
 * - Relevance matches words as substrings (`'diet'` matches `'dietary'`). A query word holds no whitespace, so it
 *   is a substring of a text exactly when it is a substring of one of the text's whitespace-separated tokens. The
 *   index keeps the distinct tokens of the lowercased titles and contents (the vocabulary), a trigram index over
 *   the vocabulary to find the tokens holding a word, and for each token the entries whose title or content
 *   holds it. A query word's title and content matches are then exact, read from postings, not from the texts.
 * - The whole query in the title: a title holding the query holds each of its words, so only the titles of the
 *   word with the fewest title matches that hold every word are read, and of those only the ones not relevant
 *   already (points only add, and only relevance is returned). A query without a word longer than 2 characters
 *   can score only this way (category keywords are longer), and then every title is read.
 * - Category keywords: entries are grouped by category, and the rule is asked once per category.
 * - Access: the §6 rules read only an entry's access facts (`accessFactsKey`), so entries with the same facts get
 *   the same decision; `accessByFacts` asks the rule once per distinct set of facts. An access that is not a
 *   function of those facts (an authorizer holding facts about single entries) is asked per entry instead.
 * - Sorting and cap: relevant entries are read in their order in the base and bucketed by sensitivity rank,
 *   which is the stable sort of `sortBySensitivity`.
 * The property test in knowledgeIndex.test.ts compares both on random bases, queries and viewers.
 *
 * Pure: the index is built once from the entries and never changes; a search allocates its own scratch arrays.
 */
import { MAX_KNOWLEDGE_RESULTS } from './constants';
import {
  KnowledgeQuerySchema,
  RELEVANCE_TENTHS,
  isCategoryKeywordHit,
  isRelevant,
  relevanceQuery,
  relevanceWords,
  scoreFromTenths,
  sensitivityRank,
  type AccessDecision,
  type AccessPredicate,
  type KnowledgeEntry,
  type KnowledgeSearch,
  type KnowledgeViewer,
} from './knowledge';
import { ok, type Result } from './result';
import { parseWith } from './validate';

/** How texts are split into tokens: the same whitespace the relevance rule splits the query on. */
const WHITESPACE = /\s+/;
/** Query words shorter than this never score (§5: longer than 2 characters), so shorter tokens are not kept. */
const MIN_WORD_LENGTH = 3;
const GRAM = 3;

/** A knowledge base prepared for search. Built by `buildKnowledgeIndex`; read-only afterwards. */
export type KnowledgeIndex<T extends KnowledgeEntry> = {
  /** The entries, in the order given; positions in this array identify them. */
  readonly entries: readonly T[];
  /**
   * The lowercased titles, one after the other in one string (entry `p`'s from `titleStarts[p]` to
   * `titleStarts[p + 1]`): reading many titles in position order then reads memory in order.
   */
  readonly titleText: string;
  readonly titleStarts: Int32Array;
  /** §6, §9 Each entry's sensitivity rank. */
  readonly ranks: readonly number[];
  /** Each entry's access class: entries with the same access facts share one. */
  readonly accessClasses: Int32Array;
  readonly accessClassCount: number;
  /** The distinct tokens (3 characters or more) of the lowercased titles and contents. */
  readonly vocabulary: readonly string[];
  /** Trigram to the vocabulary tokens holding it (ascending ids). */
  readonly trigrams: ReadonlyMap<string, Int32Array>;
  /** Per vocabulary token: the positions whose title, and whose content, holds it (ascending). */
  readonly titlePostings: FieldPostings;
  readonly contentPostings: FieldPostings;
  /** Category to its entries' positions (ascending). */
  readonly categories: ReadonlyMap<string, Int32Array>;
  /** Entry to its first position. */
  readonly positions: ReadonlyMap<T, number>;
};

/**
 * §6 The facts an access rule may read: for a document its category (the prescribing note is for medication),
 * access level, listed specializations, sensitivity and prescribing authority; for a built-in item its required
 * roles and patient binding. Lists keep their order (reasons name them in order). Two entries with the same key
 * get the same decision from `isDocumentAccessible`, `isBuiltinItemAccessible` and the authorization model.
 */
export function accessFactsKey(entry: KnowledgeEntry): string {
  if ('metadata' in entry) {
    const { accessLevel, specializationRequired, sensitivity, prescribingAuthority } = entry.metadata;
    return JSON.stringify([
      'document',
      entry.category,
      accessLevel,
      specializationRequired,
      sensitivity,
      prescribingAuthority,
    ]);
  }
  return JSON.stringify(['builtin', entry.requiredRole, entry.patientId ?? null]);
}

/** A growable list of int32 values. */
class IntList {
  values = new Int32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }
}

/**
 * Postings of one field (titles or contents): for each vocabulary token, the ascending positions whose field
 * holds it, in one array (`positions`, token `id` at `offsets[id]` to `offsets[id + 1]`).
 */
export type FieldPostings = { readonly offsets: Int32Array; readonly positions: Int32Array };

/** Collects (position, token) pairs in position order, each pair once, then lays them out by token. */
class PostingsBuilder {
  private readonly pairs = new IntList();
  private readonly pairPositions = new IntList();
  private readonly lastPosition: number[] = [];
  add(id: number, position: number) {
    if (this.lastPosition[id] === position) return;
    this.lastPosition[id] = position;
    this.pairs.push(id);
    this.pairPositions.push(position);
  }
  build(tokenCount: number): FieldPostings {
    const { length } = this.pairs;
    const ids = this.pairs.values;
    const offsets = new Int32Array(tokenCount + 1);
    for (let i = 0; i < length; i += 1) {
      const after = (ids[i] as number) + 1;
      offsets[after] = (offsets[after] as number) + 1;
    }
    for (let id = 0; id < tokenCount; id += 1) {
      offsets[id + 1] = (offsets[id + 1] as number) + (offsets[id] as number);
    }
    const next = offsets.slice(0, tokenCount);
    const positions = new Int32Array(length);
    for (let i = 0; i < length; i += 1) {
      const id = ids[i] as number;
      const at = next[id] as number;
      positions[at] = this.pairPositions.values[i] as number;
      next[id] = at + 1;
    }
    return { offsets, positions };
  }
}

/** Builds the index of a knowledge base: linear in the size of its texts. The entries must not change later. */
export function buildKnowledgeIndex<T extends KnowledgeEntry>(entries: readonly T[]): KnowledgeIndex<T> {
  const tokenIds = new Map<string, number>();
  const vocabulary: string[] = [];
  const titlePostings = new PostingsBuilder();
  const contentPostings = new PostingsBuilder();
  const idOf = (token: string) => {
    let id = tokenIds.get(token);
    if (id === undefined) {
      id = vocabulary.length;
      tokenIds.set(token, id);
      vocabulary.push(token);
    }
    return id;
  };
  const titles: string[] = [];
  const ranks: number[] = [];
  const classIds = new Map<string, number>();
  const accessClasses = new Int32Array(entries.length);
  const categoryLists = new Map<string, number[]>();
  const positions = new Map<T, number>();

  entries.forEach((entry, position) => {
    const title = entry.title.toLowerCase();
    titles.push(title);
    for (const token of title.split(WHITESPACE)) {
      if (token.length >= MIN_WORD_LENGTH) titlePostings.add(idOf(token), position);
    }
    for (const token of entry.content.toLowerCase().split(WHITESPACE)) {
      if (token.length >= MIN_WORD_LENGTH) contentPostings.add(idOf(token), position);
    }
    ranks.push(sensitivityRank(entry));
    const key = accessFactsKey(entry);
    let classId = classIds.get(key);
    if (classId === undefined) {
      classId = classIds.size;
      classIds.set(key, classId);
    }
    accessClasses[position] = classId;
    const inCategory = categoryLists.get(entry.category);
    if (inCategory) inCategory.push(position);
    else categoryLists.set(entry.category, [position]);
    if (!positions.has(entry)) positions.set(entry, position);
  });

  const trigramLists = new Map<string, number[]>();
  vocabulary.forEach((token, id) => {
    for (let at = 0; at + GRAM <= token.length; at += 1) {
      const gram = token.slice(at, at + GRAM);
      const list = trigramLists.get(gram);
      if (!list) trigramLists.set(gram, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    }
  });

  const titleStarts = new Int32Array(titles.length + 1);
  titles.forEach((title, position) => {
    titleStarts[position + 1] = (titleStarts[position] as number) + title.length;
  });

  return {
    entries,
    titleText: titles.join(''),
    titleStarts,
    ranks,
    accessClasses,
    accessClassCount: classIds.size,
    vocabulary,
    trigrams: new Map([...trigramLists].map(([gram, ids]) => [gram, Int32Array.from(ids)])),
    titlePostings: titlePostings.build(vocabulary.length),
    contentPostings: contentPostings.build(vocabulary.length),
    categories: new Map([...categoryLists].map(([category, list]) => [category, Int32Array.from(list)])),
    positions,
  };
}

/**
 * One index per entries array, built on first use: for a server whose knowledge base is loaded once and read
 * on every request. Each call of this function makes its own cache.
 */
export function knowledgeIndexCache<T extends KnowledgeEntry>(): (
  entries: readonly T[],
) => KnowledgeIndex<T> {
  const built = new WeakMap<readonly T[], KnowledgeIndex<T>>();
  return (entries) => {
    let index = built.get(entries);
    if (!index) {
      index = buildKnowledgeIndex(entries);
      built.set(entries, index);
    }
    return index;
  };
}

/** The vocabulary tokens holding `word` (3 characters or more). */
function tokensHolding<T extends KnowledgeEntry>(index: KnowledgeIndex<T>, word: string): number[] {
  let fewest: Int32Array | undefined;
  for (let at = 0; at + GRAM <= word.length; at += 1) {
    const holders = index.trigrams.get(word.slice(at, at + GRAM));
    if (!holders) return [];
    if (!fewest || holders.length < fewest.length) fewest = holders;
  }
  const found: number[] = [];
  for (const id of fewest ?? []) if ((index.vocabulary[id] as string).includes(word)) found.push(id);
  return found;
}

/** Does the lowercased title of the entry at `position` hold `q`? */
function titleHolds<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  position: number,
  q: string,
): boolean {
  const { titleText, titleStarts } = index;
  return titleText.slice(titleStarts[position], titleStarts[position + 1]).includes(q);
}

/**
 * Adds `points` (tenths, saturating at the cap) once to each position whose field holds one of `tokens`, and
 * returns how many positions that was. `seen` and `stamp` (unique per call) keep a position that holds several
 * of the tokens from scoring twice. Plain loops over typed arrays: at 100k documents this runs over most of them.
 */
function addToHolders(
  postings: FieldPostings,
  tokens: readonly number[],
  seen: Uint8Array | Int32Array,
  stamp: number,
  tenths: Uint8Array,
  points: number,
  held?: Uint8Array | Int32Array,
): number {
  const { offsets, positions } = postings;
  const cap = RELEVANCE_TENTHS.cap;
  let holders = 0;
  for (const id of tokens) {
    const end = offsets[id + 1] as number;
    for (let at = offsets[id] as number; at < end; at += 1) {
      const position = positions[at] as number;
      if (seen[position] === stamp) continue;
      seen[position] = stamp;
      holders += 1;
      const sum = (tenths[position] as number) + points;
      tenths[position] = sum > cap ? cap : sum;
      if (held) held[position] = (held[position] as number) + 1;
    }
  }
  return holders;
}

/**
 * §5 The positions of the entries relevant to a query (score above 0.3), ascending; the query is refused as
 * `searchKnowledge` refuses it (blank, or longer than 500 characters).
 */
export function findRelevant<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
): Result<number[]> {
  const parsed = parseWith(KnowledgeQuerySchema, query, 'search query');
  if (!parsed.ok) return parsed;
  const q = relevanceQuery(parsed.value);
  const count = index.entries.length;
  const { cap, wholeQueryInTitle, titleWord, contentWord, category: categoryPoints } = RELEVANCE_TENTHS;
  // Points in tenths, saturating at the cap: every point is positive, so this is min(sum, cap).
  const tenths = new Uint8Array(count);

  /** Adds the whole-query point to the titles that hold the query, when it has more than one word. */
  let wholeQueryInTitles: (() => void) | undefined;
  const words = relevanceWords(q);
  if (words.length === 0) {
    // No word scores, and every category keyword is a word: only a title holding the whole query can.
    for (let position = 0; position < count; position += 1) {
      if (titleHolds(index, position, q)) tenths[position] = Math.min(cap, wholeQueryInTitle);
    }
  } else {
    // A word written n times scores n times.
    const times = new Map<string, number>();
    for (const word of words) times.set(word, (times.get(word) ?? 0) + 1);
    // A query that is one word: the titles holding it hold the whole query.
    const oneWord = times.size === 1 && words[0] === q;
    // Stamps (one per distinct word, and one more) and word counts fit in bytes for any query the schema takes
    // (500 characters: at most 125 distinct words); bytes keep these arrays in the cache at 100k documents.
    const small = times.size < 255;
    const counters = () => (small ? new Uint8Array(count) : new Int32Array(count));
    const seenInTitle = counters();
    const seenInContent = counters();
    // How many of the distinct words each title holds: a title holding the whole query holds them all.
    const wordsInTitle = oneWord ? undefined : counters();
    let stamp = 0;
    let narrowest: { tokens: readonly number[]; titles: number } | undefined;
    for (const [word, n] of times) {
      stamp += 1;
      const tokens = tokensHolding(index, word);
      const inTitle = titleWord * n + (oneWord ? wholeQueryInTitle : 0);
      const titles = addToHolders(
        index.titlePostings,
        tokens,
        seenInTitle,
        stamp,
        tenths,
        inTitle,
        wordsInTitle,
      );
      addToHolders(index.contentPostings, tokens, seenInContent, stamp, tenths, contentWord * n);
      if (!narrowest || titles < narrowest.titles) narrowest = { tokens, titles };
    }
    if (wordsInTitle && narrowest) {
      const { tokens } = narrowest;
      const wordCount = times.size;
      const checked = stamp + 1;
      // +1 when the title holds the whole query. Such a title holds each of the query's words, so only the
      // narrowest word's titles holding every word can. Points only add, so an entry already relevant stays so
      // whatever its title holds, and only relevance is returned: this runs last and reads only the others.
      wholeQueryInTitles = () => {
        const { offsets, positions } = index.titlePostings;
        for (const id of tokens) {
          const end = offsets[id + 1] as number;
          for (let at = offsets[id] as number; at < end; at += 1) {
            const position = positions[at] as number;
            if (seenInTitle[position] === checked || wordsInTitle[position] !== wordCount) continue;
            seenInTitle[position] = checked;
            const points = tenths[position] as number;
            if (isRelevant(scoreFromTenths(points)) || !titleHolds(index, position, q)) continue;
            tenths[position] = Math.min(cap, points + wholeQueryInTitle);
          }
        }
      };
    }
  }

  for (const [category, inCategory] of index.categories) {
    if (!isCategoryKeywordHit(q, category)) continue;
    for (const position of inCategory) {
      const sum = (tenths[position] as number) + categoryPoints;
      tenths[position] = sum > cap ? cap : sum;
    }
  }

  wholeQueryInTitles?.();

  const relevant: number[] = [];
  for (let position = 0; position < count; position += 1) {
    if (isRelevant(scoreFromTenths(tenths[position] as number))) relevant.push(position);
  }
  return ok(relevant);
}

/** §6 The decision for the entry at a position of an index (or of the entries array it was built from). */
export type IndexedAccess = (position: number) => AccessDecision;

/**
 * §6 Access by a rule that reads only the entry's access facts (`accessFactsKey`), as `isDocumentAccessible`
 * and `isBuiltinItemAccessible` do: the rule is asked once per distinct set of facts, and lazily.
 */
export function accessByFacts<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): IndexedAccess {
  const decided: (AccessDecision | undefined)[] = new Array<AccessDecision | undefined>(
    index.accessClassCount,
  );
  return (position) => {
    const classId = index.accessClasses[position] as number;
    return (decided[classId] ??= decide(index.entries[position] as T, viewer));
  };
}

/** §6 Access asked of `decide` for every entry on its own (for a rule that may tell equal entries apart). */
export function accessPerEntry<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): IndexedAccess {
  return (position) => decide(index.entries[position] as T, viewer);
}

/**
 * §6 An indexed access as the predicate `filterAccessible` and `computeAccessSummary` take. An entry that is not
 * in the index is refused (it was never decided).
 */
export function accessPredicateOf<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  access: IndexedAccess,
): AccessPredicate<T> {
  return (entry) => {
    const position = index.positions.get(entry);
    return position === undefined
      ? { granted: false, reason: 'Not in the knowledge base', notes: [], factor: 'role' }
      : access(position);
  };
}

/** §6 Entries at these positions (ascending) sorted from least to most sensitive, keeping their order. */
function bySensitivity<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  positions: Iterable<number>,
  keep: number,
): T[] {
  const buckets: T[][] = [];
  for (const position of positions) {
    const bucket = (buckets[index.ranks[position] as number] ??= []);
    if (bucket.length < keep) bucket.push(index.entries[position] as T);
  }
  return buckets.flat();
}

/** §6 Everything the viewer may see, least sensitive first: `filterAccessible` over the index. */
export function accessibleInIndex<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  access: IndexedAccess,
): T[] {
  const granted: number[] = [];
  for (let position = 0; position < index.entries.length; position += 1) {
    if (access(position).granted) granted.push(position);
  }
  return bySensitivity(index, granted, Infinity);
}

/**
 * §5, §6 From relevant positions (ascending, as `findRelevant` gives them) to the search answer: the ones the
 * viewer may see, least sensitive first, at most 5, and the decisions for the ones withheld.
 */
export function pickResults<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  relevant: readonly number[],
  access: IndexedAccess,
): KnowledgeSearch<T> {
  // Granted entries go to buckets by sensitivity rank, in base order (the stable sort), at most 5 in each.
  const buckets: T[][] = [];
  const withheld: AccessDecision[] = [];
  for (const position of relevant) {
    const decision = access(position);
    if (!decision.granted) {
      withheld.push(decision);
      continue;
    }
    const bucket = (buckets[index.ranks[position] as number] ??= []);
    if (bucket.length < MAX_KNOWLEDGE_RESULTS) bucket.push(index.entries[position] as T);
  }
  return { results: buckets.flat().slice(0, MAX_KNOWLEDGE_RESULTS), withheld };
}

/**
 * §5, §6 Search over an index: the same answer as `searchKnowledge(index.entries, query, viewer, decide)` when
 * `access` gives that viewer's `decide` (`accessByFacts(index, viewer, decide)`).
 */
export function searchKnowledgeIndex<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
  access: IndexedAccess,
): Result<KnowledgeSearch<T>> {
  const relevant = findRelevant(index, query);
  return relevant.ok ? ok(pickResults(index, relevant.value, access)) : relevant;
}
