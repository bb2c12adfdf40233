import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

/*
 * Every operation of the services whose calls the product spec names is made by a screen or a data
 * provider, or its document says beside it why it stays unused (`x-unused-reason`).
 *
 * A call is a typed client call `<client>().<METHOD>('<path>', …)`. A call written in a screen or a
 * data provider is made; a call in src/api counts when the function (or the property of an exported
 * object) holding it is named by a file outside src/api, directly or through another such function.
 */

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const API = path.join(SRC, 'api');

/** The documents of the services the spec gives no calls for: the project's own. */
const OWN_DOCUMENTS = new Set(['mail', 'creativity', 'campaign', 'planner', 'order', 'frame', 'device']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  service: string;
  method: string;
  path: string;
  operationId: string;
  unusedReason?: unknown;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const file of readdirSync(path.join(ROOT, 'openapi')).filter((f) => f.endsWith('.yaml') && f !== 'redocly.yaml')) {
    const service = file.replace(/\.yaml$/, '');
    const doc = parseYaml(readFileSync(path.join(ROOT, 'openapi', file), 'utf8')) as {
      paths?: Record<string, Record<string, { operationId?: string; 'x-unused-reason'?: unknown }>>;
    };
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = item[method];
        if (op?.operationId) out.push({ service, method, path: p, operationId: op.operationId, unusedReason: op['x-unused-reason'] });
      }
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'generated') out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

interface CallSite {
  key: string; // service METHOD path
  file: string;
  /** The named unit of src/api holding the call (undefined outside src/api). */
  unit?: string;
}

interface Unit {
  name: string;
  text: string;
}

/** The typed clients: `export const xApi = lazyClient<paths>('service')`. */
function clients(files: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = lazyClient<paths>\('(\w+)'/g)) map.set(m[1], m[2]);
  }
  return map;
}

/** The innermost named unit around a node: an object property, else the top-level declaration. */
function unitOf(node: ts.Node): string | undefined {
  let property: string | undefined;
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (!property && (ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n)) && n.name && ts.isIdentifier(n.name)) property = n.name.text;
    if (n.parent && ts.isSourceFile(n.parent)) {
      if (ts.isFunctionDeclaration(n) && n.name) return property ?? n.name.text;
      if (ts.isVariableStatement(n)) return property ?? (n.declarationList.declarations[0].name as ts.Identifier).text;
      return property;
    }
  }
  return property;
}

function scan(): { calls: CallSite[]; units: Unit[]; consumers: string[] } {
  const files = sourceFiles(SRC);
  const clientOf = clients(files.filter((f) => f.startsWith(API)));
  const services = new Set(clientOf.values());
  const calls: CallSite[] = [];
  const units: Unit[] = [];
  const consumers: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const inApi = file.startsWith(API + path.sep);
    if (!inApi) consumers.push(text);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    if (inApi) {
      for (const statement of source.statements) {
        if (ts.isFunctionDeclaration(statement) && statement.name) units.push({ name: statement.name.text, text: statement.getText() });
        if (ts.isVariableStatement(statement)) {
          for (const d of statement.declarationList.declarations) {
            if (!ts.isIdentifier(d.name)) continue;
            units.push({ name: d.name.text, text: d.getText() });
            const init = d.initializer;
            if (init && ts.isObjectLiteralExpression(init)) {
              for (const p of init.properties) if (p.name && ts.isIdentifier(p.name)) units.push({ name: p.name.text, text: p.getText() });
            }
          }
        }
      }
    }
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const target = node.expression.expression;
        const first = node.arguments[0];
        if (
          (METHODS as readonly string[]).includes(method.toLowerCase()) &&
          method === method.toUpperCase() &&
          ts.isCallExpression(target) &&
          ts.isIdentifier(target.expression) &&
          clientOf.has(target.expression.text) &&
          first &&
          ts.isStringLiteralLike(first)
        ) {
          calls.push({ key: `${clientOf.get(target.expression.text)} ${method.toLowerCase()} ${first.text}`, file, unit: inApi ? unitOf(node) : undefined });
        }
      }
      // The multipart uploads: `upload…('<service>', '<path>', …)`, always a POST.
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^upload/.test(node.expression.text)) {
        const [service, target] = node.arguments;
        if (service && target && ts.isStringLiteralLike(service) && ts.isStringLiteralLike(target) && services.has(service.text)) {
          calls.push({ key: `${service.text} post ${target.text}`, file, unit: inApi ? unitOf(node) : undefined });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { calls, units, consumers };
}

/** The operations some screen or data provider makes, as `service method path`. */
function madeCalls(): Set<string> {
  const { calls, units, consumers } = scan();
  const named = (name: string, text: string) => new RegExp(`\\b${name}\\b`).test(text);
  const used = new Set(units.filter((u) => consumers.some((c) => named(u.name, c))).map((u) => u.name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const u of units) {
      if (used.has(u.name)) continue;
      if (units.some((v) => v !== u && used.has(v.name) && v.name !== u.name && named(u.name, v.text))) {
        used.add(u.name);
        grew = true;
      }
    }
  }
  return new Set(calls.filter((c) => c.unit === undefined ? !c.file.startsWith(API) : used.has(c.unit)).map((c) => c.key));
}

const inScope = (op: Operation) => !OWN_DOCUMENTS.has(op.service);

describe('every call the spec names serves someone', () => {
  const ops = operations();
  const made = madeCalls();
  const isMade = (op: Operation) => made.has(`${op.service} ${op.method} ${op.path}`);

  it('finds the calls the screens make (the scan itself works)', () => {
    expect(ops.filter(inScope).length).toBeGreaterThan(140);
    // Made by screens through data providers and src/api functions.
    expect(made.has('audit post /detection/sendToAgent')).toBe(true);
    expect(made.has('scheduler post /eventScheduler/save')).toBe(true);
  });

  it('each operation of a spec service is made by a screen or a data provider, or says why not', () => {
    const unexplained = ops
      .filter(inScope)
      .filter((op) => !isMade(op) && !(typeof op.unusedReason === 'string' && op.unusedReason.trim().length > 20))
      .map((op) => `${op.service} ${op.operationId} (${op.method.toUpperCase()} ${op.path})`);
    expect(unexplained).toEqual([]);
  });

  it('no operation that is made carries a reason for staying unused', () => {
    const stale = ops.filter((op) => op.unusedReason !== undefined && isMade(op)).map((op) => `${op.service} ${op.operationId}`);
    expect(stale).toEqual([]);
  });
});
