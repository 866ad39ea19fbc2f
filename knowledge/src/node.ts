/**
 * Loads the bundled knowledge from disk (node only): docs/*.md sorted by file name, and builtin/items.json.
 * File paths are recorded relative to the repository root ('knowledge/docs/<file>.md'), which is what the
 * knowledge screen shows as the source file path (REQ-kb-detail).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, type Result } from '@sentinel/domain';
import {
  BUILTIN_ITEMS_PATH,
  INVALID_KNOWLEDGE,
  KNOWLEDGE_DOCS_DIR,
  parseKnowledgeBundle,
  type KnowledgeBundle,
  type KnowledgeSource,
} from './parse';

/** This package's own folder (the one holding docs/ and builtin/). */
export const KNOWLEDGE_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const reasonOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(error);
};

const unreadable = (path: string, error: unknown) =>
  fail(INVALID_KNOWLEDGE, `${path}: cannot be read (${reasonOf(error)})`, { file: reasonOf(error) });

/**
 * Reads and validates the knowledge base under `dir` (default: this package). Any unreadable file or invalid
 * content fails the whole load with a message naming the file (and the field, for content problems).
 */
export function loadKnowledge(dir: string = KNOWLEDGE_PACKAGE_DIR): Result<KnowledgeBundle> {
  let names: string[];
  try {
    names = readdirSync(join(dir, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch (error) {
    return unreadable(KNOWLEDGE_DOCS_DIR, error);
  }

  const documents: KnowledgeSource[] = [];
  for (const name of names) {
    const filePath = `${KNOWLEDGE_DOCS_DIR}/${name}`;
    try {
      documents.push({ filePath, text: readFileSync(join(dir, 'docs', name), 'utf8') });
    } catch (error) {
      return unreadable(filePath, error);
    }
  }

  let text: string;
  try {
    text = readFileSync(join(dir, 'builtin', 'items.json'), 'utf8');
  } catch (error) {
    return unreadable(BUILTIN_ITEMS_PATH, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(INVALID_KNOWLEDGE, `${BUILTIN_ITEMS_PATH}: invalid JSON: ${(error as Error).message}`, {
      '(root)': 'invalid JSON',
    });
  }

  return parseKnowledgeBundle({ documents, builtinItems: { filePath: BUILTIN_ITEMS_PATH, json } });
}
