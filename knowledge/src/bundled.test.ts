import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledKnowledge } from './bundled';
import { loadKnowledge } from './node';
import type * as Parse from './parse';

describe('the knowledge bundled for the browser', () => {
  it('is exactly what the node loader reads from disk: same documents, paths, content and built-in items', () => {
    const fromDisk = loadKnowledge();
    if (!fromDisk.ok) throw new Error(fromDisk.error.message);
    expect(bundledKnowledge()).toStrictEqual(fromDisk.value);
  });

  it('records repository-relative file paths, sorted by file name', () => {
    expect(bundledKnowledge().documents.map((d) => d.filePath)).toStrictEqual([
      'knowledge/docs/diabetes-lifestyle-treatment.md',
      'knowledge/docs/diabetes-type2-diagnostics.md',
      'knowledge/docs/hypertension-management.md',
      'knowledge/docs/metformin.md',
    ]);
  });

  it('gives each caller its own copy, so one consumer cannot change another one’s knowledge', () => {
    const first = bundledKnowledge();
    first.documents.pop();
    expect(bundledKnowledge().documents).toHaveLength(4);
  });
});

describe('an invalid bundle', () => {
  afterEach(() => {
    vi.doUnmock('./parse');
    vi.resetModules();
  });

  it('is a build bug: loading it throws with the parser’s message naming the file', async () => {
    vi.resetModules();
    vi.doMock('./parse', async (original) => ({
      ...(await original<typeof Parse>()),
      parseKnowledgeBundle: () => ({
        ok: false,
        error: { code: 'invalid_knowledge', message: 'knowledge/docs/metformin.md: title: required' },
      }),
    }));
    const { bundledKnowledge: load } = await import('./bundled');
    expect(load).toThrow('The bundled knowledge is invalid: knowledge/docs/metformin.md: title: required');
  });
});
