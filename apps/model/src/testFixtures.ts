/**
 * Shared test data: knowledge sources shaped like the bundled documents' excerpts, and the messages the API
 * sends (instructions with the knowledge section in the documented format, then the conversation).
 */
import { formatSources, type Source, type Turn } from './answer';

export const HYPERTENSION: Source = {
  title: 'Hypertension Management in Adults',
  excerpt:
    'Hypertension is a leading modifiable risk factor for stroke, heart disease and chronic kidney disease. ' +
    'Classify adults by the average of at least two careful readings on at least two occasions. ' +
    'Lifestyle treatment for hypertension includes less salt, more potassium, regular activity and less alcohol.',
};

export const METFORMIN: Source = {
  title: 'Metformin: Medication Guide',
  excerpt:
    'Metformin is the usual first medicine for type 2 diabetes. Take it with meals to reduce stomach upset. ' +
    'It rarely causes low blood sugar on its own.',
};

export const FIRST_AID: Source = {
  title: 'First Aid Basics',
  excerpt: 'Make sure the scene is safe, check whether the person responds, and call emergency services.',
};

/** The instructions the API sends, with the knowledge the user may see. */
export function systemPrompt(sources: readonly Source[]): string {
  return [
    'You are the Sentinel Health assistant. Give general, educational health information only.',
    'Use the knowledge below when it helps, and cite each source you use by its title.',
    '',
    'Knowledge the user may see:',
    '',
    formatSources(sources),
    '',
    'Never name a source that is not listed above.',
  ].join('\n');
}

export function conversation(question: string, sources: readonly Source[] = []): Turn[] {
  return [
    { role: 'system', content: systemPrompt(sources) },
    { role: 'assistant', content: 'Hello Jane! How can I help you today?' },
    { role: 'user', content: question },
  ];
}

export const HYPERTENSION_QUESTION = 'What lifestyle treatment helps with hypertension?';

/**
 * The titles an answer cites (its paragraphs ending `(Source: <title>)`), checked against the known ones, in the
 * order cited; throws when the answer holds a citation of any other title, so an invented source fails the test.
 */
export function citedTitles(text: string, known: readonly Source[]): string[] {
  return [...text.matchAll(/\(Source: ([^\n]*)\)$/gm)].map((match) => {
    const source = known.find((s) => s.title === match[1]);
    if (!source) throw new Error(`The answer cites a source that was not provided: ${match[1] ?? ''}`);
    return source.title;
  });
}
