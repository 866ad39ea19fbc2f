/**
 * Dependencies (ASVS 14.2.1; HIPAA 164.308(a)(1)(ii)(B) risk management): `npm audit --omit=dev` finds no high
 * or critical advisory in what the product ships. The verdict is read from npm's JSON report by
 * `auditVerdict`, proven here on reports of each kind; the live run asks the registry's audit service.
 *
 * Where that service cannot be reached (it is a POST to the registry, which some mirrors and proxies refuse:
 * this workplace's answers 405), the live test says so on stderr and passes, unless NPM_AUDIT_REQUIRED=1, when
 * it fails: set that wherever CI can reach the service. `npm run audit:prod -w @sentinel/security-tests` runs
 * the same check by hand.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BLOCKING = new Set(['high', 'critical']);

type AuditVerdict =
  | { readonly kind: 'report'; readonly blocking: readonly string[]; readonly counts: Record<string, number> }
  | { readonly kind: 'unavailable'; readonly reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an `npm audit --json` report says: the packages with a high or critical advisory (`name (severity)`),
 * or that there is no report (npm's error object, or output that is not a report at all).
 */
function auditVerdict(output: string): AuditVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return { kind: 'unavailable', reason: `not JSON: ${output.slice(0, 200)}` };
  }
  if (!isRecord(parsed)) return { kind: 'unavailable', reason: 'not an audit report' };
  const vulnerabilities = parsed.vulnerabilities;
  const metadata = isRecord(parsed.metadata) ? parsed.metadata.vulnerabilities : undefined;
  if (!isRecord(vulnerabilities) || !isRecord(metadata)) {
    const error = isRecord(parsed.error) ? parsed.error : {};
    const reason = [parsed.statusCode, parsed.message, error.code, error.summary].filter(Boolean).join(' ');
    return { kind: 'unavailable', reason: reason || 'not an audit report' };
  }
  const blocking = Object.entries(vulnerabilities)
    .filter(([, entry]) => isRecord(entry) && BLOCKING.has(String(entry.severity)))
    .map(([name, entry]) => `${name} (${String((entry as Record<string, unknown>).severity)})`)
    .sort();
  const counts = Object.fromEntries(
    Object.entries(metadata).filter((pair): pair is [string, number] => typeof pair[1] === 'number'),
  );
  return { kind: 'report', blocking, counts };
}

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

describe('reading npm audit reports', () => {
  it('a clean report blocks nothing', () => {
    expect(auditVerdict(report({}, { total: 0 }))).toEqual({
      kind: 'report',
      blocking: [],
      counts: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
    });
  });

  it('high and critical advisories block, moderate and low do not', () => {
    const verdict = auditVerdict(
      report(
        {
          'left-pad': { name: 'left-pad', severity: 'moderate', via: [] },
          minimist: { name: 'minimist', severity: 'critical', via: [] },
          semver: { name: 'semver', severity: 'high', via: [] },
          debug: { name: 'debug', severity: 'low', via: [] },
        },
        { moderate: 1, critical: 1, high: 1, low: 1, total: 4 },
      ),
    );
    expect(verdict).toMatchObject({ kind: 'report', blocking: ['minimist (critical)', 'semver (high)'] });
  });

  it("npm's error object and output that is no report mean no verdict, never a clean one", () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(auditVerdict(refused)).toEqual({
      kind: 'unavailable',
      reason:
        '405 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(auditVerdict(JSON.stringify({ error: { code: 'ENOAUDIT', summary: 'no audit' } })).kind).toBe(
      'unavailable',
    );
    expect(auditVerdict('npm error network').kind).toBe('unavailable');
    expect(auditVerdict('[]').kind).toBe('unavailable');
  });
});

describe('the production dependencies', () => {
  it('have no high or critical advisory (npm audit --omit=dev)', () => {
    const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const verdict = auditVerdict(run.stdout || run.stderr || String(run.error));
    if (verdict.kind === 'unavailable') {
      const message = `npm audit could not get a report: ${verdict.reason}`;
      if (process.env.NPM_AUDIT_REQUIRED === '1') throw new Error(message);
      console.warn(`${message} (set NPM_AUDIT_REQUIRED=1 to fail on this)`);
      return;
    }
    expect(
      verdict.blocking,
      `high or critical advisories (counts ${JSON.stringify(verdict.counts)})`,
    ).toEqual([]);
  }, 150_000);
});
