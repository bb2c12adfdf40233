// Every validation keyword of a document reaches the zod schemas that orval writes, or generation
// fails naming the keyword and where it sits.
//
// orval's zod writer carries type, properties, required, items, prefixItems, enum, default,
// nullable, minimum/maximum, minLength/maxLength, minItems/maxItems, multipleOf, pattern, the
// date/date-time/email/uri formats, allOf/oneOf/anyOf and a schema-valued additionalProperties. The
// keywords it drops are carried here: `markKeywords` puts them, encoded, in the schema's `pattern`
// (orval copies a pattern verbatim into a `new RegExp('…')` constant and a `.regex(…)` call at the
// schema's place in the chain, before `.optional()`/`.nullable()`), and `applyKeywords` turns each
// such call back into the zod methods that state the keywords. A number, an array or an object has
// no pattern of its own; a string's own pattern travels in the marker beside the other keywords.

const MARK = '__keywords__';

/** Keywords that state no rule on a value (annotations), or that orval carries itself. */
const ANNOTATIONS = new Set([
  '$ref', '$comment', 'title', 'description', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly',
  'externalDocs', 'xml', 'discriminator', 'contentMediaType', 'contentEncoding',
]);
const CARRIED = new Set([
  'type', 'properties', 'required', 'items', 'prefixItems', 'enum', 'default', 'nullable',
  'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'multipleOf', 'pattern',
  'allOf', 'oneOf', 'anyOf',
]);
const CARRIED_FORMATS = new Set(['date', 'date-time', 'email', 'uri', 'hostname', 'uuid', 'binary']);
/** Formats that state the range of an integer: carried by `.int()` (and int32's bounds). */
const INTEGER_FORMATS = new Set(['int32', 'int64']);

/**
 * Keywords carried here, each as the zod methods it becomes. `propertyNames` is carried when it
 * names an enum or a pattern (the key must be one of them / match it).
 */
const EXTRA = ['exclusiveMinimum', 'exclusiveMaximum', 'uniqueItems', 'minProperties', 'maxProperties', 'propertyNames'];

/** The keywords `schema` states that no zod method will carry. */
function unsupported(schema, resolve) {
  const refused = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || ANNOTATIONS.has(key) || CARRIED.has(key) || EXTRA.includes(key)) continue;
    if (key === 'format') {
      if (!CARRIED_FORMATS.has(value) && !INTEGER_FORMATS.has(value) && value !== 'ipv4') refused.push(`format: ${value}`);
      continue;
    }
    // A boolean or schema-valued additionalProperties: zod keeps only the declared properties
    // (false) or checks each value against the schema (orval's record).
    if (key === 'additionalProperties') continue;
    refused.push(key);
  }
  if (typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean')
    refused.push('exclusiveMinimum/exclusiveMaximum as a boolean (OpenAPI 3.0 form; 3.1 wants the bound)');
  if (schema.propertyNames) {
    const names = resolve(schema.propertyNames);
    if (!names.enum && !names.pattern) refused.push('propertyNames without enum or pattern');
  }
  if (schema.default !== undefined && !schema.type && !schema.$ref && !schema.enum) refused.push('default without a type');
  return refused;
}

/** What the marker of one schema carries, or undefined when orval carries everything itself. */
function extrasOf(schema, resolve) {
  const types = [schema.type].flat();
  const extras = {};
  for (const key of EXTRA) if (schema[key] !== undefined) extras[key] = schema[key];
  if (extras.propertyNames) {
    const names = resolve(extras.propertyNames);
    extras.propertyNames = names.enum ? { enum: names.enum } : { pattern: names.pattern };
  }
  if (types.includes('integer')) extras.integer = true;
  if (schema.format === 'int32') Object.assign(extras, { integer: true, int32: true });
  if (schema.format === 'ipv4') extras.ipv4 = true;
  if (!Object.keys(extras).length) return undefined;
  if (schema.pattern !== undefined) extras.pattern = schema.pattern;
  return extras;
}

const CHILD_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const CHILD_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const CHILD_ONE = ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties'];

