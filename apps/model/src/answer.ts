/**
 * How the demo model answers: it reads the knowledge sources the API put in the system message (each one section
 * of a document, labelled `<title> › <section>`), takes the last user message as the question, and composes an
 * educational answer from the domain's canned answer for the question's topic and the text of the sources that
 * best match the question, citing each by its label (`(Source: <title> › <section>)`).
 * Everything here is pure and deterministic: the same messages and token budget always give the same answer.
 * The prompt format is documented in apps/model/README.md.
 */
import {
  CANNED_ANSWERS,
  cannedAnswerFor,
  conceptHits,
  linesAsProse,
  questionKeywords,
  saysWhenToGetCare,
  scoreSectionMatch,
  sectionQueryOf,
  splitSectionLabel,
  parseSources,
  type SectionQuery,
  type SourceBlock as Source,
} from '@sentinel/domain';

export { formatSources, parseSources, type SourceBlock as Source } from '@sentinel/domain';

/** A conversation turn as the model reads it (OpenAI roles; `developer` is the newer name for `system`). */
export type Turn = {
  readonly role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  readonly content: string;
};

/** At most this many sources are cited in one answer, the most relevant first. */
export const MAX_CITED_SOURCES = 3;
/**
 * At most this many words are quoted from one source: a whole safety section (a threshold table with its reading
 * in words, the 15-15 rule with when to call 911) fits, within the API's budget of 300 tokens. Sources share the
 * budget best first, so the best section is quoted whole when it fits, and later ones get what is left.
 */
export const MAX_QUOTE_WORDS = 260;
/** A quote shorter than this is not worth its citation: the budget is spent. */
const MIN_QUOTE_WORDS = 12;
/** A quoted sentence longer than this many words is cut (with an ellipsis). */
const MAX_WORDS_PER_SENTENCE = 60;

/**
 * Only instructions name sources: a `[Source: ...]` line typed into a user message (or echoed in an assistant
 * turn) is never cited, so a user cannot make the model attribute text to a document.
 */
export function sourcesOf(turns: readonly Turn[]): Source[] {
  const sources: Source[] = [];
  for (const turn of turns) {
    if (turn.role !== 'system' && turn.role !== 'developer') continue;
    for (const source of parseSources(turn.content)) {
      if (!sources.some((s) => s.title === source.title)) sources.push(source);
    }
  }
  return sources;
}

/** The question: the last user message ('' when there is none). */
export function questionOf(turns: readonly Turn[]): string {
  return turns.findLast((turn) => turn.role === 'user')?.content.trim() ?? '';
}

const PROMPT_LABEL = /^(System|User|Assistant):[ \t]?(.*)$/;

/**
 * The text-generation fallback sends one prompt: the conversation as labelled turns (`System: `, `User: `,
 * `Assistant: `, each turn running until the next label) ending on `Assistant:`, as the domain's
 * promptFromMessages writes it. Only text before the first `User:` line counts as instructions, so a user turn
 * cannot smuggle in a `System:` line with sources. A prompt without a `User:` line is one user question.
 */
export function turnsFromPrompt(prompt: string): Turn[] {
  const lines = prompt.split(/\r\n|\n|\r/);
  if (!lines.some((line) => line.startsWith('User:'))) return [{ role: 'user', content: prompt }];
  const turns: { role: Turn['role']; lines: string[] }[] = [];
  let seenUser = false;
  for (const line of lines) {
    const label = PROMPT_LABEL.exec(line);
    const name = label?.[1];
    // Once the user has spoken, a `System:` line is part of their text, not an instruction.
    if (label && name && !(name === 'System' && seenUser)) {
      const role = name === 'System' ? 'system' : name === 'User' ? 'user' : 'assistant';
      if (role === 'user') seenUser = true;
      turns.push({ role, lines: [label[2] ?? ''] });
    } else {
      turns.at(-1)?.lines.push(line);
    }
  }
  return turns
    .map(({ role, lines: body }) => ({ role, content: body.join('\n').trim() }))
    .filter((turn) => turn.role !== 'assistant' || turn.content !== '');
}

/** The question's topic words: lowercased, without punctuation, longer than 2 letters, no stop words (domain). */
export const keywordsOf = questionKeywords;

/** A numbered step as the API's prose writes it (`1) Eat or drink...`) or as markdown does (`1. `). */
const STEP_LINE = /^\d{1,3}[.)]\s/;

