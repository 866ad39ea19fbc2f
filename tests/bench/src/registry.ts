/**
 * Every bench `npm run bench` knows of. TO ADD ONE, ADD ONE LINE HERE: a script under tests/bench/src (run as
 * `node --import tsx src/<script>` from tests/bench) or a command run from the repository root, which writes
 * tests/bench/results/<name>.json in the shared shape (./result.ts: `writeResult`, `budget`, `machineNote`).
 *
 * The runner (./run.ts) runs, one after another, every entry whose script (or `requires` file) exists; an entry
 * marked `optIn` runs only when named (`npm run bench -- soak`). A bench that exits non-zero, times out or does
 * not write a fresh results/<name>.json is reported as failed in BENCHMARKS.md, never dropped. Results of names
 * not listed here are collected too (written by some other command), marked as not run by `npm run bench`.
 */
export type BenchEntry = {
  /** results/<name>.json; also what `npm run bench -- <name>` selects. */
  readonly name: string;
  /** A file in tests/bench/src, run with tsx from tests/bench. */
  readonly script?: string;
  /** Or a command (argv) run from the repository root... */
  readonly command?: readonly string[];
  /** ...when this file exists (a path from the repository root). */
  readonly requires?: string;
  /** Killed and reported failed after this long. */
  readonly timeoutMinutes: number;
  /** Long or disruptive: runs only when named on the command line. */
  readonly optIn?: boolean;
  /**
   * Starts the end-to-end stack (ports 3000/4000/4100/5050/5173): with BENCH_STACK_LOCK=<lock file> the runner
   * runs it under `flock` on that file, so it waits for any other run of the stack on the machine.
   */
  readonly usesStack?: boolean;
};

export const BENCHES: readonly BenchEntry[] = [
  { name: 'api', script: 'api.ts', timeoutMinutes: 15 },
  { name: 'knowledge', script: 'knowledge.ts', timeoutMinutes: 15 },
  { name: 'ui-rows', script: 'uiRows.ts', timeoutMinutes: 15 },
  {
    name: 'bundle',
    command: [
      'npm',
      'run',
      'test:built',
      '-w',
      '@sentinel/portal',
      '--',
      '--json',
      'tests/bench/results/bundle.json',
    ],
    timeoutMinutes: 5,
  },
  {
    name: 'sizes',
    command: ['npm', 'run', 'sizes', '-w', '@sentinel/ui', '--', '--json', 'tests/bench/results/sizes.json'],
    timeoutMinutes: 5,
  },
  { name: 'lighthouse', script: 'lighthouse.ts', timeoutMinutes: 20, usesStack: true },
  { name: 'chat', script: 'chat.ts', timeoutMinutes: 15, usesStack: true },
  { name: 'stories', script: 'stories.ts', timeoutMinutes: 25 },
  { name: 'soak', script: 'soak.ts', timeoutMinutes: 20, optIn: true },
];
