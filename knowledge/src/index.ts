/**
 * @sentinel/knowledge: the browser-safe parser and validator of the bundled knowledge. The node loader that
 * reads the files from disk is a separate entry point, '@sentinel/knowledge/node'.
 */
export {
  BUILTIN_ITEMS_PATH,
  INVALID_KNOWLEDGE,
  KNOWLEDGE_DOCS_DIR,
  parseBuiltinItems,
  parseKnowledgeBundle,
  parseKnowledgeDocument,
  type KnowledgeBundle,
  type KnowledgeSource,
} from './parse';
