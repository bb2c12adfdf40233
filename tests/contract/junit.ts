/**
 * The report as JUnit XML, for QA's tools: a test suite per service, a test case per operation and
 * check (`<operationId> — <check>`), plus one per operation for its success answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckResult, OperationResult, Report } from './report';

export function escapeXml(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped; the rest escaped.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

export interface JunitCase {
  name: string;
  /** The check's id (`valid`, `body.missing`…), for a name that repeats. */
  id?: string;
  classname: string;
  outcome: 'pass' | 'fail' | 'skip';
  message?: string;
  seconds: number;
}

function casesOf(r: OperationResult): JunitCase[] {
  const classname = `${r.service}.${r.operationId}`;
  const title = `${r.method.toUpperCase()} ${r.path}`;
  const perCheck = r.checks.length ? r.ms / 1000 / (r.checks.length + 1) : r.ms / 1000;
  const fromCheck = (c: CheckResult): JunitCase => ({
    name: `${title} — ${c.label}`,
    id: c.id,
    classname,
    outcome: c.outcome,
    message: `${c.status !== undefined ? `[${c.status}] ` : ''}${c.detail ?? ''}`,
    seconds: perCheck,
  });
  const success: JunitCase = {
    name: `${title} — success answer checked`,
    id: 'success',
    classname,
    outcome: r.successChecked ? 'pass' : r.outcome === 'FAIL' ? 'fail' : 'skip',
    message: r.successChecked ? undefined : r.reason,
    seconds: perCheck,
  };
  return [success, ...r.checks.map(fromCheck)];
}

function testcase(c: JunitCase): string {
  const open = `    <testcase name="${escapeXml(c.name)}" classname="${escapeXml(c.classname)}" time="${c.seconds.toFixed(3)}"`;
  if (c.outcome === 'pass') return `${open}/>`;
  const tag = c.outcome === 'fail' ? `<failure message="${escapeXml((c.message ?? '').slice(0, 500))}">${escapeXml(c.message ?? '')}</failure>` : `<skipped message="${escapeXml((c.message ?? '').slice(0, 500))}"/>`;
  return `${open}>\n      ${tag}\n    </testcase>`;
}

/**
 * Test names made unique within the report (QA's tools key results by name): a repeated name gets
 * its check id, then a counter.
 */
export function uniqueNames<T extends JunitCase>(cases: T[]): T[] {
  const seen = new Set<string>();
  return cases.map((c) => {
    let name = c.name;
    if (seen.has(name) && c.id) name = `${c.name} [${c.id}]`;
    for (let n = 2; seen.has(name); n += 1) name = `${c.name}${c.id ? ` [${c.id}]` : ''} #${n}`;
    seen.add(name);
    return { ...c, name };
  });
}

export function junitXml(report: Report): string {
  const byService = new Map<string, JunitCase[]>();
  const all = uniqueNames(report.operations.flatMap((r) => casesOf(r).map((c) => ({ ...c, service: r.service }))));
  for (const c of all) {
    const list = byService.get(c.service) ?? [];
    list.push(c);
    byService.set(c.service, list);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const [service, cases] of byService) {
    const f = cases.filter((c) => c.outcome === 'fail').length;
    const s = cases.filter((c) => c.outcome === 'skip').length;
    const time = cases.reduce((sum, c) => sum + c.seconds, 0);
    tests += cases.length;
    failures += f;
    skipped += s;
    suites.push(
      `  <testsuite name="contract.${escapeXml(service)}" tests="${cases.length}" failures="${f}" errors="0" skipped="${s}" time="${time.toFixed(3)}" timestamp="${escapeXml(report.startedAt.replace(/Z$/, ''))}">\n${cases.map(testcase).join('\n')}\n  </testsuite>`,
    );
  }
  const name = `contract suite against ${report.target} (${report.mode}${report.marker ? `, run marker ${report.marker}` : ''})`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escapeXml(name)}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${report.seconds.toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

export function writeJunit(file: string, report: Report): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, junitXml(report));
}

/** The JUnit file beside a JSON report: `contract.json` → `contract.xml`. */
export function junitBeside(jsonFile: string): string {
  return jsonFile.replace(/\.json$/i, '') + '.xml';
}
