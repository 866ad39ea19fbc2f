/**
 * A search index of a knowledge base (REQ-perf, performance budgets): the REQ-kb relevance rule and the
 * REQ-kb access, sort and cap of `searchKnowledge`, with the same results, without reading every entry's text
 * on every query. REQ-kb-index: REQ-kb-relevance, REQ-kb-access and REQ-kb-sort-cap, REQ-limit-knowledge.
 *
 * Why it gives the same results:
 * - Relevance matches words as substrings (`'diet'` matches `'dietary'`). A query word holds no whitespace, so it
 *   is a substring of a text exactly when it is a substring of one of the text's whitespace-separated tokens. The
 *   index keeps the distinct tokens of the lowercased titles and contents (the vocabulary), a trigram index over
 *   the vocabulary to find the tokens holding a word, and for each token the entries whose title or content
 *   holds it. A query word's title and content matches are then exact, read from postings, not from the texts.
 * - Points: the score only grows with the points, so an entry is relevant exactly when its points reach the
 *   fewest that are relevant (4 tenths). A search keeps, per number of points up to that, the set of entries
 *   with at least as many, as bits (32 entries to a word): adding a word's points to the entries holding it is
 *   a few passes over words, and the postings of a word held by most entries are read as such a set too. At
 *   100k documents a search then reads kilobytes, not the megabytes of a list of every holder.
 * - The whole query in the title: a title holding the query holds each of its words, so only the titles holding
 *   every word are read, and of those only the ones not relevant already (points only add, and only relevance
 *   is returned). A query without a word longer than 2 characters can score only this way (category keywords
 *   are longer), and then every title is read.
 * - Category keywords: entries are grouped by category, and the rule is asked once per category.
 * - Withheld entries (REQ-kb-oracle): a refused entry is reported only when its title and category alone
 *   make it relevant (`scoreMetadataRelevance`). The title and category points given are kept, and at the first
 *   refusal a second tally adds them up without the content points: a few more passes over words, and none at
 *   all for a viewer refused nothing.
 * - Access: the REQ-kb rules read only an entry's access facts (`accessFactsKey`), so entries with the same facts get
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
  relevanceText,
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
/** Query words shorter than this never score (REQ-kb-score), so shorter tokens are not kept. */
const MIN_WORD_LENGTH = 3;
const GRAM = 3;

/** A knowledge base prepared for search. Built by `buildKnowledgeIndex`; read-only afterwards. */
export type KnowledgeIndex<T extends KnowledgeEntry> = {
  /** The entries, in the order given; positions in this array identify them. */
  readonly entries: readonly T[];
  /**
   * The titles as relevance reads them (`relevanceText`), one after the other in one string (entry `p`'s from
   * `titleStarts[p]` to `titleStarts[p + 1]`): reading many titles in position order then reads memory in order.
   */
  readonly titleText: string;
  readonly titleStarts: Int32Array;
  /** REQ-kb, REQ-limit Each entry's sensitivity rank. */
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
  /** Category to the set of its entries' positions. */
  readonly categories: ReadonlyMap<string, PositionSet>;
  /** Entry to its first position. */
  readonly positions: ReadonlyMap<T, number>;
};

/**
 * REQ-kb The facts an access rule may read: for a document its category (the prescribing note is for
 * medication), access level, listed specializations, sensitivity and prescribing authority; for a built-in
 * item its required roles and patient binding. Lists keep their order (reasons name them in order). Two
 * entries with the same key get the same decision from `isDocumentAccessible`, `isBuiltinItemAccessible` and
 * the authorization model.
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
 * Postings of one field (titles or contents): for each vocabulary token, the positions whose field holds it.
 * A token held by few positions keeps them as an ascending list in one array (`positions`, token `id` at
 * `offsets[id]` to `offsets[id + 1]`). A token held by more positions than its set has words (one bit per
 * position, 32 to a word) keeps a set (`sets`, `words` long from `setOf[id] * words`; `setOf[id]` is -1 for a
 * listed token): that is smaller than its list, and is read 32 positions at a time. Common words are held by
 * most entries of a large base, so a search then reads kilobytes where the lists held megabytes.
 */
export type FieldPostings = {
  readonly offsets: Int32Array;
  readonly positions: Int32Array;
  readonly setOf: Int32Array;
  readonly sets: Uint32Array;
};

