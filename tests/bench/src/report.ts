/**
 * Collects every tests/bench/results/<name>.json (the shared shape, ./result.ts) into BENCHMARKS.md at the
 * repository root and tests/bench/results/benchmarks.json: a summary, then one section per result with its
 * table, its budgets (pass or FAIL) and its notes. A bench that failed to run this time gets a section saying
 * so (and its last results, if any, marked as older); a results file that is not in the shared shape is
 * reported as unreadable.
 *
 * `npm run bench:report -w @sentinel/bench` re-renders the report from the files present without running.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCHES } from './registry';
import {
  BENCH_ROOT,
  RESULTS_DIR,
  isBenchResult,
  machineNote,
  type BenchResult,
  type Budget,
  type Cell,
} from './result';

export const REPORT_FILE = path.resolve(BENCH_ROOT, '..', '..', 'BENCHMARKS.md');
export const COLLECTED_FILE = path.join(RESULTS_DIR, 'benchmarks.json');

/** What happened to a bench in this `npm run bench`. */
export type RunStatus = {
  readonly name: string;
  readonly outcome: 'ok' | 'failed';
  /** Why it failed: exit status, timeout, no results written. */
  readonly reason?: string;
  readonly seconds: number;
  /** The last lines it printed, when it failed. */
  readonly outputTail?: string;
};

type Section = {
  readonly name: string;
  readonly result?: BenchResult;
  readonly run?: RunStatus;
  /** The file exists but is not in the shared shape. */
  readonly unreadable?: string;
};

export type Collected = {
  readonly generatedAt: string;
  readonly machine: string;
  readonly runs: readonly RunStatus[];
  readonly results: readonly BenchResult[];
  readonly unreadable: readonly { readonly name: string; readonly error: string }[];
};

