import type { TriageLevel } from '@sentinel/domain';
import type { SourceName } from './sources';

/** How a prompt says its concept: the variants the issue asks the set to cover. */
export type Variant =
  | 'lay'
  | 'clinical'
  | 'misspelled'
  | 'negated'
  | 'educational'
  | 'numeric'
  | 'spanish'
  | 'conversation'
  | 'benign';

/** One labelled prompt: what a user typed, the level it must get, the concept it is about and where from. */
export interface LabelledPrompt {
  readonly text: string;
  /** Earlier user messages of the same conversation, oldest first. */
  readonly earlier?: readonly string[];
  readonly level: TriageLevel;
  /** The concept the prompt is about; for a negated or educational prompt, the concept it mentions. */
  readonly concept: string;
  readonly source: SourceName;
  readonly variant: Variant;
}

/** A group of prompts of one concept, level, source and variant. */
export const group = (
  level: TriageLevel,
  concept: string,
  source: SourceName,
  variant: Variant,
  texts: readonly string[],
): LabelledPrompt[] => texts.map((text) => ({ text, level, concept, source, variant }));

/** A conversation: earlier user messages, then the latest one, which is triaged. */
export const conversation = (
  level: TriageLevel,
  concept: string,
  source: SourceName,
  earlier: readonly string[],
  text: string,
): LabelledPrompt => ({ text, earlier, level, concept, source, variant: 'conversation' });
