import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { i18nProvider } from '@/i18n';

/*
 * Form validation from the documents: the orval zod schema of an operation's
 * body (`src/api/generated/<service>.zod.ts`) becomes the form's react-admin `resolver`, with the
 * document's constraints (required, maxLength, minimum/maximum, pattern, date) in Italian before
 * anything is sent. Cross-field rules go on top with `withRules`, never by retyping the schema.
 */

const t = (key: string, args?: Record<string, unknown>) => i18nProvider.translate(key, args);

/** zod issues → the app's messages (react-admin's `ra.validation.*`, the app's `app.validation.*`). */
export const italianErrors: z.ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === 'undefined' || issue.received === 'null')
        return { message: t('ra.validation.required') };
      if (issue.expected === 'number') return { message: t('ra.validation.number') };
      if (issue.expected === 'integer') return { message: t('app.validation.integer') };
      break;
    case z.ZodIssueCode.too_small:
      if (issue.type === 'string')
        return {
          message:
            Number(issue.minimum) <= 1
              ? t('ra.validation.required')
              : t('ra.validation.minLength', { min: issue.minimum }),
        };
      if (issue.type === 'number')
        return issue.inclusive
          ? { message: t('ra.validation.minValue', { min: issue.minimum }) }
          : { message: t('app.validation.greater_than', { min: issue.minimum }) };
      if (issue.type === 'array') return { message: t('ra.validation.required') };
      break;
    case z.ZodIssueCode.too_big:
      if (issue.type === 'string') return { message: t('ra.validation.maxLength', { max: issue.maximum }) };
      if (issue.type === 'number')
        return issue.inclusive
          ? { message: t('ra.validation.maxValue', { max: issue.maximum }) }
          : { message: t('app.validation.less_than', { max: issue.maximum }) };
      break;
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: t('ra.validation.email') };
      if (issue.validation === 'date') return { message: t('app.validation.date') };
      if (issue.validation === 'regex' || issue.validation === 'ip') return { message: t('app.validation.pattern') };
      break;
    case z.ZodIssueCode.not_multiple_of:
      return { message: t('app.validation.multiple_of', { step: issue.multipleOf }) };
    case z.ZodIssueCode.invalid_enum_value:
      return { message: t('ra.validation.oneOf', { options: issue.options.join(', ') }) };
    case z.ZodIssueCode.custom:
      if (issue.message) return { message: t(issue.message, { _: issue.message, ...(issue.params ?? {}) }) };
      break;
  }
  return { message: ctx.defaultError };
};

/**
 * A form value → what the schema reads: react-admin gives `''`, `null` or `undefined` for a cleared or
 * untouched input; the documents mean "absent". The key is dropped, so an optional field passes and a
 * required one reads "Campo obbligatorio" (a generated `.optional()` would refuse a `null`). Nested
 * objects are cleaned the same way, and one left empty is absent too: an unset picker's
 * `items.format.id` leaves no `items.format: {}` behind for its schema to refuse.
 */
const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function withoutBlanks(values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === null || value === undefined) continue;
    if (isPlain(value)) {
      const inner = withoutBlanks(value);
      if (Object.keys(inner).length) kept[key] = inner;
      continue;
    }
    kept[key] = value;
  }
  return kept;
}

function blanksAsAbsent(values: unknown): unknown {
  return isPlain(values) ? withoutBlanks(values) : values;
}

/** A cross-field rule: given the parsed values, add issues with `ctx.addIssue({ code: 'custom', path, message: <i18n key> })`. */
export type FormRule<T> = (values: T, ctx: z.RefinementCtx) => void;

/** The generated schema with cross-field rules on top (they run once every field is valid). */
export function withRules<S extends z.ZodTypeAny>(schema: S, ...rules: FormRule<z.infer<S>>[]) {
  return schema.superRefine((values, ctx) => {
    for (const rule of rules) rule(values, ctx);
  });
}

/** A common cross-field rule: `end` not before `start` (ISO dates compare as text); the message sits under `end`. */
export function endNotBeforeStart<T>(start: keyof T & string, end: keyof T & string): FormRule<T> {
  return (values, ctx) => {
    const a = values[start];
    const b = values[end];
    if (typeof a === 'string' && typeof b === 'string' && a && b && b < a)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [end], message: 'app.validation.end_before_start' });
  };
}

/**
 * The react-admin `resolver` for a form validated by `schema`: `<Form resolver={schemaResolver(s)}>`
 * (or on `SimpleForm`). The form submits the values as the schema parsed them (unknown fields
 * dropped). On a save, react-hook-form runs this resolver first and replaces every error with its
 * result, so a violation the server put under a field (a 400) goes away once the field is
 * corrected: the form never stays blocked by a stale server error.
 */
export function schemaResolver<S extends z.ZodTypeAny>(schema: S): Resolver<FieldValues> {
  const resolve = zodResolver(z.preprocess(blanksAsAbsent, schema), { errorMap: italianErrors });
  return (values, context, options) => resolve(values, context, options);
}
