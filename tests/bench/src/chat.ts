/**
 * Chat figures (REQ-perf-chat): the API's overhead on the time to the first token, and the time from the click on Send
 * to the reply's first words painted in the portal with the built-in model.
 *
 * - Overhead: chatOverhead.ts's measureChatOverhead (20 alternated runs straight to the model server and through
 *   POST /api/chat; p95 of the paired differences). Budget: <= 20 ms p95 with the built-in model.
 * - First token painted: the end-to-end measurement tests/e2e/specs/firstToken.spec.ts (Debian Chromium against
 *   the started stack, 20 runs), whose figures this script reads back. Budget: median <= 300 ms. It starts the
 *   stack on its fixed ports: where several runs share a machine, run the bench under the stack lock.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { measureChatOverhead } from './chatOverhead';
import { BENCH_ROOT, budget, loadNow, machineNote, writeResult, type Cell } from './result';

const E2E = path.resolve(BENCH_ROOT, '..', 'e2e');
const FIRST_TOKEN_FILE = path.join(E2E, '.cache', 'first-token.json');

type FirstToken = {
  medianMs: number;
  p95Ms: number;
  runs: number;
  inDom: { medianMs: number; p95Ms: number };
};

const started = Date.now();
const overhead = await measureChatOverhead();
const overheadLoad = loadNow();

const playwright = spawnSync('npx', ['playwright', 'test', 'specs/firstToken.spec.ts'], {
  cwd: E2E,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
const firstTokenLoad = loadNow();
const fresh = (() => {
  try {
    return statSync(FIRST_TOKEN_FILE).mtimeMs >= started;
  } catch {
    return false;
  }
})();
if (playwright.status !== 0 || !fresh) {
  console.error(playwright.stdout.slice(-4_000), playwright.stderr.slice(-4_000));
  throw new Error(`the first-token measurement did not run (exit ${playwright.status ?? 'none'})`);
}
const firstToken = JSON.parse(readFileSync(FIRST_TOKEN_FILE, 'utf8')) as FirstToken;

const rows: Cell[][] = [
  ...overhead.map((o): Cell[] => [
    `time to first token, ${o.model}`,
    Number(o.directMedianMs.toFixed(1)),
    Number(o.proxiedMedianMs.toFixed(1)),
    Number(o.overheadMedianMs.toFixed(1)),
    Number(o.overheadP95Ms.toFixed(1)),
  ]),
  [
    `send click to first token painted in Chromium (portal, built-in model, ${firstToken.runs} runs)`,
    null,
    firstToken.medianMs,
    null,
    firstToken.p95Ms,
  ],
];
const builtin = overhead.find((o) => o.model.startsWith('built-in'));

const file = writeResult({
  name: 'chat',
  title: 'Chat: the API as a proxy to the model, and the first token painted in the portal',
  measuredAt: new Date().toISOString(),
  columns: [
    'measure',
    'direct median ms',
    'through the API / painted median ms',
    'overhead median ms',
    'p95 ms',
  ],
  rows,
  budgets: [
    budget('first token painted, median', firstToken.medianMs, '<=', 300, 'ms'),
    budget(
      'proxy overhead with the built-in model, p95',
      builtin?.overheadP95Ms ?? Number.NaN,
      '<=',
      20,
      'ms',
    ),
  ],
  notes: [
    machineNote(),
    `Overhead: 20 runs alternated (after 3 warm-up runs) straight to the model and through POST /api/chat over ` +
      `real sockets; p95 of the paired differences (load average ${overheadLoad} when it ended).`,
    `First token painted: tests/e2e/specs/firstToken.spec.ts, the built-in model with its 15 ms between words; ` +
      `time from the Send click to the first reply words painted (requestAnimationFrame after the DOM change); ` +
      `first words in the DOM at median ${firstToken.inDom.medianMs} ms (load average ${firstTokenLoad}).`,
  ],
});
console.log(`chat: wrote ${file}`);
