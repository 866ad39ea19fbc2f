/**
 * Knowledge limitation by fine-grained authorization: who may see which built-in item or markdown document,
 * how a query scores against an item, and how results, stats and audit entries are built.
 * REQ-data-builtin-item, REQ-data-document, REQ-kb-access, REQ-kb-relevance, REQ-kb-sort-cap, REQ-limit-knowledge.
 */
import { z } from 'zod';
import type {
  AccessStats,
  BuiltinKnowledgeItem,
  DocumentSensitivity,
  KnowledgeAccessContext,
  KnowledgeAccessSummary,
  KnowledgeAuditEntry,
  KnowledgeDocument,
  SecureReply,
  SensitivityLevel,
} from './entities';
import { EXCERPT_LENGTH, MAX_KNOWLEDGE_RESULTS, RELEVANCE_THRESHOLD } from './constants';
import { toSpecializationSlug } from './auth';
import { fail, ok, type Result } from './result';
import { canAccessData } from './roles';
import { parseWith } from './validate';

/**
 * REQ-kb-sensitivity-order Sensitivity order of built-in items: public 0, professional 1, restricted 2,
 * confidential 3.
 */
export const SENSITIVITY_ORDER: Readonly<Record<SensitivityLevel, number>> = {
  public: 0,
  professional: 1,
  restricted: 2,
  confidential: 3,
};

/**
 * REQ-data-document, REQ-limit-levels Sensitivity order of markdown documents (low < medium < high), used the
 * same way for sorting.
 */
export const DOCUMENT_SENSITIVITY_ORDER: Readonly<Record<DocumentSensitivity, number>> = {
  low: 0,
  medium: 1,
  high: 2,
};

/**
 * REQ-kb-prescribing-note Medication documents note this, but it only goes to the log: it never denies
 * access.
 */
export const PRESCRIBING_AUTHORITY_NOTE = 'restricted prescribing authority (doctor, nurse-practitioner)';

/** REQ-kb High-sensitivity documents are for these roles only. */
const HIGH_SENSITIVITY_ROLES: readonly string[] = ['doctor', 'admin'];

/** Either kind of knowledge: a built-in item or a bundled markdown document. */
export type KnowledgeEntry = BuiltinKnowledgeItem | KnowledgeDocument;

/**
 * Who is asking. `patientId` is not part of the access context (REQ-data-access-context) sent by the browser: the server fills it from
 * the signed-in patient, so a patient can only ever match patient-bound items about themselves.
 */
export type KnowledgeViewer = Pick<KnowledgeAccessContext, 'role' | 'specializations'> & {
  readonly patientId?: string;
};

/** Which rule refused access, so a reply can explain it (REQ-err-no-knowledge "No authorized knowledge"). */
export type AccessFactor = 'role' | 'patient_binding' | 'specialization' | 'sensitivity';

/** The outcome of one access check: notes are logged alongside the reason but never change the outcome. */
export type AccessDecision = {
  readonly granted: boolean;
  readonly reason: string;
  readonly notes: readonly string[];
  /** Set when access is refused. */
  readonly factor?: AccessFactor;
};

export type AccessPredicate<T> = (item: T, viewer: KnowledgeViewer) => AccessDecision;

const granted = (reason: string, notes: readonly string[] = []): AccessDecision => ({
  granted: true,
  reason,
  notes,
});
const denied = (factor: AccessFactor, reason: string): AccessDecision => ({
  granted: false,
  reason,
  notes: [],
  factor,
});

/**
 * REQ-kb-patient-bound: the role must be one of the item's required roles. A patient-bound item (one
 * with a patientId) also needs a read grant on patient records (REQ-access-matrix); on top of that, and
 * this is our secure choice where the spec is silent, a patient may only see items bound to their own id.
 */
export function isBuiltinItemAccessible(item: BuiltinKnowledgeItem, viewer: KnowledgeViewer): AccessDecision {
  if (!item.requiredRole.includes(viewer.role)) {
    return denied('role', `Role ${viewer.role} is not allowed (allowed: ${item.requiredRole.join(', ')})`);
  }
  if (item.patientId !== undefined) {
    if (!canAccessData(viewer.role, 'patient_records', 'read')) {
      return denied('patient_binding', `Role ${viewer.role} has no read access to patient records`);
    }
    if (viewer.role === 'patient' && viewer.patientId !== item.patientId) {
      return denied('patient_binding', 'A patient may view only their own patient-bound items');
    }
  }
  return granted(`Role ${viewer.role} is allowed`);
}

/**
 * REQ-kb-specialization: the role must be in the document's access level; a doctor needs one of the listed
 * specializations when the document lists any (compared as slugs, so 'Internal Medicine' matches
 * 'internal-medicine'); high sensitivity is for doctor and admin only. A medication document with prescribing
 * authority adds a note (logged, never a refusal).
 */
