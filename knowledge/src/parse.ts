/**
 * Parsing and validation of the bundled knowledge (REQ-data-document "Markdown knowledge document", "Built-in
 * knowledge item"). Pure and browser-safe: no node imports, so a bundler can feed it the same files the
 * server reads. Every failure names the file and the field, so a bad edit to a document is found before
 * anyone signs in.
 */
import {
  BuiltinKnowledgeItemSchema,
  KnowledgeDocumentMetadataSchema,
  KnowledgeDocumentSchema,
  fail,
  ok,
  parseWith,
  type BuiltinKnowledgeItem,
  type KnowledgeDocument,
  type Result,
} from '@sentinel/domain';
import { LineCounter, parseDocument } from 'yaml';

/** Where the documents and built-in items live, relative to the repository root (recorded as filePath). */
export const KNOWLEDGE_DOCS_DIR = 'knowledge/docs';
export const BUILTIN_ITEMS_PATH = 'knowledge/builtin/items.json';

/** Every load failure carries this code; the message starts with the file path. */
export const INVALID_KNOWLEDGE = 'invalid_knowledge';

/** One markdown file as read from disk or imported by a bundler. */
export type KnowledgeSource = { readonly filePath: string; readonly text: string };

/** The whole bundled knowledge base. */
export type KnowledgeBundle = { documents: KnowledgeDocument[]; builtinItems: BuiltinKnowledgeItem[] };

const TOP_LEVEL_KEYS = ['id', 'title', 'category'] as const;
const METADATA_KEYS = Object.keys(KnowledgeDocumentMetadataSchema.shape);
const FRONT_MATTER_KEYS: readonly string[] = [...TOP_LEVEL_KEYS, ...METADATA_KEYS];
const BUILTIN_KEYS: readonly string[] = Object.keys(BuiltinKnowledgeItemSchema.shape);

/** A failure whose message reads "<file>: <field>: <problem>" for each field. */
function fileFailure(filePath: string, fields: Record<string, string>) {
  const detail = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return fail(INVALID_KNOWLEDGE, `${filePath}: ${detail}`, fields);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of `value` that the schema does not know: a typo must not silently drop a field. */
const unknownKeys = (value: Record<string, unknown>, known: readonly string[]) =>
  Object.keys(value).filter((key) => !known.includes(key));

type FrontMatterSplit = { yaml: string; body: string };

/**
 * Front matter is the text between a first line '---' and the next line '---' (trailing spaces and \r\n line
 * endings allowed, a leading byte-order mark ignored). Everything after the closing line is the body.
 */
function splitFrontMatter(text: string): FrontMatterSplit | 'missing' | 'unclosed' {
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split(/\r?\n/);
  const isFence = (line: string | undefined) => line !== undefined && line.trimEnd() === '---';
  if (!isFence(lines[0])) return 'missing';
  const close = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (close < 0) return 'unclosed';
  return { yaml: lines.slice(1, close).join('\n'), body: lines.slice(close + 1).join('\n') };
}

/**
 * Reads YAML front matter with the YAML 1.2 core schema only: no custom or YAML 1.1 tags (so no timestamps,
 * dates stay text), no merge keys, no aliases, no duplicate keys. Warnings count as errors.
 */
function readFrontMatter(filePath: string, yaml: string): Result<Record<string, unknown>> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yaml, {
    version: '1.2',
    schema: 'core',
    resolveKnownTags: false,
    merge: false,
    uniqueKeys: true,
    strict: true,
    prettyErrors: false,
    lineCounter,
  });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    // The front matter starts on line 2 of the file.
    const line = lineCounter.linePos(problem.pos[0]).line + 1;
    return fileFailure(filePath, { frontMatter: `invalid YAML at line ${line}: ${problem.message}` });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 0 });
  } catch (error) {
    return fileFailure(filePath, { frontMatter: `invalid YAML: ${(error as Error).message}` });
  }
  if (!isPlainObject(value)) {
    return fileFailure(filePath, { frontMatter: 'must be a YAML mapping of keys to values' });
  }
  return ok(value);
}

/**
 * REQ-data-document: YAML front matter holds id, title and category at the top level and the
 * metadata keys (accessLevel, specializationRequired, prescribingAuthority, sensitivity, deaSchedule,
 * patientAccessible, lastUpdated) beside them; the markdown body is the content. The result is validated with
 * KnowledgeDocumentSchema. Failures read "<filePath>: <field>: <problem>".
 */
