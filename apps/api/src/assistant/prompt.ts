/**
 * What the model reads: instructions with the knowledge the user may see, then the conversation. The knowledge
 * section is in the format the built-in demo model parses (apps/model/README.md, written by its
 * `formatSources`): one `[Source: <title>]` line per source with its excerpt below, a blank line between
 * sources, and an `[End of sources]` line. Real models read it as plain instructions.
 */
import { PRODUCT_NAME, type ModelMessage } from '@sentinel/domain';
import type { ChatTurn } from '@sentinel/domain/contract';
import { formatSources } from '@sentinel/model/prompt';

/** The conversation sent to the model is its last 10 turns: enough context, a bounded prompt. */
export const MAX_HISTORY_TURNS = 10;
/** How much of a source's text goes into the prompt: more than the 150-character reference, to answer from. */
export const PROMPT_EXCERPT_LENGTH = 1_200;

export type PromptSource = { readonly title: string; readonly content: string };

/**
 * A line of source text that would read as a marker is indented: a source marker (so a source cannot fake
 * another or end the list), or a turn label of the text-generation prompt (`User:`, so it cannot end the
 * instructions).
 */
const MARKER_LINE = /^([ \t]*)(\[(?:Source:|End of sources\])|(?:System|User|Assistant):)/gim;

/** The start of a source's text, cut at the last line or sentence end within PROMPT_EXCERPT_LENGTH. */
export function promptExcerpt(content: string): string {
  const text = content.replace(MARKER_LINE, '$1 $2').trim();
  if (text.length <= PROMPT_EXCERPT_LENGTH) return text;
  const head = text.slice(0, PROMPT_EXCERPT_LENGTH);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('. ') + 1);
  return (cut > PROMPT_EXCERPT_LENGTH / 2 ? head.slice(0, cut) : head).trimEnd();
}

/** The instructions: who the assistant is, the reader's role, and the knowledge they may see. */
export function systemPrompt(sources: readonly PromptSource[], role: string): string {
  const knowledge =
    sources.length === 0
      ? ['No knowledge source matched this question.']
      : [
          'Knowledge the user may see:',
          '',
          formatSources(sources.map((s) => ({ title: s.title, excerpt: promptExcerpt(s.content) }))),
        ];
  return [
    `You are the ${PRODUCT_NAME} assistant. Give general, educational health information only: do not diagnose, prescribe or replace a clinician.`,
    `The user is signed in as: ${role}. Answer in plain language, in a few short paragraphs.`,
    'Use the knowledge below when it helps, and cite each source you use by its title. Never name a source that is not listed.',
    '',
    ...knowledge,
  ].join('\n');
}

/** The messages of a model call: the instructions, then the last turns, starting with a user turn. */
export function modelMessages(
  turns: readonly ChatTurn[],
  sources: readonly PromptSource[],
  role: string,
): ModelMessage[] {
  const recent = turns.slice(-MAX_HISTORY_TURNS);
  const start = recent.findIndex((turn) => turn.role === 'user');
  return [
    { role: 'system', content: systemPrompt(sources, role) },
    ...recent.slice(Math.max(start, 0)).map(({ role: who, content }) => ({ role: who, content })),
  ];
}