export function isDocumentAccessible(doc: KnowledgeDocument, viewer: KnowledgeViewer): AccessDecision {
  const { accessLevel, specializationRequired, sensitivity, prescribingAuthority } = doc.metadata;
  if (!accessLevel.includes(viewer.role)) {
    return denied(
      'role',
      `Role ${viewer.role} is not in the document's access level (${accessLevel.join(', ')})`,
    );
  }
  if (viewer.role === 'doctor' && specializationRequired.length > 0) {
    const required = specializationRequired.map(toSpecializationSlug);
    const held = viewer.specializations.map(toSpecializationSlug);
    if (!held.some((s) => required.includes(s))) {
      return denied('specialization', `Specialization required: one of ${required.join(', ')}`);
    }
  }
  if (sensitivity === 'high' && !HIGH_SENSITIVITY_ROLES.includes(viewer.role)) {
    return denied('sensitivity', 'High-sensitivity documents are for doctor and admin only');
  }
  const notes = doc.category === 'medication' && prescribingAuthority ? [PRESCRIBING_AUTHORITY_NOTE] : [];
  return granted(`Role ${viewer.role} is allowed`, notes);
}

/**
 * REQ-kb-sensitivity-order, REQ-limit-levels The sensitivity rank of an item or document (lower is less
 * sensitive).
 */
export function sensitivityRank(entry: KnowledgeEntry): number {
  return 'metadata' in entry
    ? DOCUMENT_SENSITIVITY_ORDER[entry.metadata.sensitivity]
    : SENSITIVITY_ORDER[entry.sensitivityLevel];
}

/**
 * REQ-kb-sort-cap Results are sorted from least to most sensitive; equal ranks keep their order. Returns a
 * new array.
 */
export function sortBySensitivity<T extends KnowledgeEntry>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => sensitivityRank(a) - sensitivityRank(b));
}

/** REQ-kb, REQ-limit-knowledge At most 5 knowledge items are returned. */
export function capResults<T>(items: readonly T[]): T[] {
  return items.slice(0, MAX_KNOWLEDGE_RESULTS);
}

/** What relevance looks at. Both built-in items and documents have these fields. */
export type Scorable = { readonly title: string; readonly content: string; readonly category: string };

/** REQ-kb +0.5 when the query names the item's kind of category. */
const CATEGORY_KEYWORDS: ReadonlyArray<{ keywords: readonly string[]; categories: readonly string[] }> = [
  { keywords: ['drug', 'medication'], categories: ['drug_information', 'medication'] },
  { keywords: ['procedure', 'treatment'], categories: ['medical_procedures', 'treatment'] },
  { keywords: ['emergency', 'urgent'], categories: ['emergency_protocols'] },
];

/**
 * REQ-kb-relevance Relevance points in tenths, so that sums are exact (three content matches are 0.3, not
 * 0.30000000000000004, and so do not pass the threshold): the whole query in the title, a query word in the
 * title, a query word in the content, a category keyword; the score is capped at 1 (10 tenths).
 */
export const RELEVANCE_TENTHS = {
  wholeQueryInTitle: 10,
  titleWord: 3,
  contentWord: 1,
  category: 5,
  cap: 10,
} as const;

/**
 * REQ-kb A title or query as relevance reads it: lowercased, each run of whitespace one space, trimmed. The
 * whole query is looked for in the title, and how words are spaced says nothing about what is asked.
 */
export function relevanceText(text: string): string {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')
    .join(' ');
}

/**
 * REQ-kb-oracle The query is lowercased and read as its words, each once (REQ-kb-oracle): a word written again asks
 * nothing new, and counting it again let a caller push a single word of a text past the threshold (four times
 * "word" made 0.4), and so learn from the count of withheld items whether a text they may not read holds it.
 */
export function relevanceQuery(query: string): string {
  return [...new Set(relevanceText(query).split(' '))].join(' ');
}

/** REQ-kb-score The query words that score: distinct words (split on whitespace) longer than 2 characters. */
export function relevanceWords(lowercasedQuery: string): string[] {
  return [...new Set(lowercasedQuery.split(/\s+/).filter((w) => w.length > 2))];
}

/** REQ-kb-score Does the lowercased query name a keyword of this category's kind (+0.5)? */
export function isCategoryKeywordHit(lowercasedQuery: string, category: string): boolean {
  return CATEGORY_KEYWORDS.some(
    ({ keywords, categories }) =>
      categories.includes(category) && keywords.some((k) => lowercasedQuery.includes(k)),
  );
}

/** REQ-kb-relevance A sum of relevance points, in tenths, as the score: capped at 1. */
export function scoreFromTenths(tenths: number): number {
  return Math.min(tenths, RELEVANCE_TENTHS.cap) / 10;
}

