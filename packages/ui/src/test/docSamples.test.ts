// @vitest-environment node
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The code samples of the embedding docs are host code: every ```tsx block of packages/ui/README.md and of
 * Storybook's Embedding page is compiled here with the settings of the strict host in scripts/consumer
 * (exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax, ...) against the package's
 * sources, so a renamed prop or export breaks this test instead of a partner's build.
 */
const uiRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = join(uiRoot, '..', '..');
const DOCS = ['packages/ui/README.md', 'apps/storybook/src/Embedding.mdx'] as const;

/** The ```tsx blocks of a Markdown or MDX file, in order. */
export function tsxSamplesOf(text: string): string[] {
  return [...text.matchAll(/^```tsx\r?\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? '');
}

type Sample = { doc: string; index: number; file: string };

function compileSamples(): { samples: Sample[]; errorsOf: (file: string) => string } {
  const out = join(uiRoot, '.cache', 'doc-samples');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // A stylesheet import has no exports: what a host's bundler types (vite/client, next) declare.
  writeFileSync(join(out, 'css.d.ts'), "declare module '*.css';\n");
  const samples = DOCS.flatMap((doc) =>
    tsxSamplesOf(readFileSync(join(repoRoot, doc), 'utf8')).map((code, index) => {
      const file = join(out, `${doc.replace(/[/.]/g, '_')}-${index + 1}.tsx`);
      writeFileSync(file, code);
      return { doc, index: index + 1, file };
    }),
  );

  const consumer = join(uiRoot, 'scripts', 'consumer');
  const read = ts.readConfigFile(join(consumer, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, consumer);
  const src = (path: string) => [join(repoRoot, 'packages', path)];
  const program = ts.createProgram({
    rootNames: [...samples.map((s) => s.file), join(out, 'css.d.ts')],
    options: {
      ...options,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      // The package's sources stand in for its published declarations (test:built checks those).
      paths: {
        '@sentinel/ui': src('ui/src/index.ts'),
        '@sentinel/ui/theme': src('ui/src/theme/index.ts'),
        '@sentinel/domain': src('domain/src/index.ts'),
        '@sentinel/domain/contract': src('domain/src/contract/index.ts'),
      },
    },
  });
  const errorsIn = (file: string) => {
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) return `${file} is not in the program`;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    return ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => repoRoot,
      getNewLine: () => '\n',
    });
  };
  // Checked here, while the file is collected, not inside a test's time limit: the first check of a sample
  // type-checks the package's sources too, which takes many seconds on a busy machine.
  const errors = new Map(samples.map((sample) => [sample.file, errorsIn(sample.file)]));
  const errorsOf = (file: string) => errors.get(file) ?? `${file} was not checked`;
  return { samples, errorsOf };
}

describe('the embedding docs’ code samples', () => {
  const { samples, errorsOf } = compileSamples();

  it('are there: each doc has tsx samples to compile', () => {
    for (const doc of DOCS) expect(samples.filter((s) => s.doc === doc).length, doc).toBeGreaterThan(2);
  });

  it.each(samples.map((s) => [`${s.doc} sample ${s.index}`, s] as const))(
    '%s compiles as strict host code',
    (_name, sample) => {
      expect(errorsOf(sample.file), relative(repoRoot, sample.file)).toBe('');
    },
  );

  it('finds the blocks of a document, and none in other fences', () => {
    const doc = '# T\n\n```tsx\nconst a = 1;\n```\n\n```sh\nnpm i\n```\n\n```tsx\nexport {};\n```\n';
    expect(tsxSamplesOf(doc)).toEqual(['const a = 1;\n', 'export {};\n']);
  });
});
