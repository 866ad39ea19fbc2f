/**
 * The repository explains itself (REQ-arch-cite): code, tests and docs cite the requirement ids of
 * docs/requirements.md, never the numbered sections of the original product description, its notes outside the
 * repository or old issue numbers, and every id they cite exists there. Only the translation tables of
 * docs/requirements.md ("Reading older notes") may name the old citations, to translate them.
 *
 * The live check reads every source and markdown file git knows of (tracked, or new and not ignored) and fails
 * with one `file:line: problem` per offending line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const REQUIREMENTS = 'docs/requirements.md';
const CHECKED = /\.(?:ts|tsx|js|jsx|mjs|cjs|mts|cts|md|fga)$/;
/** Folders that hold built, installed or generated files, skipped when git cannot list the files. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'coverage',
  '.turbo',
  '.cache',
  '.tmp',
  'storybook-static',
]);

/** Citations a reader cannot follow inside the repository, each with what to write instead. */
const OUTSIDE_CITATIONS: readonly { readonly pattern: RegExp; readonly problem: string }[] = [
  { pattern: /\u00a7\s*\d/, problem: 'cites a numbered section of the original description' },
  {
    pattern: /\b(?:spec|specification)(?:['\u2019]s)?\s+sections?\s+\d/i,
    problem: 'cites a numbered section of the original description',
  },
  {
    pattern: /\b(?:SPEC|ARCHITECTURE|STYLE|TOOLCHAIN)\.md\b/,
    problem: 'sends the reader to a document outside the repository',
  },
  { pattern: /\bissues?\s+#?\d+/i, problem: 'cites an issue number' },
];
const REQ_ID = /\bREQ-[a-z0-9]+(?:-[a-z0-9]+)*\b/g;

interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** The ids docs/requirements.md defines: each requirement (a list item that starts with its id) and each area heading. */
function definedIds(requirements: string): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const [, id] of requirements.matchAll(/^- `(REQ-[a-z0-9-]+)`/gm)) if (id) ids.add(id);
  for (const [, id] of requirements.matchAll(/^## (REQ-[a-z0-9]+)\b/gm)) if (id) ids.add(id);
  return ids;
}

/** Line numbers (1-based) of the translation section of docs/requirements.md, where old citations belong. */
function translationLines(requirements: string): ReadonlySet<number> {
  const lines = requirements.split('\n');
  const start = lines.findIndex((line) => /^## Reading older notes\b/.test(line));
  const inside = new Set<number>();
  if (start < 0) return inside;
  for (const [i, line] of lines.entries()) {
    if (i < start) continue;
    if (i > start && line.startsWith('## ')) break;
    inside.add(i + 1);
  }
  return inside;
}

/** Every `file:line: problem` of the given files, in file and line order. */
function citationProblems(files: readonly SourceFile[], requirements: string): string[] {
  const ids = definedIds(requirements);
  const translation = translationLines(requirements);
  const problems: string[] = [];
  for (const file of files) {
    const lines = file.text.split('\n');
    lines.forEach((line, index) => {
      const where = `${file.path}:${index + 1}`;
      const translating = file.path === REQUIREMENTS && translation.has(index + 1);
      for (const { pattern, problem } of OUTSIDE_CITATIONS) {
        const found = pattern.exec(line);
        if (found && !translating)
          problems.push(`${where}: ${problem} ('${found[0]}'): cite a REQ id instead`);
      }
      for (const [id] of line.matchAll(REQ_ID)) {
        if (!ids.has(id)) problems.push(`${where}: cites ${id}, which ${REQUIREMENTS} does not define`);
      }
    });
  }
  return problems;
}

/** The repository's source and markdown files: those git tracks or would add, else a walk of the tree. */
function repositoryFiles(): string[] {
  let listed: string[];
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).split('\0');
  } catch {
    listed = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
        } else listed.push(relative);
      }
    };
    walk('');
  }
  // A file deleted in the working tree but still in the index is not there to read.
  return listed.filter(
    (file) =>
      CHECKED.test(file) && existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile(),
  );
}

// Written in pieces so that this file does not cite them itself.
const SPEC_SECTIONS = ['Specification', 'sections', '3'].join(' ');
const OUTSIDE_DOC = ['ARCHITECTURE', 'md'].join('.');
const ISSUE = ['issue', '15'].join(' ');
const REQUIREMENTS_EXAMPLE = [
  '# Requirements',
  '## Reading older notes',
  '| \u00a76 | roles and permissions | `REQ-access` |',
  `| ${ISSUE} | security fixes | \`REQ-access\` |`,
  '## REQ-access: roles and permissions',
  '- `REQ-access-owner` Every item has one owner.',
].join('\n');

describe('citations in the repository (REQ-arch-cite)', () => {
  it('flags a numbered section, a spec section, an outside document and an issue number, with file and line', () => {
    const files = [
      {
        path: 'a.ts',
        text: "// fine: REQ-access-owner\nit('patients see only their own data (\u00a76)', () => {});",
      },
      { path: 'b.md', text: `${SPEC_SECTIONS} and 5.\nSee shared/${OUTSIDE_DOC}.\nSince ${ISSUE}.` },
    ];
    expect(citationProblems(files, REQUIREMENTS_EXAMPLE)).toEqual([
      "a.ts:2: cites a numbered section of the original description ('\u00a76'): cite a REQ id instead",
      `b.md:1: cites a numbered section of the original description ('${SPEC_SECTIONS}'): cite a REQ id instead`,
      `b.md:2: sends the reader to a document outside the repository ('${OUTSIDE_DOC}'): cite a REQ id instead`,
      `b.md:3: cites an issue number ('${ISSUE}'): cite a REQ id instead`,
    ]);
  });

  it('flags an id the requirements do not define, and accepts requirement and area ids', () => {
    const unknown = 'REQ-' + 'access-nobody';
    const files = [{ path: 'c.ts', text: `/** REQ-access, REQ-access-owner. */\n/** ${unknown} */` }];
    expect(citationProblems(files, REQUIREMENTS_EXAMPLE)).toEqual([
      `c.ts:2: cites ${unknown}, which docs/requirements.md does not define`,
    ]);
  });

  it('lets only the translation section of docs/requirements.md name the old citations', () => {
    const outside = REQUIREMENTS_EXAMPLE + '\n- `REQ-access-matrix` As \u00a76 said.';
    expect(citationProblems([{ path: REQUIREMENTS, text: outside }], outside)).toEqual([
      `${REQUIREMENTS}:7: cites a numbered section of the original description ('\u00a76'): cite a REQ id instead`,
    ]);
    expect(
      citationProblems([{ path: 'elsewhere.md', text: REQUIREMENTS_EXAMPLE }], REQUIREMENTS_EXAMPLE),
    ).toHaveLength(2);
  });

  it('finds no outside citation and no unknown id in any source or markdown file of the repository', () => {
    const requirements = readFileSync(path.join(ROOT, REQUIREMENTS), 'utf8');
    const files = repositoryFiles().map((file) => ({
      path: file,
      text: readFileSync(path.join(ROOT, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(definedIds(requirements).size).toBeGreaterThan(100);
    const problems = citationProblems(files, requirements);
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});