/**
 * REQ-kb-relevance: +1 if the title contains the whole lowercased query; for each distinct query word
 * longer than 2 characters +0.3 for a title match and +0.1 for a content match; +0.5 for a category-matching
 * keyword; capped at 1. A blank query scores 0 (it would otherwise match every title). This is the reference
 * rule: the knowledge index (knowledgeIndex.ts) gives the same scores without reading every entry on every query.
 */
export function scoreRelevance(query: string, entry: Scorable): number {
  const q = relevanceQuery(query);
  if (q === '') return 0;
  const title = relevanceText(entry.title);
  const content = entry.content.toLowerCase();
  let tenths = title.includes(q) ? RELEVANCE_TENTHS.wholeQueryInTitle : 0;
  for (const word of relevanceWords(q)) {
    if (title.includes(word)) tenths += RELEVANCE_TENTHS.titleWord;
    if (content.includes(word)) tenths += RELEVANCE_TENTHS.contentWord;
  }
  if (isCategoryKeywordHit(q, entry.category)) tenths += RELEVANCE_TENTHS.category;
  return scoreFromTenths(tenths);
}

/** REQ-kb-relevance A document counts if its score exceeds the threshold (0.3; strictly greater). */
export function isRelevant(score: number): boolean {
  return score > RELEVANCE_THRESHOLD;
}

/**
 * REQ-kb relevance read from an entry's public metadata only, its title and category, as if it had no
 * content. REQ-kb-oracle, REQ-model-response and REQ-kb-oracle: a relevant entry the viewer may not see is
 * reported as withheld (counted in a chat reply, explained by the REQ-model-response) only when this score is
 * relevant too. Its text is what the viewer may not read, so it must not decide what they are told: otherwise
 * asking for a rare word would tell them whether a restricted text holds it.
 */
export function scoreMetadataRelevance(query: string, entry: Scorable): number {
  return scoreRelevance(query, { title: entry.title, content: '', category: entry.category });
}

/** REQ-kb Everything the viewer may see, least sensitive first (not capped: this is the browsing list). */
export function filterAccessible<T extends KnowledgeEntry>(
  items: readonly T[],
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): T[] {
  return sortBySensitivity(items.filter((item) => decide(item, viewer).granted));
}

/** A search query: outside text, so it is trimmed and bounded. */
export const KnowledgeQuerySchema = z.string().trim().min(1).max(500);

export type KnowledgeSearch<T> = {
  /** Relevant items the viewer may see, least sensitive first, at most 5. */
  readonly results: T[];
  /**
   * The decisions for items withheld whose title or category alone make them relevant
   * (`scoreMetadataRelevance`), so a reply can say why (REQ-model) without telling what a withheld text
   * holds.
   */
  readonly withheld: AccessDecision[];
};

/**
 * REQ-kb-relevance Search: items whose relevance exceeds the threshold and that the viewer may see, sorted
 * from least to most sensitive and capped at 5, and the items withheld by their title or category. Works for
 * built-in items (with isBuiltinItemAccessible) and documents (with isDocumentAccessible). It reads every
 * item's text on every query: fine for a handful of items, and the reference that `searchKnowledgeIndex`
 * (knowledgeIndex.ts, for large bases) is proven equal to.
 */
export function searchKnowledge<T extends KnowledgeEntry>(
  items: readonly T[],
  query: unknown,
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): Result<KnowledgeSearch<T>> {
  const parsed = parseWith(KnowledgeQuerySchema, query, 'search query');
  if (!parsed.ok) return parsed;
  const results: T[] = [];
  const withheld: AccessDecision[] = [];
  for (const item of items) {
    if (!isRelevant(scoreRelevance(parsed.value, item))) continue;
    const decision = decide(item, viewer);
    if (decision.granted) results.push(item);
    else if (isRelevant(scoreMetadataRelevance(parsed.value, item))) withheld.push(decision);
  }
  return ok({ results: capResults(sortBySensitivity(results)), withheld });
}

/**
 * REQ-data-access-stats: the restricting factors in words, shown in the knowledge screen's restrictions
 * notice.
 */
export function restrictingFactors(viewer: KnowledgeViewer): string[] {
  const factors = [`Role: ${viewer.role}`];
  if (viewer.role === 'doctor') {
    const held = viewer.specializations.map(toSpecializationSlug).filter(Boolean);
    factors.push(`Specialization: ${held.length > 0 ? held.join(', ') : 'none'}`);
  }
  if (!HIGH_SENSITIVITY_ROLES.includes(viewer.role)) {
    factors.push('Sensitivity: high-sensitivity items need doctor or admin');
  }
  return factors;
}

/**
 * REQ-data-access-stats: totalItems, accessibleItems, accessPercentage (rounded; 0 when there is nothing),
 * and the restricting factors, listed only when something is actually withheld.
 */
