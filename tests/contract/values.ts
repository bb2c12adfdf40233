/**
 * Values from schemas: a sample that satisfies a schema (examples first, then defaults, enums and
 * values derived from the constraints), and the small helpers the invalid-case generator needs.
 */
import { deref, type Schema } from './document';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

const MAX_DEPTH = 8;

/** The schema with `$ref`s followed and `allOf` folded into one object schema. */
export function resolveSchema(doc: unknown, schema: unknown): Schema {
  const resolved = deref<Schema | undefined>(doc, schema) ?? {};
  if (typeof resolved !== 'object' || resolved === null) return {};
  const allOf = resolved.allOf as unknown[] | undefined;
  if (!Array.isArray(allOf) || allOf.length === 0) return resolved;
  const merged: Schema = { ...resolved };
  delete merged.allOf;
  const properties: Record<string, unknown> = { ...((resolved.properties as Record<string, unknown> | undefined) ?? {}) };
  const required = new Set<string>((resolved.required as string[] | undefined) ?? []);
  for (const part of allOf) {
    const sub = resolveSchema(doc, part);
    for (const [key, value] of Object.entries(sub)) {
      if (key === 'properties') Object.assign(properties, value as Record<string, unknown>);
      else if (key === 'required') for (const name of value as string[]) required.add(name);
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** The JSON types a schema allows (declared, or inferred from its keywords); empty = any. */
export function schemaTypes(schema: Schema): JsonType[] {
  const type = schema.type;
  if (typeof type === 'string') return [type as JsonType];
  if (Array.isArray(type)) return type as JsonType[];
  if (schema.properties || schema.additionalProperties !== undefined || schema.required) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  if (Array.isArray(schema.enum) && schema.enum.length) {
    return [...new Set((schema.enum as unknown[]).map(jsonTypeOf))];
  }
  if ('const' in schema) return [jsonTypeOf(schema.const)];
  if (schema.pattern !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined || schema.format === 'date' || schema.format === 'date-time') return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
}

/** The main (first non-null) type of a schema. */
export function mainType(schema: Schema): JsonType | undefined {
  return schemaTypes(schema).find((t) => t !== 'null');
}

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** Whether a value's JSON type is one of the allowed ones (an integer is also a number). */
export function typeAllowed(value: unknown, types: JsonType[]): boolean {
  if (!types.length) return true;
  const t = jsonTypeOf(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/** The branch of a `oneOf`/`anyOf` that best fits a value (or the first non-null branch). */
export function pickBranch(doc: unknown, branches: unknown[], value?: unknown): Schema {
  const resolved = branches.map((b) => resolveSchema(doc, b));
  if (value !== undefined) {
    let best: Schema | undefined;
    let bestScore = -Infinity;
    for (const branch of resolved) {
      const score = fitScore(doc, branch, value);
      if (score > bestScore) {
        best = branch;
        bestScore = score;
      }
    }
    if (best) return best;
  }
  return resolved.find((b) => mainType(b) !== undefined || b.properties) ?? resolved[0] ?? {};
}

function fitScore(doc: unknown, schema: Schema, value: unknown): number {
  const types = schemaTypes(schema);
  if (types.length && !typeAllowed(value, types)) return -100;
  if (Array.isArray(schema.enum) && !(schema.enum as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(value))) return -50;
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return -50;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 1;
  const record = value as Record<string, unknown>;
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  let score = 0;
  for (const name of (schema.required as string[] | undefined) ?? []) score += name in record ? 2 : -10;
  for (const [name, v] of Object.entries(record)) {
    if (name in properties) score += 1 + Math.min(0, fitScore(doc, resolveSchema(doc, properties[name]), v));
    else if (schema.additionalProperties === false) score -= 10;
  }
  return score;
}

export interface SampleOptions {
  /** Requests leave `readOnly` properties out; responses leave `writeOnly` ones out. */
  mode?: 'request' | 'response';
  /** Also fill optional properties (default: required ones and those with an example only). */
  allProperties?: boolean;
}

/** A value that satisfies the schema: example, examples[0], const, default, enum[0], or derived. */
export function sampleValue(doc: unknown, schemaIn: unknown, options: SampleOptions = {}, depth = 0): unknown {
  const schema = resolveSchema(doc, schemaIn);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return (schema.enum as unknown[]).find((e) => e !== null) ?? schema.enum[0];
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) return sampleValue(doc, pickBranch(doc, branches), options, depth + 1);
  if (depth > MAX_DEPTH) return null;
  switch (mainType(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'array':
      return sampleArray(doc, schema, options, depth);
    case 'object':
      return sampleObject(doc, schema, options, depth);
    case 'null':
      return null;
    default:
      return schemaTypes(schema).includes('null') ? null : 'Milano';
  }
}

function sampleArray(doc: unknown, schema: Schema, options: SampleOptions, depth: number): unknown[] {
  const prefix = (schema.prefixItems as unknown[] | undefined) ?? [];
  const out: unknown[] = prefix.map((p) => sampleValue(doc, p, options, depth + 1));
  const min = Math.max(Number(schema.minItems ?? 0), 1);
  if (schema.items === false || (schema.items === undefined && prefix.length)) return out;
  while (out.length < min) {
    let item = sampleValue(doc, schema.items ?? {}, options, depth + 1);
    if (schema.uniqueItems && out.some((o) => JSON.stringify(o) === JSON.stringify(item))) item = vary(item, out.length);
    out.push(item);
  }
  return out;
}

/** A different value of the same type (for unique items). */
function vary(value: unknown, n: number): unknown {
  if (typeof value === 'number') return value + n;
  if (typeof value === 'string') return `${value}${n}`;
  return value;
}

function sampleObject(doc: unknown, schema: Schema, options: SampleOptions, depth: number): Record<string, unknown> {
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(properties)) {
    const prop = resolveSchema(doc, sub);
    if (options.mode === 'request' && prop.readOnly === true) continue;
    if (options.mode === 'response' && prop.writeOnly === true) continue;
    if (!required.has(name) && !options.allProperties && prop.example === undefined) continue;
    // The version of a record as the caller read it: only ever sent back as read, never made up.
    if (options.mode === 'request' && name === 'lockVersion' && !required.has(name)) continue;
    out[name] = sampleValue(doc, prop, options, depth + 1);
  }
  const minProperties = Number(schema.minProperties ?? 0);
  for (const [name, sub] of Object.entries(properties)) {
    if (Object.keys(out).length >= minProperties) break;
    if (!(name in out)) out[name] = sampleValue(doc, sub, options, depth + 1);
  }
  return out;
}

export function sampleNumber(schema: Schema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let lo: number | undefined = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  if (typeof schema.exclusiveMinimum === 'number') lo = Math.max(lo ?? -Infinity, schema.exclusiveMinimum + step);
  let hi: number | undefined = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (typeof schema.exclusiveMaximum === 'number') hi = Math.min(hi ?? Infinity, schema.exclusiveMaximum - step);
  let value = lo ?? 1;
  if (lo === undefined && hi !== undefined && value > hi) value = hi;
  if (integer) value = Math.ceil(value);
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (multipleOf) value = Math.ceil(value / multipleOf) * multipleOf;
  return value;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2026-03-01',
  'date-time': '2026-03-01T09:00:00Z',
  time: '09:00:00Z',
  email: 'qa.contratto@example.it',
  uri: 'https://example.it/qa',
  url: 'https://example.it/qa',
  'uri-reference': '/qa',
  uuid: '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f',
  hostname: 'example.it',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

export function sampleString(schema: Schema): string {
  const min = Number(schema.minLength ?? 0);
  const max = schema.maxLength === undefined ? Infinity : Number(schema.maxLength);
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format) return format;
  if (typeof schema.pattern === 'string') {
    const fromPattern = sampleFromPattern(schema.pattern, min, max);
    if (fromPattern !== undefined) return fromPattern;
  }
  let text = 'Milano';
  while (text.length < min) text += 'x';
  return text.slice(0, Number.isFinite(max) ? Math.max(max, 0) : undefined);
}

// ---------------------------------------------------------------------------------------------
// A small generator of strings matching a regular expression (the subset the documents use:
// anchors, classes, escapes, groups with alternation, quantifiers). The result is always checked
// against the real RegExp; undefined when no attempt matches.

type RegexNode =
  | { t: 'seq'; items: RegexNode[] }
  | { t: 'alt'; options: RegexNode[] }
  | { t: 'char'; chars: string[] }
  | { t: 'rep'; node: RegexNode; min: number; max: number }
  | { t: 'empty' };

const POOL = ['a', 'b', 'x', 'A', 'Z', '0', '1', '5', '9', '_', '-', '.', ' ', '@', '/'];

class RegexParser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): RegexNode {
    const node = this.alt();
    if (this.i < this.src.length) throw new Error('unbalanced');
    return node;
  }

  private alt(): RegexNode {
    const options = [this.seq()];
    while (this.src[this.i] === '|') {
      this.i += 1;
      options.push(this.seq());
    }
    return options.length === 1 ? options[0] : { t: 'alt', options };
  }

  private seq(): RegexNode {
    const items: RegexNode[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantifier(atom));
    }
    return { t: 'seq', items };
  }

  private quantifier(atom: RegexNode): RegexNode {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i += 1;
    if (this.src[this.i] === '?') this.i += 1;
    return { t: 'rep', node: atom, min, max };
  }

  private atom(): RegexNode {
    const c = this.src[this.i];
    this.i += 1;
    if (c === '^' || c === '$') return { t: 'empty' };
    if (c === '.') return { t: 'char', chars: ['a', 'x', '0'] };
    if (c === '(') {
      let lookaround = false;
      if (this.src[this.i] === '?') {
        const m = /^\?(:|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(this.src.slice(this.i));
        if (!m) throw new Error('group');
        lookaround = ['=', '!', '<=', '<!'].includes(m[1]);
        this.i += m[0].length;
      }
      const inner = this.alt();
      if (this.src[this.i] !== ')') throw new Error('unclosed group');
      this.i += 1;
      return lookaround ? { t: 'empty' } : inner;
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return { t: 'char', chars: this.escape() };
    return { t: 'char', chars: [c] };
  }

  private escape(): string[] {
    const c = this.src[this.i];
    this.i += 1;
    switch (c) {
      case 'd':
        return ['1', '0', '5'];
      case 'D':
        return ['a', 'x'];
      case 'w':
        return ['a', 'x', '1'];
      case 'W':
        return ['-', ' '];
      case 's':
        return [' '];
      case 'S':
        return ['a', 'x'];
      case 'b':
      case 'B':
        return [''];
      case 'n':
        return ['\n'];
      case 't':
        return ['\t'];
      case 'r':
        return ['\r'];
      case 'u': {
        const m = /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(this.src.slice(this.i));
        if (!m) return ['u'];
        this.i += m[0].length;
        return [String.fromCodePoint(parseInt(m[0].replace(/[{}]/g, ''), 16))];
      }
      case 'x': {
        const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i));
        if (!m) return ['x'];
        this.i += 2;
        return [String.fromCharCode(parseInt(m[0], 16))];
      }
      case 'p':
      case 'P': {
        const m = /^\{[^}]*\}/.exec(this.src.slice(this.i));
        if (m) this.i += m[0].length;
        return c === 'p' ? ['a', 'x'] : ['1', '-'];
      }
      default:
        return [c];
    }
  }

  private charClass(): RegexNode {
    let negated = false;
    if (this.src[this.i] === '^') {
      negated = true;
      this.i += 1;
    }
    const members: string[] = [];
    const ranges: Array<[number, number]> = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let chars: string[];
      if (this.src[this.i] === '\\') {
        this.i += 1;
        chars = this.escape();
      } else {
        chars = [this.src[this.i]];
        this.i += 1;
      }
      if (chars.length === 1 && this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i += 1;
        let end: string[];
        if (this.src[this.i] === '\\') {
          this.i += 1;
          end = this.escape();
        } else {
          end = [this.src[this.i]];
          this.i += 1;
        }
        ranges.push([chars[0].codePointAt(0) ?? 0, end[0].codePointAt(0) ?? 0]);
      } else members.push(...chars);
    }
    if (this.src[this.i] !== ']') throw new Error('unclosed class');
    this.i += 1;
    const inClass = (ch: string) => {
      const code = ch.codePointAt(0) ?? 0;
      return members.includes(ch) || ranges.some(([a, b]) => code >= a && code <= b);
    };
    if (negated) return { t: 'char', chars: POOL.filter((ch) => !inClass(ch)) };
    const chars = [...ranges.map(([a]) => String.fromCodePoint(a)), ...members.filter((m) => m !== '')];
    return { t: 'char', chars: chars.length ? chars : ['a'] };
  }
}

