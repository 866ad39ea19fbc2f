/**
 * How the demo model answers: it reads the knowledge sources the API put in the system message, takes the last
 * user message as the question, and composes an educational answer from the domain's canned answer for the
 * question's topic and the sentences of the most relevant sources that match the question, citing each by title.
 * Everything here is pure and deterministic: the same messages and token budget always give the same answer.
 * The prompt format is documented in apps/model/README.md.
 */
import { CANNED_ANSWERS, cannedAnswerFor, scoreRelevance } from '@sentinel/domain';

/** A conversation turn as the model reads it (OpenAI roles; `developer` is the newer name for `system`). */
export type Turn = {
  readonly role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  readonly content: string;
};

/** One knowledge source listed in the prompt: its title and the excerpt under it. */
export type Source = { readonly title: string; readonly excerpt: string };

/**
 * A source block starts with this line: `[Source: <title>]` from the first column. An indented marker is plain
 * text, so an excerpt can quote one (the API indents such lines) without starting a block of its own.
 */
const SOURCE_HEADER = /^\[Source:[ \t]*(.*?)[ \t]*\][ \t]*$/;
/** An optional line ending the last source block, so instructions may follow the list (also from column 1). */
const SOURCES_END = /^\[End of sources\][ \t]*$/i;

/** At most this many sources are cited in one answer, the most relevant first. */
export const MAX_CITED_SOURCES = 3;
/** At most this many sentences are quoted from one source. */
const MAX_SENTENCES_PER_SOURCE = 2;
/** A quoted sentence longer than this many words is cut (with an ellipsis). */
const MAX_WORDS_PER_SENTENCE = 60;

/**
 * The knowledge section of a system message in the format this model reads (apps/model/README.md): one
 * `[Source: <title>]` line per source, its excerpt on the lines below, a blank line between sources, and an
 * `[End of sources]` line. A title is kept on one line (its header ends at the last `]` of the line, so
 * brackets inside a title are fine).
 */
export function formatSources(sources: readonly Source[]): string {
  const blocks = sources.map((s) => `[Source: ${s.title.replace(/\s+/g, ' ').trim()}]\n${s.excerpt.trim()}`);
  return [...blocks, '[End of sources]'].join('\n\n');
}

/**
 * The sources listed in one instruction text: each `[Source: <title>]` line starts a block whose excerpt is the
 * text up to the next header, an `[End of sources]` line or the end. Blocks without a title or an excerpt are
 * skipped, and a title listed twice is kept once (the first).
 */
export function parseSources(text: string): Source[] {
  const sources: Source[] = [];
  let current: { title: string; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    const excerpt = current.lines.join('\n').trim();
    if (current.title !== '' && excerpt !== '' && !sources.some((s) => s.title === current?.title)) {
      sources.push({ title: current.title, excerpt });
    }
    current = undefined;
  };
  for (const line of text.split(/\r\n|\n|\r/)) {
    const header = SOURCE_HEADER.exec(line);
    if (header) {
      close();
      current = { title: header[1] ?? '', lines: [] };
    } else if (SOURCES_END.test(line)) {
      close();
    } else {
      current?.lines.push(line);
    }
  }
  close();
  return sources;
}

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

/** Words that say nothing about a topic, left out when matching a question against sources. */
const STOP_WORDS = new Set(
  (
    'about above after again against all also and any are because been before being below between both but can ' +
    'could did does doing down during each few for from further had has have having her here hers herself him ' +
    'himself his how into its itself just know let like more most much must myself need not now off once only ' +
    'other our ours out over own please same she should some such take tell than that the their theirs them then ' +
    'there these they this those through too under until use used using very want was were what when where which ' +
    'while who whom why will with would you your yours yourself'
  ).split(' '),
);

/** The question's topic words: lowercased, without punctuation, longer than 2 letters, no stop words. */
export function keywordsOf(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

/** Plain text of an excerpt: markdown headings, quotes, list markers, emphasis, code marks and table rows go. */
function plainText(excerpt: string): string {
  return excerpt
    .split(/\r\n|\n|\r/)
    .filter((line) => !/^[ \t]*\|/.test(line))
    .map((line) => line.replace(/^[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+\.[ \t]+)/, ''))
    .join('\n')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|[*`]/g, '');
}

/** Sentences of a text: split after . ! ? before a capital or digit, and at line breaks. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=["'(\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

const wordsIn = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** A sentence of at most MAX_WORDS_PER_SENTENCE words, ending with punctuation. */
function tidySentence(sentence: string): string {
  const words = wordsIn(sentence);
  const text =
    words.length > MAX_WORDS_PER_SENTENCE ? `${words.slice(0, MAX_WORDS_PER_SENTENCE).join(' ')}…` : sentence;
  return /[.!?:…]$/.test(text) ? text : `${text}.`;
}

/**
 * What to quote from a source: the (at most 2) sentences holding the most topic words, in their original order;
 * when no sentence holds one (the source matched by its title), its opening sentences.
 */
export function quoteFrom(source: Source, keywords: readonly string[]): string {
  const sentences = sentencesOf(plainText(source.excerpt));
  const scored = sentences.map((sentence, index) => {
    const lower = sentence.toLowerCase();
    return { index, sentence, hits: keywords.filter((word) => lower.includes(word)).length };
  });
  const matching = scored.filter((s) => s.hits > 0);
  const chosen = (matching.length > 0 ? matching : scored)
    .toSorted((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, MAX_SENTENCES_PER_SOURCE)
    .toSorted((a, b) => a.index - b.index);
  return chosen.map((s) => tidySentence(s.sentence)).join(' ');
}

/**
 * The least relevance a source needs to be cited: one topic word in its title (0.3) or two in its excerpt
 * (0.1 each). A single word such as 'adults' in an excerpt is a coincidence, not a match.
 */
const MIN_CITATION_SCORE = 0.2;

/**
 * The sources worth citing: scored with the domain's knowledge relevance (§5) on the question's topic words, so
 * 'what', 'the' or 'are' do not make every source look relevant; sources scoring at least MIN_CITATION_SCORE,
 * the most relevant first (ties keep the prompt's order), at most MAX_CITED_SOURCES. The bar is lower than the
 * retrieval threshold (0.3) because the API has already judged these sources relevant on their full text, and
 * the excerpt is only part of it.
 */
export function rankSources(sources: readonly Source[], question: string): Source[] {
  const query = keywordsOf(question).join(' ');
  if (query === '') return [];
  return sources
    .map((source, index) => ({
      source,
      index,
      score: scoreRelevance(query, { title: source.title, content: source.excerpt, category: '' }),
    }))
    .filter((s) => s.score >= MIN_CITATION_SCORE)
    .toSorted((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_CITED_SOURCES)
    .map((s) => s.source);
}

/**
 * The full answer before the token budget: the canned answer for the question's topic (when the question has
 * one), then one 'According to <title>: ...' paragraph per cited source. With neither, the general canned answer.
 */
export function composeAnswer(turns: readonly Turn[]): string {
  const question = questionOf(turns);
  const canned = cannedAnswerFor(question);
  const keywords = keywordsOf(question);
  const citations = rankSources(sourcesOf(turns), question)
    .map((source) => ({ title: source.title, quote: quoteFrom(source, keywords) }))
    .filter((c) => c.quote !== '')
    .map((c) => `According to ${c.title}: ${c.quote}`);
  const paragraphs = [
    ...(canned === CANNED_ANSWERS.general && citations.length > 0 ? [] : [canned]),
    ...citations,
  ];
  return paragraphs.join('\n\n');
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
  return fitToBudget(composeAnswer(turns), maxTokens);
}