export function computeAccessStats(total: number, accessible: number, viewer: KnowledgeViewer): AccessStats {
  return {
    totalItems: total,
    accessibleItems: accessible,
    accessPercentage: total === 0 ? 0 : Math.round((accessible / total) * 100),
    restrictedBy: accessible < total ? restrictingFactors(viewer) : [],
  };
}

/**
 * REQ-data-new-user-form The second summary form. A category is accessible when the viewer may see at least
 * one item in it, and restricted when the base holds items in it but the viewer may see none. Categories keep
 * first-seen order.
 */
export function computeAccessSummary<T extends KnowledgeEntry>(
  items: readonly T[],
  viewer: KnowledgeViewer,
  decide: AccessPredicate<T>,
): KnowledgeAccessSummary {
  const accessibleCategories: string[] = [];
  const allCategories: string[] = [];
  let accessibleKnowledge = 0;
  for (const item of items) {
    if (!allCategories.includes(item.category)) allCategories.push(item.category);
    if (!decide(item, viewer).granted) continue;
    accessibleKnowledge += 1;
    if (!accessibleCategories.includes(item.category)) accessibleCategories.push(item.category);
  }
  return {
    totalKnowledge: items.length,
    accessibleKnowledge,
    accessibleCategories,
    restrictedCategories: allCategories.filter((c) => !accessibleCategories.includes(c)),
  };
}

/**
 * REQ-data-knowledge-audit of one knowledge access decision. Notes (such as prescribing authority) are logged
 * in the reason. An invalid clock value is refused rather than thrown.
 */
export function buildKnowledgeAuditEntry(input: {
  now: Date;
  userId: string;
  context: KnowledgeViewer;
  itemId: string;
  decision: AccessDecision;
}): Result<KnowledgeAuditEntry> {
  const { now, userId, context, itemId, decision } = input;
  if (Number.isNaN(now.getTime()))
    return fail('invalid_input', 'Invalid audit entry: the time is not a valid date');
  return ok({
    timestamp: now.toISOString(),
    userId,
    userRole: context.role,
    itemId,
    accessGranted: decision.granted,
    reason: [decision.reason, ...decision.notes].join('; '),
    specializations: [...context.specializations],
  });
}

/**
 * REQ-err-no-knowledge Wording of the "No authorized knowledge" reply (the spec describes it but gives no
 * text).
 */
export const NO_KNOWLEDGE_TEXTS = {
  lead: "I couldn't find medical knowledge you are authorized to view for this question.",
  role: (role: string) => `Your role (${role}) does not have access to the knowledge that matched.`,
  level: 'The knowledge that matched needs a higher access level (specialization or sensitivity) than yours.',
  noMatch: 'No knowledge items matched your question.',
  warning:
    "Knowledge is limited by your role, specialization and each item's sensitivity. Contact your administrator if you need broader access.",
} as const;

/**
 * REQ-err-no-knowledge No authorized knowledge: a message explaining role, level or no-match reasons, with a warning. `withheld`
 * are the decisions for items the viewer could not see that the query matched by title or category (a search's
 * `withheld`); none means nothing matched that the viewer may be told about.
 */
export function explainNoAuthorizedKnowledge(
  viewer: KnowledgeViewer,
  withheld: readonly AccessDecision[],
): Pick<SecureReply, 'message' | 'warnings'> {
  const parts: string[] = [NO_KNOWLEDGE_TEXTS.lead];
  const factors = withheld.map((d) => d.factor);
  if (withheld.length === 0) parts.push(NO_KNOWLEDGE_TEXTS.noMatch);
  if (factors.some((f) => f === 'role' || f === 'patient_binding'))
    parts.push(NO_KNOWLEDGE_TEXTS.role(viewer.role));
  if (factors.some((f) => f === 'specialization' || f === 'sensitivity'))
    parts.push(NO_KNOWLEDGE_TEXTS.level);
  return { message: parts.join(' '), warnings: [NO_KNOWLEDGE_TEXTS.warning] };
}

/** Markdown syntax that would read as noise in a short excerpt: links keep their text, markers go. */
function stripMarkdown(content: string): string {
  return content
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+\.[ \t]+)/gm, '')
    .replace(/\*\*|__|[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * REQ-data-chat-message, REQ-limit-excerpt Excerpts are the first 150 characters. We strip markdown syntax
 * first (an excerpt is plain text in a chat reference) and never cut a surrogate pair in half, so the excerpt
 * stays valid text of at most 150 UTF-16 units (the length KnowledgeRefSchema checks).
 */
export function makeExcerpt(content: string): string {
  const plain = stripMarkdown(content);
  if (plain.length <= EXCERPT_LENGTH) return plain;
  const last = plain.charCodeAt(EXCERPT_LENGTH - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? EXCERPT_LENGTH - 1 : EXCERPT_LENGTH;
  return plain.slice(0, end).trimEnd();
}