export function parseKnowledgeDocument(filePath: string, text: string): Result<KnowledgeDocument> {
  const split = splitFrontMatter(text);
  if (split === 'missing') {
    return fileFailure(filePath, {
      frontMatter: "missing: the file must start with a '---' line, the YAML front matter, then a '---' line",
    });
  }
  if (split === 'unclosed') {
    return fileFailure(filePath, { frontMatter: "not closed: no '---' line after the YAML front matter" });
  }
  const read = readFrontMatter(filePath, split.yaml);
  if (!read.ok) return read;
  const front = read.value;

  const unknown = unknownKeys(front, FRONT_MATTER_KEYS);
  if (unknown.length > 0) {
    const expected = `unknown front matter key (expected one of ${FRONT_MATTER_KEYS.join(', ')})`;
    return fileFailure(filePath, Object.fromEntries(unknown.map((key) => [key, expected])));
  }
  const content = split.body.trim();
  if (content === '') {
    return fileFailure(filePath, { content: 'the document has no markdown body after the front matter' });
  }

  const metadata = Object.fromEntries(METADATA_KEYS.map((key) => [key, front[key]]));
  const parsed = parseWith(
    KnowledgeDocumentSchema,
    { id: front.id, title: front.title, category: front.category, content, filePath, metadata },
    `knowledge document ${filePath}`,
  );
  if (!parsed.ok) return fileFailure(filePath, { ...parsed.error.fields });
  return parsed;
}

/**
 * REQ-data-builtin-item Built-in knowledge items: a JSON array of items, each exactly the
 * BuiltinKnowledgeItem schema (unknown keys are refused, so a misspelt optional `patientId` cannot unbind a
 * patient record), with unique ids. Failures read "<filePath>: <index>.<field>: <problem>".
 */
export function parseBuiltinItems(
  json: unknown,
  filePath: string = BUILTIN_ITEMS_PATH,
): Result<BuiltinKnowledgeItem[]> {
  if (!Array.isArray(json)) return fileFailure(filePath, { '(root)': 'must be a JSON array of items' });
  const items: BuiltinKnowledgeItem[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of json.entries()) {
    if (isPlainObject(raw)) {
      const unknown = unknownKeys(raw, BUILTIN_KEYS);
      if (unknown.length > 0) {
        const expected = `unknown key (expected one of ${BUILTIN_KEYS.join(', ')})`;
        return fileFailure(filePath, Object.fromEntries(unknown.map((key) => [`${index}.${key}`, expected])));
      }
    }
    const parsed = parseWith(BuiltinKnowledgeItemSchema, raw, `built-in item ${index}`);
    if (!parsed.ok) {
      const fields = Object.entries(parsed.error.fields ?? {}).map(([field, problem]) => [
        field === '(root)' ? String(index) : `${index}.${field}`,
        problem,
      ]);
      return fileFailure(filePath, Object.fromEntries(fields));
    }
    if (seen.has(parsed.value.id)) {
      return fileFailure(filePath, { [`${index}.id`]: `duplicate id '${parsed.value.id}'` });
    }
    seen.add(parsed.value.id);
    items.push(parsed.value);
  }
  return ok(items);
}

/**
 * The whole knowledge base: every document and the built-in items. Ids must be unique across both kinds,
 * because one API path (`GET /api/knowledge/:id`) serves either.
 */
export function parseKnowledgeBundle(input: {
  readonly documents: readonly KnowledgeSource[];
  readonly builtinItems: { readonly filePath: string; readonly json: unknown };
}): Result<KnowledgeBundle> {
  if (input.documents.length === 0) {
    return fileFailure(KNOWLEDGE_DOCS_DIR, { documents: 'no markdown documents found' });
  }
  const owners = new Map<string, string>();
  const claimId = (id: string, filePath: string, field: string) => {
    const owner = owners.get(id);
    if (owner !== undefined)
      return fileFailure(filePath, { [field]: `duplicate id '${id}' (also in ${owner})` });
    owners.set(id, filePath);
    return undefined;
  };

  const documents: KnowledgeDocument[] = [];
  for (const source of input.documents) {
    const parsed = parseKnowledgeDocument(source.filePath, source.text);
    if (!parsed.ok) return parsed;
    const clash = claimId(parsed.value.id, source.filePath, 'id');
    if (clash) return clash;
    documents.push(parsed.value);
  }
  const items = parseBuiltinItems(input.builtinItems.json, input.builtinItems.filePath);
  if (!items.ok) return items;
  for (const [index, item] of items.value.entries()) {
    const clash = claimId(item.id, input.builtinItems.filePath, `${index}.id`);
    if (clash) return clash;
  }
  return ok({ documents, builtinItems: items.value });
}
