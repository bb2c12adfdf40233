// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { junitBeside, junitXml, uniqueNames } from '../contract/junit';
import { applyPatch, Ledger, RunMarker } from '../contract/ledger';
import type { Report } from '../contract/report';
import type { RequestSpec } from '../contract/requests';
import { parseCli } from '../contract/run';

describe('the command line: modes and reports', () => {
  it('reads production only unless writes are asked for; other targets write', () => {
    expect(parseCli(['--env', 'prod']).mode).toBe('read-only');
    expect(parseCli(['--env', 'prod', '--write']).mode).toBe('write');
    expect(parseCli(['--env', 'stage']).mode).toBe('write');
    expect(parseCli(['--base', 'http://127.0.0.1:8787', '--read-only']).mode).toBe('read-only');
    expect(() => parseCli(['--env', 'prod', '--read-only', '--write'])).toThrow(/one of --read-only and --write/);
    expect(() => parseCli(['--env', 'prod', '--require-success'])).toThrow(/needs write mode/);
  });

  it('writes the JUnit report beside the JSON one unless told otherwise', () => {
    expect(parseCli(['--base', 'http://x', '--json', 'out/contract.json']).junit).toBe('out/contract.xml');
    expect(parseCli(['--base', 'http://x', '--json', 'a.json', '--junit', 'b.xml']).junit).toBe('b.xml');
    expect(parseCli(['--base', 'http://x', '--dry-run']).dryRun).toBe(true);
    expect(junitBeside('r.json')).toBe('r.xml');
  });
});

describe('the run marker and the ledger', () => {
  it('makes values unique in the run and fitting codes, digits and e-mail addresses', () => {
    const m = new RunMarker('482913');
    expect(m.unique()).toBe('QA482913-1');
    expect(m.unique()).toBe('QA482913-2');
    expect(m.code()).toMatch(/^[A-Z]{2}-[0-9]{4,}$/);
    expect(m.digits(11)).toMatch(/^482913\d{5}$/);
    // The reserved .invalid domain (RFC 2606, RFC 6761): no mail reaches anyone.
    expect(m.email()).toMatch(/^qa482913-\d+@contract-test\.invalid$/);
  });

  it('lists what is left newest first, without what was deleted', () => {
    const ledger = new Ledger();
    ledger.add({ resource: 'order', id: 1, json: {}, by: 'order.createOrder' });
    ledger.add({ resource: 'campaign', id: 2, json: {}, by: 'campaign.createCampaign' });
    ledger.add({ resource: 'mail', id: 3, json: {}, by: 'mail.sendMail' });
    ledger.markDeleted('mail', 3);
    expect(ledger.remaining().map((e) => e.id)).toEqual([2, 1]);
    expect(ledger.owns('order', 1)).toBe(true);
    expect(ledger.owns('order', 2)).toBe(false);
  });

  it('patches path, query and body of a request', () => {
    const request: RequestSpec = { method: 'put', path: '/a/{id}', pathParams: { id: '9' }, query: [['x', '1'], ['y', '2']], headers: {}, body: { type: 'json', contentType: 'application/json', value: { id: 9, name: 'a' } }, auth: 'operation' };
    const patched = applyPatch(request, { path: { id: 4 }, query: { x: [5, 6] }, body: { id: 4 } });
    expect(patched.pathParams).toEqual({ id: '4' });
    expect(patched.query).toEqual([['y', '2'], ['x', '5'], ['x', '6']]);
    expect(patched.body).toMatchObject({ value: { id: 4, name: 'a' } });
    expect(request.pathParams.id).toBe('9');
  });
});

describe('the JUnit report', () => {
  const report: Report = {
    passed: 1,
    failed: 1,
    skipped: 0,
    target: 'http://127.0.0.1:8787',
    mode: 'write',
    marker: 'QA123456',
    startedAt: '2026-11-24T00:00:00.000Z',
    seconds: 2,
    successChecked: 1,
    services: {},
    operations: [
      { service: 'mail', method: 'get', path: '/mails/{id}', operationId: 'getMail', outcome: 'PASS', reason: 'ok', ms: 30, successChecked: true, checks: [{ id: 'valid', label: 'valid request', outcome: 'pass', status: 200 }] },
      {
        service: 'mail',
        method: 'post',
        path: '/mails',
        operationId: 'sendMail',
        outcome: 'FAIL',
        reason: 'status 200 is not declared',
        ms: 40,
        successChecked: false,
        checks: [
          { id: 'valid', label: 'valid request', outcome: 'fail', status: 200, detail: 'status 200 is not declared <201>' },
          { id: 'body.missing', label: 'required body missing', outcome: 'skip', detail: 'not sent' },
        ],
      },
    ],
  };

  it('has a test case per operation and check, failures and skips marked, text escaped', () => {
    const xml = junitXml(report);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('<testsuite name="contract.mail" tests="5" failures="2" errors="0" skipped="1"');
    expect(xml).toContain('name="POST /mails — valid request" classname="mail.sendMail"');
    expect(xml).toContain('<failure message="[200] status 200 is not declared &lt;201&gt;">');
    expect(xml).toContain('name="GET /mails/{id} — success answer checked" classname="mail.getMail" time="0.015"/>');
    expect(xml).toContain('name="POST /mails — success answer checked" classname="mail.sendMail"');
  });

  it('names every test case once, even when two checks share a label or two operations a path', () => {
    const twice: Report = {
      ...report,
      operations: [
        ...report.operations,
        {
          service: 'mail',
          method: 'get',
          path: '/mails/{id}',
          operationId: 'getMailAgain',
          outcome: 'PASS',
          reason: 'ok',
          ms: 10,
          successChecked: true,
          checks: [
            { id: 'hostile.fileName.crlf.download', label: 'download of the file', outcome: 'pass' },
            { id: 'hostile.fileName.nonLatin1.download', label: 'download of the file', outcome: 'pass' },
          ],
        },
      ],
    };
    const names = [...junitXml(twice).matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(8);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('GET /mails/{id} — success answer checked [success]');
    expect(names).toContain('GET /mails/{id} — download of the file [hostile.fileName.nonLatin1.download]');
    expect(uniqueNames([{ name: 'a', classname: 'x', outcome: 'pass', seconds: 0 }, { name: 'a', classname: 'x', outcome: 'pass', seconds: 0 }, { name: 'a', classname: 'x', outcome: 'pass', seconds: 0 }]).map((c) => c.name)).toEqual(['a', 'a #2', 'a #3']);
  });
});
