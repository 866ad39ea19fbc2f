/**
 * What the model reads: instructions with the knowledge the user may see, then the conversation. The knowledge
 * is, for each document retrieval found (and the caller may see), the sections of it that best answer the
 * question (REQ-chat-retrieval: domain `selectSections`), not its opening: the safety sections (metformin's eGFR
 * thresholds, what to do about a low blood sugar, the hypertensive emergency) sit deep in their documents. It is
 * written in the format the built-in demo model parses (apps/model/README.md, written by its `formatSources`): one
 * `[Source: <document title> › <section>]` line per section with its text below as prose (tables as one line per
 * row), a blank line between sections, and an `[End of sources]` line. Real models read it as plain instructions.
 */
import {
  PRODUCT_NAME,
  cutText,
  formatSources,
  markdownAsProse,
  selectSections,
  splitSections,
  type KnowledgeSection,
  type ModelMessage,
  type SectionBudget,
  type SourceBlock,
} from '@sentinel/domain';
import type { ChatTurn } from '@sentinel/domain/contract';

/** The conversation sent to the model is its last 10 turns: enough context, a bounded prompt. */
export const MAX_HISTORY_TURNS = 10;
/**
 * How much of one section goes into the prompt: the longest safety sections (a threshold table with its reading
 * in words, an emergency section) fit whole; a longer one keeps its parts that match the question.
 */
export const PROMPT_EXCERPT_LENGTH = 1_800;
/** How much of one document goes into the prompt: its best sections together (at most 5 documents are found). */
export const PROMPT_SOURCE_LENGTH = 2_400;
/** At most this many sections of one document. */
export const PROMPT_SECTIONS_PER_SOURCE = 3;

const BUDGET: SectionBudget = {
  perDocument: PROMPT_SOURCE_LENGTH,
  perSection: PROMPT_EXCERPT_LENGTH,
  maxSections: PROMPT_SECTIONS_PER_SOURCE,
};

export type PromptSource = { readonly title: string; readonly content: string };

/**
 * A line of source text that would read as a marker is indented: a source marker (so a source cannot fake
 * another or end the list), or a turn label of the text-generation prompt (`User:`, so it cannot end the
 * instructions).
 */
const MARKER_LINE = /^([ \t]*)(\[(?:Source:|End of sources\])|(?:System|User|Assistant):)/gim;

/**
 * Source text made safe for the prompt: marker lines indented (after trimming: trimming after would take the indent
 * off a marker on the first line), cut at a line or sentence end within the limit.
 */
const forPrompt = (text: string): string =>
  cutText(text.trim().replace(MARKER_LINE, '$1 $2'), PROMPT_EXCERPT_LENGTH);

/** A whole text as the prompt shows it: as prose (domain `markdownAsProse`), made safe, within the limit. */
export function promptExcerpt(content: string): string {
  return forPrompt(markdownAsProse(content));
}

/**
 * A document's sections, split once per document object: the knowledge base's documents are the same objects from
 * one chat to the next (and read-only), and splitting is most of the work of choosing sections (about 1 ms for a
 * 10 kB document). A reloaded knowledge base brings new objects, and the old entries go with the old objects.
 */
const SECTIONS = new WeakMap<PromptSource, readonly KnowledgeSection[]>();
export function sectionsOf(source: PromptSource): readonly KnowledgeSection[] {
  const cached = SECTIONS.get(source);
  if (cached) return cached;
  const sections = splitSections(source.content);
  SECTIONS.set(source, sections);
  return sections;
}

/**
 * The knowledge blocks of the prompt: each source's best sections for the question, labelled
 * `<title> › <section>`. A label is unique in the prompt (the demo model reads a label listed twice once), so a
 * repeated one gets its number: two sections with one heading, or two documents with one title.
 */
export function promptSources(sources: readonly PromptSource[], question: string): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  const seen = new Map<string, number>();
  for (const source of sources) {
    for (const match of selectSections(source, question, BUDGET, sectionsOf(source))) {
      const excerpt = forPrompt(match.excerpt);
      if (excerpt === '') continue;
      const count = (seen.get(match.label) ?? 0) + 1;
      seen.set(match.label, count);
      blocks.push({ title: count === 1 ? match.label : `${match.label} (${count})`, excerpt });
    }
  }
  return blocks;
}

/** The instructions: who the assistant is, the reader's role, and the knowledge they may see for the question. */
export function systemPrompt(sources: readonly PromptSource[], role: string, question = ''): string {
  const blocks = promptSources(sources, question);
  const knowledge =
    blocks.length === 0
      ? ['No knowledge source matched this question.']
      : ['Knowledge the user may see:', '', formatSources(blocks)];
  return [
    `You are the ${PRODUCT_NAME} assistant. Give general, educational health information only: do not diagnose, prescribe or replace a clinician.`,
    `The user is signed in as: ${role}. Answer in plain language, in a few short paragraphs.`,
    'Each source below is one section of a document, labelled "<document title> › <section>". Use the sources when they help, keep any numbers and thresholds exactly as written, and cite each source you use by its label. Never name a source that is not listed.',
    '',
    ...knowledge,
  ].join('\n');
}

/**
 * The messages of a model call: the instructions (with the sections that answer the last user message), then the
 * last turns, starting with a user turn.
 */
export function modelMessages(
  turns: readonly ChatTurn[],
  sources: readonly PromptSource[],
  role: string,
): ModelMessage[] {
  const recent = turns.slice(-MAX_HISTORY_TURNS);
  const start = recent.findIndex((turn) => turn.role === 'user');
  const question = turns.findLast((turn) => turn.role === 'user')?.content ?? '';
  return [
    { role: 'system', content: systemPrompt(sources, role, question) },
    ...recent.slice(Math.max(start, 0)).map(({ role: who, content }) => ({ role: who, content })),
  ];
}