/** A set of positions: bit `p & 31` of word `p >>> 5` says whether position `p` is in it. */
export type PositionSet = Uint32Array;

/** Words in a position set of `count` positions. */
const wordsFor = (count: number) => Math.ceil(count / 32);

/** The set of these positions. */
function setOfPositions(positions: Iterable<number>, words: number): PositionSet {
  const set = new Uint32Array(words);
  for (const position of positions)
    set[position >>> 5] = (set[position >>> 5] as number) | (1 << (position & 31));
  return set;
}

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
  /** The postings of `tokenCount` tokens over `positionCount` positions. */
  build(tokenCount: number, positionCount: number): FieldPostings {
    const { length } = this.pairs;
    const ids = this.pairs.values;
    const words = wordsFor(positionCount);
    const held = new Int32Array(tokenCount);
    for (let i = 0; i < length; i += 1) {
      const id = ids[i] as number;
      held[id] = (held[id] as number) + 1;
    }
    // A token gets a set when its list would be longer than the set.
    const setOf = new Int32Array(tokenCount).fill(-1);
    let setCount = 0;
    const offsets = new Int32Array(tokenCount + 1);
    for (let id = 0; id < tokenCount; id += 1) {
      const count = held[id] as number;
      const inSet = count > words;
      if (inSet) {
        setOf[id] = setCount;
        setCount += 1;
      }
      offsets[id + 1] = (offsets[id] as number) + (inSet ? 0 : count);
    }
    const next = offsets.slice(0, tokenCount);
    const positions = new Int32Array(offsets[tokenCount] as number);
    const sets = new Uint32Array(setCount * words);
    for (let i = 0; i < length; i += 1) {
      const id = ids[i] as number;
      const position = this.pairPositions.values[i] as number;
      const set = setOf[id] as number;
      if (set >= 0) {
        const word = set * words + (position >>> 5);
        sets[word] = (sets[word] as number) | (1 << (position & 31));
      } else {
        const at = next[id] as number;
        positions[at] = position;
        next[id] = at + 1;
      }
    }
    return { offsets, positions, setOf, sets };
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
    const title = relevanceText(entry.title);
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
    titlePostings: titlePostings.build(vocabulary.length, entries.length),
    contentPostings: contentPostings.build(vocabulary.length, entries.length),
    categories: new Map(
      [...categoryLists].map(([category, list]) => [
        category,
        setOfPositions(list, wordsFor(entries.length)),
      ]),
    ),
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

/** The set of positions whose field holds one of `tokens`: a position holding several of them is in it once. */
function holdersOf(postings: FieldPostings, tokens: readonly number[], words: number): PositionSet {
  const { offsets, positions, setOf, sets } = postings;
  const holders = new Uint32Array(words);
  for (const id of tokens) {
    const set = setOf[id] as number;
    if (set >= 0) {
      const from = set * words;
      for (let word = 0; word < words; word += 1) {
        holders[word] = (holders[word] as number) | (sets[from + word] as number);
      }
    } else {
      const end = offsets[id + 1] as number;
      for (let at = offsets[id] as number; at < end; at += 1) {
        const position = positions[at] as number;
        holders[position >>> 5] = (holders[position >>> 5] as number) | (1 << (position & 31));
      }
    }
  }
  return holders;
}

/** How many positions a set holds. */
function sizeOf(set: PositionSet): number {
  let size = 0;
  for (let word = 0; word < set.length; word += 1) {
    for (let bits = set[word] as number; bits !== 0; bits &= bits - 1) size += 1;
  }
  return size;
}

/** Calls `visit` with each position in a set, ascending. */
function forEachPosition(set: PositionSet, visit: (position: number) => void) {
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      visit((word << 5) | (31 - Math.clz32(lowest)));
      bits ^= lowest;
    }
  }
}

/**
 * The positions in a set, ascending. The array is made at its final length: at 100k documents it holds tens of
 * thousands, and growing it by pushes copies it again and again.
 */
function positionsIn(set: PositionSet): number[] {
  const found = new Array<number>(sizeOf(set));
  let at = 0;
  forEachPosition(set, (position) => {
    found[at] = position;
    at += 1;
  });
  return found;
}

