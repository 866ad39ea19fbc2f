import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PACKAGE_DIR, loadKnowledge } from './node';
import { INVALID_KNOWLEDGE } from './parse';

describe('the bundled knowledge', () => {
  it('loads the four documents, sorted by file name, with paths relative to the repository root', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.documents.map((d) => [d.id, d.filePath])).toEqual([
      ['diabetes-lifestyle-treatment', 'knowledge/docs/diabetes-lifestyle-treatment.md'],
      ['diabetes-type2-diagnostics', 'knowledge/docs/diabetes-type2-diagnostics.md'],
      ['hypertension-management', 'knowledge/docs/hypertension-management.md'],
      ['metformin', 'knowledge/docs/metformin.md'],
    ]);
  });

  it('gives each document its roles (REQ-kb-document-roles) and a category of its own kind', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const byId = new Map(loaded.value.documents.map((d) => [d.id, d]));
    const roles = (id: string) => new Set(byId.get(id)?.metadata.accessLevel);
    expect(roles('diabetes-type2-diagnostics')).toEqual(new Set(['doctor', 'admin']));
    expect(roles('hypertension-management')).toEqual(new Set(['doctor', 'admin', 'nurse']));
    expect(roles('metformin')).toEqual(new Set(['doctor', 'admin', 'pharmacist']));
    expect(roles('diabetes-lifestyle-treatment')).toEqual(
      new Set(['doctor', 'admin', 'nurse', 'dietitian', 'patient']),
    );
    expect(byId.get('diabetes-type2-diagnostics')?.category).toBe('diagnostic');
    expect(byId.get('metformin')?.category).toBe('medication');
    expect(byId.get('hypertension-management')?.category).toBe('treatment');
    expect(byId.get('diabetes-lifestyle-treatment')?.category).toBe('treatment');
  });

  it('keeps high-sensitivity documents for doctors and admins only', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const high = loaded.value.documents.filter((d) => d.metadata.sensitivity === 'high');
    for (const doc of high) {
      expect(
        doc.metadata.accessLevel.every((r) => r === 'doctor' || r === 'admin'),
        doc.id,
      ).toBe(true);
    }
  });

  it('loads eight built-in items: three public, two professional, two restricted, one confidential patient record', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const items = loaded.value.builtinItems;
    const count = (level: string) => items.filter((i) => i.sensitivityLevel === level).length;
    expect(items).toHaveLength(8);
    expect([count('public'), count('professional'), count('restricted'), count('confidential')]).toEqual([
      3, 2, 2, 1,
    ]);
    const confidential = items.find((i) => i.sensitivityLevel === 'confidential');
    expect(confidential?.category).toBe('patient_records');
    expect(confidential?.patientId).toMatch(/^P-\d{6}$/);
    expect(items.filter((i) => i.patientId !== undefined)).toHaveLength(1);
  });

  it('gives each built-in item the roles it requires (REQ-kb-builtin-roles)', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const roles = Object.fromEntries(
      loaded.value.builtinItems.map((i) => [i.id, [...i.requiredRole].sort()]),
    );
    expect(roles).toEqual({
      'drug-info-acetaminophen': ['doctor', 'nurse', 'patient', 'pharmacist'],
      'drug-info-metformin': ['doctor', 'nurse', 'patient', 'pharmacist'],
      'first-aid-basics': ['doctor', 'nurse', 'patient'],
      'morphine-dosing-guidance': ['doctor', 'nurse'],
      'code-blue-protocol': ['doctor', 'nurse'],
      'central-line-insertion': ['doctor'],
      'clinical-trial-data': ['admin', 'doctor'],
      'patient-history-jane-doe': ['admin', 'doctor'],
    });
  });

  it('is read from this package folder by default', () => {
    expect(readFileSync(join(KNOWLEDGE_PACKAGE_DIR, 'package.json'), 'utf8')).toContain(
      '"@sentinel/knowledge"',
    );
  });
});

describe('loadKnowledge on a broken folder', () => {
  let dir: string;
  const good = [
    '---',
    'id: good-doc',
    'title: Good',
    'category: treatment',
    'accessLevel: [doctor]',
    'specializationRequired: []',
    'prescribingAuthority: false',
    'sensitivity: low',
    'deaSchedule: null',
    'patientAccessible: false',
    'lastUpdated: "2026-01-01"',
    '---',
    'Body.',
  ].join('\n');
  const items = JSON.stringify([
    {
      id: 'first-aid',
      category: 'emergency_protocols',
      title: 'First aid',
      content: 'Call 911.',
      requiredRole: ['patient'],
      sensitivityLevel: 'public',
    },
  ]);
  const write = (path: string, text: string) => writeFileSync(join(dir, path), text);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sentinel-knowledge-'));
    mkdirSync(join(dir, 'docs'));
    mkdirSync(join(dir, 'builtin'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads only markdown files, in name order', () => {
    write('docs/b.md', good.replace('good-doc', 'b-doc'));
    write('docs/a.md', good.replace('good-doc', 'a-doc'));
    write('docs/notes.txt', 'not knowledge');
    write('builtin/items.json', items);
    const loaded = loadKnowledge(dir);
    expect(loaded.ok && loaded.value.documents.map((d) => d.filePath)).toEqual([
      'knowledge/docs/a.md',
      'knowledge/docs/b.md',
    ]);
  });

  it('a bad document fails naming its file and field', () => {
    write('docs/bad.md', good.replace('sensitivity: low', 'sensitivity: secret'));
    write('builtin/items.json', items);
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error.message).toMatch(/^knowledge\/docs\/bad\.md: metadata\.sensitivity: /);
  });

  it('a missing docs folder fails naming it', () => {
    rmSync(join(dir, 'docs'), { recursive: true });
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error).toMatchObject({
      code: INVALID_KNOWLEDGE,
      message: 'knowledge/docs: cannot be read (ENOENT)',
    });
  });

  it('a document that cannot be read fails naming it', () => {
    mkdirSync(join(dir, 'docs', 'folder.md'));
    write('builtin/items.json', items);
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error.message).toBe('knowledge/docs/folder.md: cannot be read (EISDIR)');
  });

  it('an empty docs folder fails', () => {
    write('builtin/items.json', items);
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error.message).toBe('knowledge/docs: documents: no markdown documents found');
  });

  it('a missing items file fails naming it', () => {
    write('docs/a.md', good);
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error.message).toBe('knowledge/builtin/items.json: cannot be read (ENOENT)');
  });

  it('invalid JSON in the items file fails naming it', () => {
    write('docs/a.md', good);
    write('builtin/items.json', '[{"id": ');
    const loaded = loadKnowledge(dir);
    expect(!loaded.ok && loaded.error.message).toMatch(/^knowledge\/builtin\/items\.json: invalid JSON: /);
  });
});
