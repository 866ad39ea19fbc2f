/**
 * The one shape every bench writes to tests/bench/results/<name>.json, so that `npm run bench` can collect them
 * all into BENCHMARKS.md (./report.ts). Bench scripts import `writeResult`, `budget` and `machineNote` from here;
 * a script that lives elsewhere may write the same JSON itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** tests/bench */
export const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** tests/bench/results: one JSON file per bench, plus the collected benchmarks.json. */
export const RESULTS_DIR = path.join(BENCH_ROOT, 'results');

export type Cell = string | number | null;

export type BudgetOp = '<=' | '<' | '>=' | '>' | '==';

export type Budget = {
  /** What is budgeted, e.g. "p95 at 10k documents". */
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  readonly op: BudgetOp;
  readonly limit: number;
  readonly pass: boolean;
};

export type BenchResult = {
  /** The file name without .json, e.g. "api". */
  readonly name: string;
  /** What was measured, one line. */
  readonly title: string;
  /** ISO 8601. */
  readonly measuredAt: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  readonly budgets: readonly Budget[];
  /** How it was measured, machine load, caveats. */
  readonly notes: readonly string[];
};

const COMPARE: Readonly<Record<BudgetOp, (value: number, limit: number) => boolean>> = {
  '<=': (v, l) => v <= l,
  '<': (v, l) => v < l,
  '>=': (v, l) => v >= l,
  '>': (v, l) => v > l,
  '==': (v, l) => v === l,
};

/** A budget line with `pass` decided from the figure; a figure that is not a finite number fails. */
export function budget(label: string, value: number, op: BudgetOp, limit: number, unit: string): Budget {
  return { label, value, unit, op, limit, pass: Number.isFinite(value) && COMPARE[op](value, limit) };
}

/** The machine as a note: CPUs, Node, and the load average now (the figures are only as quiet as the machine). */
export function machineNote(): string {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return (
    `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ` +
    `load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1 / 5 / 15 min)`
  );
}

/** The 1-minute load average, rounded, for per-measurement notes. */
export const loadNow = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** Writes results/<name>.json and returns its path. */
export function writeResult(result: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${result.name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** Whether `value` has the shared shape (the report collects only what it can render). */
export function isBenchResult(value: unknown): value is BenchResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    typeof v.title === 'string' &&
    typeof v.measuredAt === 'string' &&
    Array.isArray(v.columns) &&
    Array.isArray(v.rows) &&
    v.rows.every((row) => Array.isArray(row)) &&
    Array.isArray(v.budgets) &&
    v.budgets.every(
      (b) =>
        typeof b === 'object' &&
        b !== null &&
        typeof (b as Budget).label === 'string' &&
        typeof (b as Budget).pass === 'boolean',
    ) &&
    Array.isArray(v.notes)
  );
}
