/**
 * `npm run eval:safety`: scores the labelled set, prints recall per level and concept and the false-alarm rate,
 * and writes SAFETY.md at the root of the repository. Exits non-zero when a budget is missed.
 */
import { writeFileSync } from 'node:fs';
import { refusalTables } from './refusalReport';
import { REFUSAL_PROMPTS } from './refusals';
import { builtinRefusalScores, configuredModel, scoreRefusals, summarizeRefusals } from './refusalScore';
import { ALL_PROMPTS, REPORT_PATH, renderReport } from './report';
import { CRITICAL_LEVELS, FALSE_ALARM_BUDGET, score, summarize } from './score';

const started = performance.now();
const scored = score(ALL_PROMPTS);
const perPrompt = (performance.now() - started) / ALL_PROMPTS.length;
const { recallByLevel, recallByConcept, falseAlarms } = summarize(scored);

console.log(
  `Labelled prompts: ${ALL_PROMPTS.length}; triage took ${perPrompt.toFixed(2)} ms per prompt on average.`,
);
console.log('\nRecall per level:');
for (const [level, r] of recallByLevel) console.log(`  ${level.padEnd(10)} ${r.hits}/${r.total}`);
console.log('\nRecall per concept:');
for (const [concept, r] of recallByConcept) console.log(`  ${concept.padEnd(48)} ${r.hits}/${r.total}`);
console.log(
  `\nFalse alarms: ${falseAlarms.hits}/${falseAlarms.total} (${(falseAlarms.rate * 100).toFixed(1)}%)`,
);
for (const miss of scored.filter((s) => !s.pass)) {
  console.log(`  MISS expected ${miss.prompt.level}, got ${miss.level}: ${miss.prompt.text}`);
}

const refusals = await builtinRefusalScores();
console.log(`\nDose and diagnosis refusals, built-in model (${REFUSAL_PROMPTS.length} prompts):`);
console.log(refusalTables(refusals).join('\n'));
const realModel = await configuredModel();
if (realModel) {
  // Reported only: a real model's answers vary, and CI has none.
  console.log(`\nDose and diagnosis refusals, ${realModel.label.provider} ${realModel.label.model ?? ''}:`);
  console.log(refusalTables(await scoreRefusals(REFUSAL_PROMPTS, realModel)).join('\n'));
}

writeFileSync(REPORT_PATH, await renderReport());
console.log(`\nWrote ${REPORT_PATH}`);

const missed = CRITICAL_LEVELS.some((level) => (recallByLevel.get(level)?.rate ?? 0) < 1);
if (missed || falseAlarms.rate > FALSE_ALARM_BUDGET || summarizeRefusals(refusals).misses.length > 0) {
  console.error('A safety budget is missed.');
  process.exitCode = 1;
}