function generate(node: RegexNode, reps: number, variant: number): string {
  switch (node.t) {
    case 'empty':
      return '';
    case 'char':
      return node.chars.length ? node.chars[variant % node.chars.length] : '';
    case 'seq':
      return node.items.map((item) => generate(item, reps, variant)).join('');
    case 'alt':
      return generate(node.options[variant % node.options.length], reps, variant);
    case 'rep': {
      const count = Math.min(node.max, Math.max(node.min, reps));
      let out = '';
      for (let k = 0; k < count; k += 1) out += generate(node.node, reps, variant);
      return out;
    }
  }
}

/** A string that matches `pattern` and has a length within [min, max], or undefined. */
export function sampleFromPattern(pattern: string, min = 0, max = Infinity): string | undefined {
  let regex: RegExp;
  let tree: RegexNode;
  try {
    regex = new RegExp(pattern, 'u');
    tree = new RegexParser(pattern).parse();
  } catch {
    return undefined;
  }
  for (const reps of [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, min]) {
    for (let variant = 0; variant < 3; variant += 1) {
      const candidate = generate(tree, reps, variant);
      if (candidate.length >= min && candidate.length <= max && regex.test(candidate)) return candidate;
    }
  }
  return undefined;
}

/** A string that does not match `pattern`, preferably within [min, max]; undefined if none found. */
export function violatePattern(pattern: string, min = 0, max = Infinity): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const candidates = ['!!!', '!*!*!*', '§§§§', ' ', '<>?', 'zzzz', '0000', 'ZZZZ', '-', '', 'a b c'];
  const fits = candidates.filter((c) => !regex.test(c));
  return fits.find((c) => c.length >= min && c.length <= max) ?? fits[0];
}

/** A value of a JSON type none of `types` allows (query/path/form values are strings on the wire). */
export function wrongTypeValue(types: JsonType[]): unknown {
  const candidates: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) candidates.push('abc');
  if (types.includes('string')) candidates.push(12345);
  if (types.includes('boolean')) candidates.push('forse');
  if (types.includes('array')) candidates.push('non-un-array');
  if (types.includes('object')) candidates.push('non-un-oggetto');
  candidates.push(12345, 'abc', true, [], {});
  return candidates.find((c) => !typeAllowed(c, types));
}

const FORMAT_VIOLATIONS: Record<string, string> = {
  date: '31-02-2026',
  'date-time': 'ieri mattina',
  time: '25:99',
  email: 'non-una-mail',
  uri: 'non un uri',
  url: 'non un uri',
  uuid: 'non-un-uuid',
  ipv4: '999.1.1',
  hostname: '-- --',
};

export function violateFormat(format: unknown): string | undefined {
  return typeof format === 'string' ? FORMAT_VIOLATIONS[format] : undefined;
}