/**
 * REQ-kb-relevance The points of every position, kept only as far as relevance needs them: `atLeast[t]` is
 * the set of positions with `t` tenths or more, for `t` from 0 (every position) to the fewest tenths that are
 * relevant. Points only add and the score only grows with them, so the score is relevant exactly when the sum
 * reaches that threshold (the cap is above it, so saturating at the cap changes nothing). Adding points to a
 * set of positions is then a few passes over words of 32 positions, whatever the number of positions in the
 * set.
 */
class RelevanceTally {
  private readonly atLeast: PositionSet[];
  constructor(threshold: number, count: number) {
    const words = wordsFor(count);
    const every = new Uint32Array(words).fill(0xffffffff);
    if (count % 32 !== 0) every[words - 1] = 2 ** (count % 32) - 1;
    this.atLeast = [every];
    for (let tenths = 1; tenths <= threshold; tenths += 1) this.atLeast.push(new Uint32Array(words));
  }

  /** Adds `points` tenths (more than 0) to each position in `set`. */
  add(set: PositionSet, points: number) {
    const { atLeast } = this;
    // From the highest level down, so each level reads the one below as it was before this addition.
    for (let tenths = atLeast.length - 1; tenths >= 1; tenths -= 1) {
      const level = atLeast[tenths] as PositionSet;
      const before = atLeast[Math.max(0, tenths - points)] as PositionSet;
      for (let word = 0; word < level.length; word += 1) {
        level[word] = (level[word] as number) | ((set[word] as number) & (before[word] as number));
      }
    }
  }

  /** The positions whose points are relevant so far. */
  get relevant(): PositionSet {
    return this.atLeast[this.atLeast.length - 1] as PositionSet;
  }
}

/**
 * The fewest tenths that make a relevant score (REQ-kb-relevance: above 0.3), or undefined when none does.
 */
function relevanceThreshold(): number | undefined {
  for (let tenths = 0; tenths <= RELEVANCE_TENTHS.cap; tenths += 1) {
    if (isRelevant(scoreFromTenths(tenths))) return tenths;
  }
  return undefined;
}

/**
 * REQ-kb The positions of the entries relevant to a query (score above 0.3), ascending; the query is refused
 * as `searchKnowledge` refuses it (blank, or longer than 500 characters).
 */
export function findRelevant<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
): Result<number[]> {
  const relevant = relevantSets(index, query);
  return relevant.ok ? ok(positionsIn(relevant.value.all)) : relevant;
}

/** REQ-kb The entries relevant to a query, and which of them their title and category alone make relevant. */
export type RelevantEntries = {
  /** The relevant positions, ascending (as `findRelevant` gives them). */
  readonly positions: number[];
  /**
   * The positions relevant by their title and category alone, as a set (bit `p & 31` of word `p >>> 5`), worked
   * out when first asked for: only those are reported withheld (REQ-kb-oracle).
   */
  readonly byMetadata: () => PositionSet;
};

/** REQ-kb `findRelevant`, with what `pickResults` needs to report withheld entries (REQ-kb-oracle). */
export function findRelevantEntries<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
): Result<RelevantEntries> {
  const relevant = relevantSets(index, query);
  if (!relevant.ok) return relevant;
  const { all, byMetadata } = relevant.value;
  return ok({ positions: positionsIn(all), byMetadata });
}

/**
 * REQ-kb-relevance The relevant positions, and those relevant by their title and category alone (a subset: points only add).
 * The second set is worked out only when asked for, the first time a relevant entry is refused: a viewer refused
 * nothing (a doctor, an admin) pays nothing for it.
 */
type RelevantSets = { readonly all: PositionSet; readonly byMetadata: () => PositionSet };

/** The positions of a set whose titles hold the whole query `q`, among `candidates`. */
function titlesHolding<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  candidates: PositionSet,
  q: string,
): PositionSet {
  const holding = new Uint32Array(candidates.length);
  for (let w = 0; w < candidates.length; w += 1) {
    let bits = candidates[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      if (titleHolds(index, (w << 5) | (31 - Math.clz32(lowest)), q)) {
        holding[w] = (holding[w] as number) | lowest;
      }
    }
  }
  return holding;
}

/** `candidates` without the positions of `taken`, as a new set. */
function without(candidates: PositionSet, taken: PositionSet): PositionSet {
  const left = new Uint32Array(candidates.length);
  for (let w = 0; w < left.length; w += 1) left[w] = (candidates[w] as number) & ~(taken[w] as number);
  return left;
}

