/**
 * `npm run bench` (root): runs every bench of the registry (./registry.ts) whose script exists, one after
 * another so they do not disturb each other's figures, then writes BENCHMARKS.md and results/benchmarks.json
 * from every results/<name>.json present (./report.ts).
 *
 *   npm run bench                  every bench that exists, except opt-in ones
 *   npm run bench -- api soak      only these (opt-in ones included when named)
 *   npm run bench -- --list        what the registry holds and which scripts exist
 *
 * Benches marked `usesStack` start the end-to-end stack (its fixed ports): where other runs share the machine,
 * set BENCH_STACK_LOCK=<lock file> (here: /work/.stack.lock) and they run under `flock` on it.
 *
 * A bench fails when it exits non-zero, runs past its timeout or leaves no fresh, readable results file; the
 * report says so. The exit status is 1 when a bench failed or a budget measured in this run failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BENCHES, type BenchEntry } from './registry';
import { writeReport, REPORT_FILE, type RunStatus } from './report';
import { BENCH_ROOT, RESULTS_DIR, isBenchResult } from './result';

const REPO_ROOT = path.resolve(BENCH_ROOT, '..', '..');
/** Lines of a failed bench's output kept for the report. */
const TAIL_LINES = 25;

const scriptPath = (entry: BenchEntry) => entry.script && path.join(BENCH_ROOT, 'src', entry.script);

function exists(entry: BenchEntry): boolean {
  const script = scriptPath(entry);
  if (script) return existsSync(script);
  return entry.command !== undefined && (!entry.requires || existsSync(path.join(REPO_ROOT, entry.requires)));
}

/**
 * BENCH_STACK_LOCK names a lock file: benches that start the end-to-end stack then run under `flock` on it, so
 * they never start the stack while another run on the machine holds it.
 */
const STACK_LOCK = process.env.BENCH_STACK_LOCK;

function argvOf(entry: BenchEntry): { argv: string[]; cwd: string } {
  const run = entry.script
    ? { argv: [process.execPath, '--import', 'tsx', `src/${entry.script}`], cwd: BENCH_ROOT }
    : { argv: [...(entry.command ?? [])], cwd: REPO_ROOT };
  return entry.usesStack && STACK_LOCK ? { ...run, argv: ['flock', STACK_LOCK, ...run.argv] } : run;
}

/** The bench running now: stopping `npm run bench` stops it and whatever it started. */
let current: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (current) process.kill(-current, 'SIGTERM');
    process.exit(130);
  });
}

/** Runs one bench, its output passed through, and decides whether it produced fresh results. */
async function runOne(entry: BenchEntry): Promise<RunStatus> {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const { argv, cwd } = argvOf(entry);
  const [command, ...args] = argv;
  if (!command) return { name: entry.name, outcome: 'failed', reason: 'no command', seconds: 0 };
  console.error(`\n=== bench ${entry.name}: ${argv.join(' ')} (in ${path.relative(REPO_ROOT, cwd) || '.'})`);

  let tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail = tail.concat(chunk.toString().split('\n')).slice(-TAIL_LINES * 4);
  };
  // Its own process group, so that a timeout ends the bench and whatever it started, and nothing else.
  const child = spawn(command, args, {
    cwd,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    keep(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    keep(chunk);
  });
  current = child.pid;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    setTimeout(
      () => child.pid && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'),
      10_000,
    ).unref();
  }, entry.timeoutMinutes * 60_000);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  clearTimeout(timer);
  current = undefined;
  const outputTail = tail
    .join('\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-TAIL_LINES)
    .join('\n');
  const failed = (reason: string): RunStatus => ({
    name: entry.name,
    outcome: 'failed',
    reason,
    seconds: seconds(),
    outputTail,
  });

  if (exit.error) return failed(`could not start: ${exit.error.message}`);
  if (timedOut) return failed(`timed out after ${entry.timeoutMinutes} min`);
  if (exit.code !== 0) return failed(exit.signal ? `killed by ${exit.signal}` : `exit status ${exit.code}`);
  const file = path.join(RESULTS_DIR, `${entry.name}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < started)
    return failed(`wrote no results/${entry.name}.json`);
  try {
    if (!isBenchResult(JSON.parse(readFileSync(file, 'utf8')))) {
      return failed(`results/${entry.name}.json is not in the shared shape`);
    }
  } catch (error) {
    return failed(
      `results/${entry.name}.json is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { name: entry.name, outcome: 'ok', seconds: seconds() };
}

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const entry of BENCHES) {
    const flags = [entry.optIn ? 'opt-in' : '', entry.usesStack ? 'starts the stack' : ''].filter(Boolean);
    console.log(
      `${entry.name.padEnd(12)} ${exists(entry) ? 'present' : 'absent '} ${flags.length ? `(${flags.join(', ')})` : ''}`,
    );
  }
  process.exit(0);
}

const named = args.filter((a) => !a.startsWith('-'));
const unknown = named.filter((name) => !BENCHES.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}.`);
  process.exit(2);
}
const selected = named.length
  ? BENCHES.filter((b) => named.includes(b.name))
  : BENCHES.filter((b) => !b.optIn);

const runs: RunStatus[] = [];
for (const entry of selected) {
  if (!exists(entry)) {
    // Named on the command line but missing is a failure; absent from a full run is just not written yet.
    if (named.includes(entry.name)) {
      runs.push({ name: entry.name, outcome: 'failed', reason: 'its script does not exist', seconds: 0 });
    } else {
      console.error(`=== bench ${entry.name}: not present (${entry.script ?? entry.requires}), skipped`);
    }
    continue;
  }
  runs.push(await runOne(entry));
}

const collected = writeReport(runs);
const ranNow = new Set(runs.filter((r) => r.outcome === 'ok').map((r) => r.name));
const failedBudgets = collected.results
  .filter((r) => ranNow.has(r.name))
  .flatMap((r) => r.budgets.filter((b) => !b.pass).map((b) => `${r.name}: ${b.label}`));
const failedRuns = runs.filter((r) => r.outcome === 'failed');

console.error(`\nReport: ${path.relative(REPO_ROOT, REPORT_FILE)} and tests/bench/results/benchmarks.json`);
for (const run of runs) {
  console.error(`  ${run.name.padEnd(12)} ${run.outcome === 'ok' ? 'ok    ' : 'FAILED'} ${run.reason ?? ''}`);
}
for (const label of failedBudgets) console.error(`  budget FAILED: ${label}`);
process.exit(failedRuns.length > 0 || failedBudgets.length > 0 ? 1 : 0);