/**
 * The sentences of prose lines (split after . ! ? before a capital, digit or quote, and at line breaks), each with
 * its line's group: a line ending in a colon and the numbered steps right after it are one group ("use the 15-15
 * rule:" and its steps), so a question that matches the lead-in matches its steps too.
 */
function sentencesOf(lines: readonly string[]): { sentence: string; group: string }[] {
  let leadIn: string | undefined;
  return lines.flatMap((line, index) => {
    const text = line.replace(/\s+/g, ' ').trim();
    const step = STEP_LINE.test(text) && leadIn !== undefined;
    if (!step) leadIn = text.endsWith(':') ? `line ${index}` : undefined;
    return text
      .split(/(?<=[.!?])\s+(?=["'(\p{Lu}\p{N}])/u)
      .filter((sentence) => sentence.length > 0)
      .map((sentence, at) => ({ sentence, group: leadIn ?? `${index}.${at}` }));
  });
}

const wordsIn = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** A sentence of at most `maxWords` words (cut with an ellipsis), ending with punctuation. */
function tidySentence(sentence: string, maxWords = MAX_WORDS_PER_SENTENCE): string {
  const words = wordsIn(sentence);
  const text = words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : sentence;
  return /[.!?:…]$/.test(text) ? text : `${text}.`;
}

/**
 * What to quote from a source, in at most `maxWords` words: all of it when it fits (a section the API chose for
 * the question is on topic as a whole). Otherwise the sentences that mention the most of the question (domain
 * `conceptHits`: its words, their synonyms, numbers within a threshold's range), a numbered step counting as much
 * as the lead-in it follows, and a sentence saying when to call 911 or get urgent care counting one more (domain
 * `saysWhenToGetCare`: the safer answer keeps it); as many as fit, in their original order. When none mentions
 * anything and none says when to get care (the source matched by its title), its opening sentences. Table rows are read as prose (domain
 * `linesAsProse`), not dropped.
 */
export function quoteFrom(source: Source, query: SectionQuery, maxWords = MAX_QUOTE_WORDS): string {
  const sentences = sentencesOf(linesAsProse(source.excerpt)).map((s) => ({
    ...s,
    sentence: tidySentence(s.sentence),
  }));
  const whole = sentences.map((s) => s.sentence).join(' ');
  if (sentences.length === 0 || countTokens(whole) <= maxWords) return whole;
  const own = sentences.map((s) => conceptHits(query, s.sentence));
  const groupHits = new Map<string, number>();
  sentences.forEach((s, i) => groupHits.set(s.group, Math.max(groupHits.get(s.group) ?? 0, own[i] ?? 0)));
  const scored = sentences.map((s, index) => ({
    index,
    sentence: s.sentence,
    words: countTokens(s.sentence),
    matches: Math.max(own[index] ?? 0, groupHits.get(s.group) ?? 0),
  }));
  const ranked = scored.map((s) => ({ ...s, rank: s.matches + (saysWhenToGetCare(s.sentence) ? 1 : 0) }));
  const matching = ranked.filter((s) => s.rank > 0);
  const candidates = (matching.length > 0 ? matching : ranked).toSorted(
    (a, b) => b.rank - a.rank || a.index - b.index,
  );
  const chosen: typeof candidates = [];
  let used = 0;
  for (const candidate of candidates) {
    if (used + candidate.words > maxWords) continue;
    chosen.push(candidate);
    used += candidate.words;
  }
  const best = candidates[0];
  if (chosen.length === 0) return best ? tidySentence(best.sentence, maxWords) : '';
  return chosen
    .toSorted((a, b) => a.index - b.index)
    .map((s) => s.sentence)
    .join(' ');
}

/**
 * The least match a source needs to be cited, in the domain's section points (`scoreSectionMatch`: 3 for a
 * concept of the question in its label, 1 in its text): one in its label, or two in its text. A single word such
 * as 'adults' in a text is a coincidence, not a match.
 */
const MIN_CITATION_POINTS = 2;

/**
 * The sources worth citing: scored with the domain's section match on the question's concepts (its words, their
 * synonyms, its numbers), the label (`<title> › <section>`) read as the heading, so 'what', 'the' or 'are' do not
 * make every source look relevant; sources with at least MIN_CITATION_POINTS, at most MAX_CITED_SOURCES. The best
 * first (ties keep the prompt's order, which is the API's ranking), except that each document's best section comes
 * before second sections when it scores at least half the best: a question about two topics ("hypertension and
 * diabetes") is answered from both documents, while a document that only mentions the topic in passing is not.
 */
export function rankSources(sources: readonly Source[], question: string): Source[] {
  const query = sectionQueryOf(question);
  if (query.concepts.length === 0) return [];
  const ranked = sources
    .map((source, index) => ({
      source,
      index,
      points: scoreSectionMatch(query, { heading: source.title, text: source.excerpt }),
    }))
    .filter((s) => s.points >= MIN_CITATION_POINTS)
    .toSorted((a, b) => b.points - a.points || a.index - b.index);
  const best = ranked[0]?.points ?? 0;
  const documents = new Set<string>();
  const firsts: typeof ranked = [];
  const others: typeof ranked = [];
  for (const entry of ranked) {
    const document = splitSectionLabel(entry.source.title).title;
    if (!documents.has(document) && entry.points * 2 >= best) {
      documents.add(document);
      firsts.push(entry);
    } else {
      others.push(entry);
    }
  }
  return [...firsts, ...others].slice(0, MAX_CITED_SOURCES).map((s) => s.source);
}

/** How an answer cites a source: its label as the prompt gives it, `<title> › <section>` for a section. */
export const citation = (label: string): string => `(Source: ${label})`;

/**
 * The full answer: the canned answer for the question's topic (when the question has one), then one paragraph per
 * cited source, its quote followed by `(Source: <title> › <section>)`. With neither, the general canned answer.
 * Within `maxTokens` words the best source comes first: its quote gets up to MAX_QUOTE_WORDS, the canned answer
 * opens the answer when it fits in what is left (the cited section is the more specific answer), and the other
 * sources share the rest in order. A citation is never cut off its quote; a source with no room for a quote of
 * MIN_QUOTE_WORDS is left out.
 */
export function composeAnswer(turns: readonly Turn[], maxTokens = Number.POSITIVE_INFINITY): string {
  const question = questionOf(turns);
  const canned = cannedAnswerFor(question);
  const query = sectionQueryOf(question);
  let room = maxTokens;
  const citations: string[] = [];
  let lead: string | undefined;
  for (const source of rankSources(sourcesOf(turns), question)) {
    const cite = citation(source.title);
    const allowance = Math.min(MAX_QUOTE_WORDS, room - countTokens(cite));
    if (allowance < MIN_QUOTE_WORDS) break;
    const quote = quoteFrom(source, query, allowance);
    if (quote === '') continue;
    const paragraph = `${quote} ${cite}`;
    citations.push(paragraph);
    room -= countTokens(paragraph);
    // The best source is quoted first; the canned answer opens the answer if it fits beside it.
    if (citations.length === 1 && canned !== CANNED_ANSWERS.general && countTokens(canned) <= room) {
      lead = canned;
      room -= countTokens(canned);
    }
  }
  if (citations.length === 0) return canned;
  return [...(lead === undefined ? [] : [lead]), ...citations].join('\n\n');
}

/** Tokens are words with the whitespace after them, so joining the tokens gives the text back. */
export function tokenize(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** How many tokens (words) a text holds. */
export const countTokens = (text: string): number => tokenize(text).length;

export type BudgetedAnswer = {
  /** The tokens to send, in order; their concatenation is the answer. */
  readonly tokens: string[];
  /** 'length' when the answer was cut to fit the budget. */
  readonly finishReason: 'stop' | 'length';
};

/**
 * Fits an answer into `maxTokens` words. A cut answer ends at the last sentence that fits when that keeps at
 * least half the budget, so it does not stop mid-sentence; otherwise at the budget.
 */
export function fitToBudget(answer: string, maxTokens: number): BudgetedAnswer {
  const all = tokenize(answer);
  if (all.length <= maxTokens) return { tokens: trimLast(all), finishReason: 'stop' };
  const kept = all.slice(0, maxTokens);
  const sentenceEnd = kept.findLastIndex((token) => /[.!?]\s*$/.test(token));
  const end = sentenceEnd + 1 >= Math.ceil(maxTokens / 2) ? sentenceEnd + 1 : maxTokens;
  return { tokens: trimLast(kept.slice(0, end)), finishReason: 'length' };
}

function trimLast(tokens: string[]): string[] {
  const last = tokens.at(-1);
  return last === undefined ? tokens : [...tokens.slice(0, -1), last.trimEnd()];
}

/** The demo model: the composed answer for a conversation, within `maxTokens` words. */
export function answer(turns: readonly Turn[], maxTokens: number): BudgetedAnswer {
  return fitToBudget(composeAnswer(turns, maxTokens), maxTokens);
}