/** REQ-users `findRelevant` as sets of positions. */
function relevantSets<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
): Result<RelevantSets> {
  const parsed = parseWith(KnowledgeQuerySchema, query, 'search query');
  if (!parsed.ok) return parsed;
  const q = relevanceQuery(parsed.value);
  const count = index.entries.length;
  const words = wordsFor(count);
  const { wholeQueryInTitle, titleWord, contentWord, category: categoryPoints } = RELEVANCE_TENTHS;
  const threshold = relevanceThreshold();
  if (threshold === undefined) {
    const none = new Uint32Array(words);
    return ok({ all: none, byMetadata: () => none });
  }
  const tally = new RelevanceTally(threshold, count);
  /** The title and category points given, kept for `byMetadata` (the sets are not changed afterwards). */
  const metadataPoints: { readonly set: PositionSet; readonly points: number }[] = [];
  const addMetadataPoints = (set: PositionSet, points: number) => {
    tally.add(set, points);
    metadataPoints.push({ set, points });
  };

  /** The titles holding every query word, when the whole query is more than one word: only these can hold it. */
  let titlesWithEveryWord: PositionSet | undefined;
  const queryWords = relevanceWords(q);
  if (queryWords.length === 0) {
    // No word scores, and every category keyword is a word: only a title holding the whole query can.
    const holding = new Uint32Array(words);
    for (let position = 0; position < count; position += 1) {
      if (titleHolds(index, position, q)) {
        holding[position >>> 5] = (holding[position >>> 5] as number) | (1 << (position & 31));
      }
    }
    addMetadataPoints(holding, wholeQueryInTitle);
  } else {
    // The words are distinct (`relevanceWords`). A query that is one word: the titles holding it hold the query.
    const oneWord = queryWords.length === 1 && queryWords[0] === q;
    for (const word of queryWords) {
      const tokens = tokensHolding(index, word);
      const titles = holdersOf(index.titlePostings, tokens, words);
      addMetadataPoints(titles, titleWord + (oneWord ? wholeQueryInTitle : 0));
      tally.add(holdersOf(index.contentPostings, tokens, words), contentWord);
      if (oneWord) continue;
      if (!titlesWithEveryWord) {
        // A copy: `titles` is kept for `byMetadata`.
        titlesWithEveryWord = titles.slice();
        continue;
      }
      for (let w = 0; w < words; w += 1) {
        titlesWithEveryWord[w] = (titlesWithEveryWord[w] as number) & (titles[w] as number);
      }
    }
  }

  // Each entry has one category, so the entries of the categories the query names get the points once.
  let inNamedCategory: PositionSet | undefined;
  for (const [category, members] of index.categories) {
    if (!isCategoryKeywordHit(q, category)) continue;
    inNamedCategory ??= new Uint32Array(words);
    for (let w = 0; w < words; w += 1) {
      inNamedCategory[w] = (inNamedCategory[w] as number) | (members[w] as number);
    }
  }
  if (inNamedCategory) addMetadataPoints(inNamedCategory, categoryPoints);

  // +1 when the title holds the whole query: points only add and only relevance is returned, so this runs last
  // and reads only the titles holding every word of entries not relevant already.
  if (titlesWithEveryWord) {
    tally.add(titlesHolding(index, without(titlesWithEveryWord, tally.relevant), q), wholeQueryInTitle);
  }

  let byMetadata: PositionSet | undefined;
  return ok({
    all: tally.relevant,
    byMetadata: () => {
      if (byMetadata) return byMetadata;
      const metadataTally = new RelevanceTally(threshold, count);
      for (const { set, points } of metadataPoints) metadataTally.add(set, points);
      // The same last step over the titles and categories alone: here an entry relevant by its content may
      // still need its title read.
      if (titlesWithEveryWord) {
        const candidates = without(titlesWithEveryWord, metadataTally.relevant);
        metadataTally.add(titlesHolding(index, candidates, q), wholeQueryInTitle);
      }
      byMetadata = metadataTally.relevant;
      return byMetadata;
    },
  });
}

/**
 * REQ-kb The decision for the entry at a position of an index (or of the entries array it was built from).
 */
export type IndexedAccess = (position: number) => AccessDecision;

