/**
 * Duration of the story-test suite (REQ-perf-suite): every story's play function and axe check in Chromium through the
 * Vitest addon (`npx vitest run` in apps/storybook), timed from start to exit, with its test count. The whole CI
 * run's duration is written by .ci/run itself (results/ci.json) and collected beside this one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { BENCH_ROOT, budget, loadNow, machineNote, writeResult } from './result';

const STORYBOOK = path.resolve(BENCH_ROOT, '..', '..', 'apps', 'storybook');

const started = performance.now();
const run = spawnSync('npx', ['vitest', 'run'], {
  cwd: STORYBOOK,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, CI: 'true' },
});
const seconds = (performance.now() - started) / 1000;
const output = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`);
const count = (label: string) => Number(new RegExp(`Tests\\s+.*?(\\d+) ${label}`).exec(output)?.[1] ?? 0);
const passed = count('passed');
const failed = count('failed');
if (run.status !== 0 || passed === 0) {
  console.error(output.slice(-4_000));
  throw new Error(`the story tests did not pass (exit ${run.status ?? 'none'}, ${failed} failed)`);
}

const file = writeResult({
  name: 'stories',
  title: 'Story-test suite: every story in Chromium (Vitest addon: play functions and axe)',
  measuredAt: new Date().toISOString(),
  columns: ['suite', 'tests passed', 'seconds'],
  rows: [['apps/storybook `npx vitest run`', passed, Math.round(seconds)]],
  budgets: [budget('story-test suite duration', Math.round(seconds), '<=', 600, 's')],
  notes: [
    machineNote(),
    `Wall-clock time including Vite's transform and Chromium's start; load average ${loadNow()} at the end. ` +
      `The 10-minute budget keeps the suite a small part of CI's 30 minutes.`,
  ],
});
console.log(`stories: ${passed} passed in ${Math.round(seconds)} s; wrote ${file}`);