/** Every schema of an OpenAPI document, with its JSON pointer. */
function* schemasOf(doc) {
  function* walk(schema, at) {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
    yield [schema, at];
    for (const key of CHILD_MAPS)
      for (const [name, child] of Object.entries(schema[key] ?? {})) yield* walk(child, `${at}/${key}/${name}`);
    for (const key of CHILD_LISTS) for (const [i, child] of (schema[key] ?? []).entries()) yield* walk(child, `${at}/${key}/${i}`);
    for (const key of CHILD_ONE) yield* walk(schema[key], `${at}/${key}`);
  }
  const media = function* (content, at) {
    for (const [type, m] of Object.entries(content ?? {})) yield* walk(m?.schema, `${at}/content/${type}/schema`);
  };
  const params = function* (list, at) {
    for (const [i, p] of (list ?? []).entries()) {
      yield* walk(p?.schema, `${at}/parameters/${i}/schema`);
      yield* media(p?.content, `${at}/parameters/${i}`);
    }
  };
  const responses = function* (map, at) {
    for (const [code, r] of Object.entries(map ?? {})) {
      yield* media(r?.content, `${at}/${code}`);
      for (const [h, header] of Object.entries(r?.headers ?? {})) yield* walk(header?.schema, `${at}/${code}/headers/${h}/schema`);
    }
  };
  const c = doc.components ?? {};
  for (const [name, s] of Object.entries(c.schemas ?? {})) yield* walk(s, `#/components/schemas/${name}`);
  for (const [name, p] of Object.entries(c.parameters ?? {})) yield* walk(p?.schema, `#/components/parameters/${name}/schema`);
  for (const [name, b] of Object.entries(c.requestBodies ?? {})) yield* media(b?.content, `#/components/requestBodies/${name}`);
  yield* responses(c.responses, '#/components/responses');
  for (const [name, h] of Object.entries(c.headers ?? {})) yield* walk(h?.schema, `#/components/headers/${name}/schema`);
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    const at = `#/paths/${p.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    yield* params(item?.parameters, at);
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!op || typeof op !== 'object' || Array.isArray(op) || method === 'parameters') continue;
      yield* params(op.parameters, `${at}/${method}`);
      yield* media(op.requestBody?.content, `${at}/${method}/requestBody`);
      yield* responses(op.responses, `${at}/${method}/responses`);
    }
  }
}

/**
 * Marks, in place, every schema of `doc` whose keywords orval would drop; throws naming each
 * keyword (and where it sits) that no zod method carries. `file` names the document in the message.
 */
export function markKeywords(doc, file) {
  const resolve = (schema) => {
    let s = schema;
    for (let hops = 0; s?.$ref?.startsWith('#/') && hops < 20; hops++)
      s = s.$ref.slice(2).split('/').reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    return s ?? {};
  };
  const problems = [];
  const seen = new Set();
  for (const [schema, at] of schemasOf(doc)) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    for (const keyword of unsupported(schema, resolve)) problems.push(`${file}${at}: ${keyword}`);
    const extras = extrasOf(schema, resolve);
    if (extras) schema.pattern = MARK + Buffer.from(JSON.stringify(extras)).toString('base64url');
  }
  if (problems.length)
    throw new Error(
      `these validation keywords would not reach the zod schemas (carry them in scripts/zod-keywords.mjs or drop them from the document):\n  ${problems.join('\n  ')}`,
    );
  return doc;
}

/** One check of a refinement: the condition on `value` that must hold, and the message key (with its values). */
const check = (holds, message, params) =>
  `if (!(${holds})) ctx.addIssue({ code: 'custom', message: '${message}'${params ? `, params: ${params}` : ''} });`;

/**
 * The zod methods, in chain order, that state `extras`; `regexConst` names the string pattern's
 * constant. The keywords no zod method states become one `superRefine`, so that a schema keeps a
 * single wrapper (`.innerType()` reaches the object or array within).
 */
function methodsOf(extras, regexConst) {
  const out = [];
  if (extras.integer) out.push('.int()');
  if (extras.int32) out.push('.gte(-2147483648).lte(2147483647)');
  if (extras.exclusiveMinimum !== undefined) out.push(`.gt(${Number(extras.exclusiveMinimum)})`);
  if (extras.exclusiveMaximum !== undefined) out.push(`.lt(${Number(extras.exclusiveMaximum)})`);
  if (extras.ipv4) out.push(".ip({ version: 'v4' })");
  if (extras.pattern !== undefined) out.push(`.regex(${regexConst})`);
  const checks = [];
  if (extras.uniqueItems) checks.push(check('new Set(value.map((item) => JSON.stringify(item))).size === value.length', 'app.validation.unique_items'));
  if (extras.minProperties !== undefined) {
    const min = Number(extras.minProperties);
    checks.push(check(`Object.keys(value).length >= ${min}`, 'app.validation.min_properties', `{ min: ${min} }`));
  }
  if (extras.maxProperties !== undefined) {
    const max = Number(extras.maxProperties);
    checks.push(check(`Object.keys(value).length <= ${max}`, 'app.validation.max_properties', `{ max: ${max} }`));
  }
  if (extras.propertyNames?.enum)
    checks.push(check(`Object.keys(value).every((key) => ${JSON.stringify(extras.propertyNames.enum)}.includes(key))`, 'app.validation.property_names'));
  if (extras.propertyNames?.pattern !== undefined)
    checks.push(check(`Object.keys(value).every((key) => new RegExp(${JSON.stringify(extras.propertyNames.pattern)}).test(key))`, 'app.validation.property_names'));
  if (checks.length) out.push(`.superRefine((value, ctx) => { ${checks.join(' ')} })`);
  return out.join('');
}

/** orval's output with every marked `.regex(…)` turned into the methods its marker carries. */
export function applyKeywords(source) {
  const marked = new Map();
  const constant = new RegExp(`export const (\\w+) = new RegExp\\('${MARK}([A-Za-z0-9_-]+)'\\);\\n?`, 'g');
  let out = source.replace(constant, (_all, name, encoded) => {
    const extras = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    marked.set(name, extras);
    return extras.pattern === undefined ? '' : `export const ${name} = new RegExp(${JSON.stringify(extras.pattern)});\n`;
  });
  out = out.replace(/\.regex\((\w+)\)/g, (call, name) => (marked.has(name) ? methodsOf(marked.get(name), name) : call));
  if (out.includes(MARK)) throw new Error('a keyword marker was left in the zod output: orval wrote a pattern where it was not expected');
  return out;
}