/**
 * REQ-kb Access by a rule that reads only the entry's access facts (`accessFactsKey`), as
 * `isDocumentAccessible` and `isBuiltinItemAccessible` do: the rule is asked once per distinct set of facts,
 * and lazily.
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

/**
 * REQ-kb Access asked of `decide` for every entry on its own (for a rule that may tell equal entries apart).
 */
export function accessPerEntry<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): IndexedAccess {
  return (position) => decide(index.entries[position] as T, viewer);
}

/**
 * REQ-kb-index An indexed access as the predicate `filterAccessible` and `computeAccessSummary` take. An entry that is not
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

/**
 * REQ-kb-sort-cap Entries at these positions (ascending) sorted from least to most sensitive, keeping their
 * order.
 */
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

/** REQ-kb Everything the viewer may see, least sensitive first: `filterAccessible` over the index. */
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
 * REQ-kb-oracle, REQ-kb From relevant entries (as `findRelevantEntries` gives them) to the search answer: the ones the viewer
 * may see, least sensitive first, at most 5, and the decisions for the ones withheld by title or category.
 */
export function pickResults<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  relevant: RelevantEntries,
  access: IndexedAccess,
): KnowledgeSearch<T> {
  const { positions, byMetadata } = relevant;
  const picker = new ResultPicker(index, access, positions.length, byMetadata);
  for (const position of positions) picker.take(position);
  return picker.picked();
}

/** REQ-kb `pickResults`, taking `relevantCount` relevant positions one by one in ascending order. */
class ResultPicker<T extends KnowledgeEntry> {
  /** Granted entries by sensitivity rank, in base order (the stable sort), at most 5 in each. */
  private readonly buckets: T[][] = [];
  /**
   * Withheld decisions: made at the first refusal, as long as the relevant entries left, then cut to the count.
   * A patient's search at 100k documents withholds tens of thousands, and an array grown by pushes would be
   * copied again and again; made before the first refusal, it would be as large for a doctor refused nothing.
   * Either way, more garbage collections during searches.
   */
  private withheld: AccessDecision[] | undefined;
  private withheldCount = 0;
  private taken = 0;

  constructor(
    private readonly index: KnowledgeIndex<T>,
    private readonly access: IndexedAccess,
    private readonly relevantCount: number,
    /** REQ-kb The refused entries that are reported (REQ-kb-oracle: relevant by title and category alone). */
    private readonly reportedSet: () => PositionSet,
  ) {}

  /** `reportedSet`, asked for at the first refusal: thousands of refusals then read one set. */
  private reported: PositionSet | undefined;

  take(position: number) {
    const decision = this.access(position);
    this.taken += 1;
    if (!decision.granted) {
      this.reported ??= this.reportedSet();
      if ((((this.reported[position >>> 5] as number) >>> (position & 31)) & 1) === 0) return;
      this.withheld ??= new Array<AccessDecision>(this.relevantCount - this.taken + 1);
      this.withheld[this.withheldCount] = decision;
      this.withheldCount += 1;
      return;
    }
    const bucket = (this.buckets[this.index.ranks[position] as number] ??= []);
    if (bucket.length < MAX_KNOWLEDGE_RESULTS) bucket.push(this.index.entries[position] as T);
  }

  picked(): KnowledgeSearch<T> {
    const withheld = this.withheld ?? [];
    withheld.length = this.withheldCount;
    return { results: this.buckets.flat().slice(0, MAX_KNOWLEDGE_RESULTS), withheld };
  }
}

/**
 * REQ-kb-index Search over an index: the same answer as `searchKnowledge(index.entries, query, viewer, decide)` when
 * `access` gives that viewer's `decide` (`accessByFacts(index, viewer, decide)`).
 */
export function searchKnowledgeIndex<T extends KnowledgeEntry>(
  index: KnowledgeIndex<T>,
  query: unknown,
  access: IndexedAccess,
): Result<KnowledgeSearch<T>> {
  const relevant = relevantSets(index, query);
  if (!relevant.ok) return relevant;
  const { all, byMetadata } = relevant.value;
  // Straight from the set: at 100k documents the list of relevant positions would be tens of thousands long.
  const picker = new ResultPicker(index, access, sizeOf(all), byMetadata);
  forEachPosition(all, (position) => picker.take(position));
  return ok(picker.picked());
}
