/// <reference types="vite/client" />
/**
 * The bundled knowledge for Vite-based consumers (Storybook, vitest, the portal's mock worker): the same
 * markdown documents and built-in items the node loader reads from disk, inlined by the bundler and checked by
 * the same parser. Browser-safe: no node imports.
 */
import { BUILTIN_ITEMS_PATH, KNOWLEDGE_DOCS_DIR, parseKnowledgeBundle, type KnowledgeBundle } from './parse';

/** Keys of `import.meta.glob` are paths relative to this file; the bundle records repository-relative paths. */
const fileName = (globKey: string) => globKey.slice(globKey.lastIndexOf('/') + 1);

/**
 * Every document (sorted by file name, as the node loader does) and the built-in items, parsed and validated.
 *
 * The globs live inside the function on purpose: Vite rewrites them wherever they are, and a runtime without
 * Vite (plain node, tsx) can still import this module, failing only if it actually calls it.
 *
 * Throws when the bundled content is invalid. The content is fixed at build time, so an invalid bundle is a
 * build bug (a bad edit to a document, caught by this package's tests), not a condition a caller can handle.
 */
export function bundledKnowledge(): KnowledgeBundle {
  const markdown = import.meta.glob<string>('../docs/*.md', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const builtin = import.meta.glob<unknown>('../builtin/items.json', { import: 'default', eager: true });
  const documents = Object.keys(markdown)
    .sort()
    .map((key) => ({ filePath: `${KNOWLEDGE_DOCS_DIR}/${fileName(key)}`, text: markdown[key] ?? '' }));
  const parsed = parseKnowledgeBundle({
    documents,
    builtinItems: { filePath: BUILTIN_ITEMS_PATH, json: Object.values(builtin)[0] },
  });
  if (!parsed.ok) throw new Error(`The bundled knowledge is invalid: ${parsed.error.message}`);
  return parsed.value;
}
