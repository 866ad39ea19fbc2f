import type { Result } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ITEMS_PATH,
  INVALID_KNOWLEDGE,
  parseBuiltinItems,
  parseKnowledgeBundle,
  parseKnowledgeDocument,
} from './parse';

const PATH = 'knowledge/docs/x.md';

const FRONT: Readonly<Record<string, string>> = {
  id: 'sample-doc',
  title: '"Sample: A Document"',
  category: 'treatment',
  accessLevel: '[doctor, admin]',
  specializationRequired: '[cardiology]',
  prescribingAuthority: 'false',
  sensitivity: 'low',
  deaSchedule: 'null',
  patientAccessible: 'true',
  lastUpdated: '"2026-10-05"',
};

/** A markdown document with front matter; `undefined` in overrides drops that key. */
function markdown(overrides: Record<string, string | undefined> = {}, body = '## Heading\n\nBody text.\n') {
  const lines = Object.entries({ ...FRONT, ...overrides })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${value}`);
  return ['---', ...lines, '---', '', body].join('\n');
}

function errorOf<T>(result: Result<T>) {
  if (result.ok) throw new Error('expected a failure');
  expect(result.error.code).toBe(INVALID_KNOWLEDGE);
  return result.error;
}

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 'first-aid-basics',
  category: 'emergency_protocols',
  title: 'First Aid Basics',
  content: 'Call emergency services.',
  requiredRole: ['patient', 'doctor', 'nurse'],
  sensitivityLevel: 'public',
  ...overrides,
});

describe('parseKnowledgeDocument', () => {
  it('reads id, title and category from the front matter, the other keys as metadata, the body as content', () => {
    const result = parseKnowledgeDocument(PATH, markdown());
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'sample-doc',
        title: 'Sample: A Document',
        category: 'treatment',
        content: '## Heading\n\nBody text.',
        filePath: PATH,
        metadata: {
          accessLevel: ['doctor', 'admin'],
          specializationRequired: ['cardiology'],
          prescribingAuthority: false,
          sensitivity: 'low',
          deaSchedule: null,
          patientAccessible: true,
          lastUpdated: '2026-10-05',
        },
      },
    });
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const result = parseKnowledgeDocument(PATH, `\uFEFF${markdown().replace(/\n/g, '\r\n')}`);
    expect(result.ok && result.value.content).toBe('## Heading\n\nBody text.');
  });

  it('keeps an unquoted date as text (no YAML timestamps) and reads a DEA schedule', () => {
    const result = parseKnowledgeDocument(PATH, markdown({ lastUpdated: '2026-10-05', deaSchedule: '"II"' }));
    expect(result.ok && result.value.metadata).toMatchObject({
      lastUpdated: '2026-10-05',
      deaSchedule: 'II',
    });
  });

  it('a file without front matter fails naming the file', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, '# Just markdown\n'));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: frontMatter: missing/);
  });

  it('front matter without a closing line fails naming the file', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, '---\nid: x\n# Heading\n'));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: frontMatter: not closed/);
  });

  it('invalid YAML fails naming the file and the line of the file', () => {
    // Line 1 is '---', so the 4th front matter key sits on line 5.
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ accessLevel: '[doctor, admin' })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: frontMatter: invalid YAML at line \d+: /);
    const line = Number(/line (\d+)/.exec(error.message)?.[1]);
    expect(line).toBeGreaterThanOrEqual(5);
  });

  it('a duplicated key is invalid YAML', () => {
    const text = markdown().replace('sensitivity: low', 'sensitivity: low\nsensitivity: high');
    expect(errorOf(parseKnowledgeDocument(PATH, text)).message).toContain('frontMatter: invalid YAML');
  });

  it('custom tags are refused, not executed or resolved', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ title: '!!js/function "x"' })));
    expect(error.message).toContain('frontMatter: invalid YAML');
  });

  it('aliases are refused', () => {
    const text = markdown({ accessLevel: '&roles [doctor, admin]', specializationRequired: '*roles' });
    expect(errorOf(parseKnowledgeDocument(PATH, text)).message).toContain('frontMatter: invalid YAML');
  });

  it('front matter that is not a mapping fails', () => {
    expect(errorOf(parseKnowledgeDocument(PATH, '---\n- a\n- b\n---\nBody\n')).message).toBe(
      `${PATH}: frontMatter: must be a YAML mapping of keys to values`,
    );
    expect(errorOf(parseKnowledgeDocument(PATH, '---\n---\nBody\n')).message).toContain(
      'must be a YAML mapping',
    );
  });

  it('a wrong sensitivity fails naming the file and metadata.sensitivity', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ sensitivity: 'secret' })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: metadata\.sensitivity: Invalid option/);
    expect(error.fields).toHaveProperty(['metadata.sensitivity']);
  });

  it('a missing title fails naming the file and the title', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ title: undefined })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: title: /);
  });

  it('an unknown role in accessLevel fails naming the entry', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ accessLevel: '[doctor, surgeon]' })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: metadata\.accessLevel\.1: Invalid option/);
  });

  it('an impossible date fails naming metadata.lastUpdated', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ lastUpdated: '2026-13-45' })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: metadata\.lastUpdated: /);
  });

  it('an id that is not lowercase-hyphenated fails naming the id', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ id: 'Sample Doc' })));
    expect(error.message).toBe(`${PATH}: id: use lowercase-hyphenated ids`);
  });

  it('an unknown front matter key fails naming the key, so a typo cannot drop a field', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({ sensitivty: 'low' })));
    expect(error.message).toMatch(/^knowledge\/docs\/x\.md: sensitivty: unknown front matter key/);
  });

  it('an empty body fails naming the content', () => {
    const error = errorOf(parseKnowledgeDocument(PATH, markdown({}, '   \n\n')));
    expect(error.message).toBe(`${PATH}: content: the document has no markdown body after the front matter`);
  });

  it('reports every schema problem of a document at once', () => {
    const error = errorOf(
      parseKnowledgeDocument(PATH, markdown({ category: 'surgery', patientAccessible: '"yes"' })),
    );
    expect(Object.keys(error.fields ?? {})).toEqual(['category', 'metadata.patientAccessible']);
  });
});

describe('parseBuiltinItems', () => {
  it('parses a list of valid items, keeping an optional patientId', () => {
    const bound = item({
      id: 'history',
      category: 'patient_records',
      sensitivityLevel: 'confidential',
      patientId: 'P-000001',
    });
    const result = parseBuiltinItems([item(), bound]);
    expect(result.ok && result.value.map((i) => [i.id, i.patientId])).toEqual([
      ['first-aid-basics', undefined],
      ['history', 'P-000001'],
    ]);
  });

  it('fails when the JSON is not an array, naming the file', () => {
    expect(errorOf(parseBuiltinItems({ items: [] })).message).toBe(
      `${BUILTIN_ITEMS_PATH}: (root): must be a JSON array of items`,
    );
  });

  it('a wrong sensitivity level fails naming the file, the index and the field', () => {
    const error = errorOf(
      parseBuiltinItems([item(), item({ id: 'b', sensitivityLevel: 'secret' })], 'x/items.json'),
    );
    expect(error.message).toMatch(/^x\/items\.json: 1\.sensitivityLevel: Invalid option/);
  });

  it('an unknown role in requiredRole fails naming the entry', () => {
    const error = errorOf(parseBuiltinItems([item({ requiredRole: ['doctor', 'surgeon'] })]));
    expect(error.message).toMatch(/: 0\.requiredRole\.1: Invalid option/);
  });

  it('an unknown key fails, so a misspelt patientId cannot unbind a patient record', () => {
    const error = errorOf(parseBuiltinItems([item({ patientID: 'P-000001' })]));
    expect(error.message).toMatch(/: 0\.patientID: unknown key/);
  });

  it('an item that is not an object fails naming its index', () => {
    expect(errorOf(parseBuiltinItems([item(), 42])).message).toMatch(/: 1: Invalid input/);
  });

  it('duplicate ids fail naming the second one', () => {
    expect(errorOf(parseBuiltinItems([item(), item()])).message).toBe(
      `${BUILTIN_ITEMS_PATH}: 1.id: duplicate id 'first-aid-basics'`,
    );
  });
});

describe('parseKnowledgeBundle', () => {
  const builtinItems = { filePath: BUILTIN_ITEMS_PATH, json: [item()] };

  it('parses documents and built-in items together', () => {
    const result = parseKnowledgeBundle({ documents: [{ filePath: PATH, text: markdown() }], builtinItems });
    expect(result.ok && [result.value.documents.length, result.value.builtinItems.length]).toEqual([1, 1]);
  });

  it('fails when there are no documents', () => {
    expect(errorOf(parseKnowledgeBundle({ documents: [], builtinItems })).message).toBe(
      'knowledge/docs: documents: no markdown documents found',
    );
  });

  it('fails on the first bad document', () => {
    const documents = [{ filePath: 'knowledge/docs/bad.md', text: markdown({ sensitivity: 'secret' }) }];
    expect(errorOf(parseKnowledgeBundle({ documents, builtinItems })).message).toMatch(
      /^knowledge\/docs\/bad\.md: /,
    );
  });

  it('fails on bad built-in items', () => {
    const documents = [{ filePath: PATH, text: markdown() }];
    const bad = { filePath: BUILTIN_ITEMS_PATH, json: 'not a list' };
    expect(errorOf(parseKnowledgeBundle({ documents, builtinItems: bad })).message).toMatch(
      /^knowledge\/builtin/,
    );
  });

  it('two documents with the same id fail naming both files', () => {
    const documents = [
      { filePath: 'knowledge/docs/a.md', text: markdown() },
      { filePath: 'knowledge/docs/b.md', text: markdown() },
    ];
    expect(errorOf(parseKnowledgeBundle({ documents, builtinItems })).message).toBe(
      "knowledge/docs/b.md: id: duplicate id 'sample-doc' (also in knowledge/docs/a.md)",
    );
  });

  it('a built-in item may not reuse a document id, since one API path serves both', () => {
    const documents = [{ filePath: PATH, text: markdown({ id: 'first-aid-basics' }) }];
    expect(errorOf(parseKnowledgeBundle({ documents, builtinItems })).message).toBe(
      `${BUILTIN_ITEMS_PATH}: 0.id: duplicate id 'first-aid-basics' (also in ${PATH})`,
    );
  });
});
