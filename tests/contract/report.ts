/** The suite's report: a line per operation, summaries per service and overall, the JSON file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Outcome = 'PASS' | 'FAIL' | 'SKIP';

export interface CheckResult {
  id: string;
  label: string;
  outcome: 'pass' | 'fail' | 'skip';
  status?: number;
  detail?: string;
}

export interface OperationResult {
  service: string;
  method: string;
  path: string;
  operationId: string;
  outcome: Outcome;
  reason: string;
  checks: CheckResult[];
  ms: number;
  /** Whether the valid request got a 2xx answer that conforms to the document. */
  successChecked: boolean;
}

export interface CleanupReport {
  marker: string;
  /** Records this run made (fixtures, creates, cases that created something). */
  made: number;
  /** Deleted by the run's own DELETE checks. */
  deletedByChecks: number;
  /** Deleted by the clean-up at the end. */
  deleted: number;
  /** Still there, and why. */
  left: Array<{ resource: string; id: number; by: string; reason: string }>;
  /** What of the signed-in user's own record (theme, avatar) the run put back as it was. */
  restored?: string[];
  /** What of it the run changed and could not put back. */
  notRestored?: string[];
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Report extends Summary {
  target: string;
  mode: 'write' | 'read-only' | 'dry-run';
  /** The run marker in the unique values of what the run made (write mode). */
  marker?: string;
  /** Operations whose success answer was checked. */
  successChecked: number;
  cleanup?: CleanupReport;
  /** Dry run in write mode: the records the run would create (resource, the operation that makes it, the operation it is for). */
  wouldCreate?: Array<{ resource: string; by: string; for: string }>;
  startedAt: string;
  seconds: number;
  services: Record<string, Summary>;
  operations: OperationResult[];
}

export function formatLine(r: OperationResult): string {
  return `${r.outcome} ${r.service} ${r.method.toUpperCase()} ${r.path} ${r.operationId} — ${r.reason}`;
}

/** The failed checks of an operation, indented under its line. */
export function formatFailures(r: OperationResult, limit = 12): string[] {
  const failed = r.checks.filter((c) => c.outcome === 'fail');
  const lines = failed.slice(0, limit).map((c) => `    ✗ ${c.label}${c.status !== undefined ? ` [${c.status}]` : ''}: ${c.detail ?? ''}`);
  if (failed.length > limit) lines.push(`    … ${failed.length - limit} more failed checks (see --json)`);
  return lines;
}

export function summarize(results: OperationResult[]): { overall: Summary; services: Record<string, Summary> } {
  const overall: Summary = { passed: 0, failed: 0, skipped: 0 };
  const services: Record<string, Summary> = {};
  for (const r of results) {
    const s = (services[r.service] ??= { passed: 0, failed: 0, skipped: 0 });
    const key = r.outcome === 'PASS' ? 'passed' : r.outcome === 'FAIL' ? 'failed' : 'skipped';
    s[key] += 1;
    overall[key] += 1;
  }
  return { overall, services };
}

export function checkCounts(results: OperationResult[]): Record<CheckResult['outcome'], number> {
  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of results) for (const c of r.checks) counts[c.outcome] += 1;
  return counts;
}

export function formatSummary(results: OperationResult[], serviceOrder: string[]): string[] {
  const { overall, services } = summarize(results);
  const lines = ['', 'Summary per service (operations):'];
  const width = Math.max(8, ...serviceOrder.map((s) => s.length));
  for (const service of serviceOrder) {
    const s = services[service];
    if (!s) continue;
    lines.push(`  ${service.padEnd(width)}  ${String(s.passed).padStart(4)} passed  ${String(s.failed).padStart(4)} failed  ${String(s.skipped).padStart(4)} skipped`);
  }
  const checks = checkCounts(results);
  const unchecked = results.filter((r) => !r.successChecked);
  lines.push(`Success answer checked: ${results.length - unchecked.length}/${results.length} operations`);
  for (const r of unchecked.slice(0, 40)) lines.push(`  success answer NOT checked: ${r.service} ${r.method.toUpperCase()} ${r.path} ${r.operationId} — ${r.reason.slice(0, 160)}`);
  if (unchecked.length > 40) lines.push(`  … and ${unchecked.length - 40} more (see the JSON report)`);
  lines.push(
    `Overall: ${overall.passed} passed, ${overall.failed} failed, ${overall.skipped} skipped of ${results.length} operations ` +
      `(checks: ${checks.pass} passed, ${checks.fail} failed, ${checks.skip} skipped)`,
  );
  return lines;
}

export function writeReport(file: string, report: Report): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