function readResults(): { results: BenchResult[]; unreadable: { name: string; error: string }[] } {
  const results: BenchResult[] = [];
  const unreadable: { name: string; error: string }[] = [];
  if (!existsSync(RESULTS_DIR)) return { results, unreadable };
  for (const file of readdirSync(RESULTS_DIR).sort()) {
    if (!file.endsWith('.json') || path.join(RESULTS_DIR, file) === COLLECTED_FILE) continue;
    const name = file.slice(0, -'.json'.length);
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(RESULTS_DIR, file), 'utf8'));
      if (isBenchResult(parsed)) results.push(parsed);
      else unreadable.push({ name, error: 'not in the shared shape (tests/bench/src/result.ts)' });
    } catch (error) {
      unreadable.push({ name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { results, unreadable };
}

/** Registry order first, then anything else alphabetically. */
function sections(collected: Collected): Section[] {
  const names = new Set<string>([
    ...BENCHES.map((b) => b.name),
    ...collected.runs.map((r) => r.name),
    ...collected.results.map((r) => r.name),
    ...collected.unreadable.map((u) => u.name),
  ]);
  const order = (name: string) => {
    const i = BENCHES.findIndex((b) => b.name === name);
    return i < 0 ? BENCHES.length : i;
  };
  return [...names]
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((name) => ({
      name,
      result: collected.results.find((r) => r.name === name),
      run: collected.runs.find((r) => r.name === name),
      unreadable: collected.unreadable.find((u) => u.name === name)?.error,
    }))
    .filter((s) => s.result || s.run || s.unreadable);
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function cell(value: Cell): string {
  if (value === null) return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  }
  return escapeCell(value);
}

function table(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const numeric = columns.map(
    (_, i) =>
      rows.some((r) => typeof r[i] === 'number') &&
      rows.every((r) => typeof r[i] === 'number' || r[i] === null || r[i] === undefined),
  );
  return [
    line(columns.map(escapeCell)),
    line(columns.map((_, i) => (numeric[i] ? '---:' : '---'))),
    ...rows.map((row) => line(columns.map((_, i) => cell(row[i] ?? null)))),
  ].join('\n');
}

const verdict = (b: Budget) => (b.pass ? 'pass' : '**FAIL**');

function budgetTable(budgets: readonly Budget[]): string {
  return table(
    ['Budget', 'Measured', 'Limit', 'Result'],
    budgets.map((b) => [
      b.label,
      `${cell(b.value)} ${b.unit}`.trim(),
      `${b.op} ${cell(b.limit)} ${b.unit}`.trim(),
      verdict(b),
    ]),
  );
}

function status(section: Section): string {
  if (section.run?.outcome === 'failed') return `**failed to run** (${section.run.reason ?? 'unknown'})`;
  if (section.unreadable) return '**unreadable results**';
  if (section.run?.outcome === 'ok') return 'ran now';
  return 'collected (not run by this command)';
}

function budgetSummary(result: BenchResult | undefined): string {
  if (!result || result.budgets.length === 0) return '—';
  const failed = result.budgets.filter((b) => !b.pass).length;
  return failed === 0
    ? `${result.budgets.length} / ${result.budgets.length} pass`
    : `**${failed} of ${result.budgets.length} FAIL**`;
}

function renderSection(section: Section): string {
  const { result, run } = section;
  const heading = `## ${result ? `${escapeCell(result.title)} (\`${section.name}\`)` : `\`${section.name}\``}`;
  const parts = [heading];
  if (run?.outcome === 'failed') {
    parts.push(
      `**This bench failed to run**: ${run.reason ?? 'unknown reason'} after ${run.seconds.toFixed(0)} s.` +
        (result ? ` The figures below are from an earlier run (${result.measuredAt}).` : ''),
    );
    if (run.outputTail) parts.push(`Last lines it printed:\n\n\`\`\`text\n${run.outputTail}\n\`\`\``);
  }
  if (section.unreadable) {
    parts.push(`**results/${section.name}.json could not be read**: ${escapeCell(section.unreadable)}.`);
  }
  if (result) {
    parts.push(
      `Measured ${result.measuredAt}${run?.outcome === 'ok' ? ` (ran for ${run.seconds.toFixed(0)} s)` : ''}.`,
    );
    if (result.rows.length > 0) parts.push(table(result.columns, result.rows));
    if (result.budgets.length > 0) parts.push(`Budgets:\n\n${budgetTable(result.budgets)}`);
    if (result.notes.length > 0) parts.push(`Notes:\n\n${result.notes.map((n) => `- ${n}`).join('\n')}`);
  }
  return parts.join('\n\n');
}

export function renderMarkdown(collected: Collected): string {
  const all = sections(collected);
  const summary = table(
    ['Bench', 'Status', 'Budgets', 'Measured at'],
    all.map((s) => [
      `[${s.name}](#${s.name})`,
      status(s),
      budgetSummary(s.result),
      s.result?.measuredAt ?? null,
    ]),
  );
  return [
    '# Benchmarks',
    `Generated ${collected.generatedAt} by \`npm run bench\` (tests/bench/src/run.ts) from ` +
      '`tests/bench/results/*.json`; do not edit by hand. Machine at report time: ' +
      `${collected.machine}. Figures are noisy on a shared machine: each bench notes the load it ran under, ` +
      'and ratios against a reference measured in the same run matter more than absolute numbers.',
    summary,
    ...all.map((s) => `<a id="${s.name}"></a>\n\n${renderSection(s)}`),
  ].join('\n\n');
}

/** Reads every results file, writes BENCHMARKS.md and results/benchmarks.json, and returns what it collected. */
export function writeReport(runs: readonly RunStatus[] = []): Collected {
  const { results, unreadable } = readResults();
  const collected: Collected = {
    generatedAt: new Date().toISOString(),
    machine: machineNote(),
    runs,
    results,
    unreadable,
  };
  writeFileSync(REPORT_FILE, `${renderMarkdown(collected)}\n`);
  writeFileSync(COLLECTED_FILE, `${JSON.stringify(collected, null, 2)}\n`);
  return collected;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const collected = writeReport();
  console.log(
    `BENCHMARKS.md: ${collected.results.length} results, ${collected.unreadable.length} unreadable (${REPORT_FILE})`,
  );
}
