/** A zod schema as plain data: `{ fields }` (an object), `{ element }` (an array), `{ options }` (an enum), `{}` (anything else). */
export type Described = { fields: Record<string, Described> } | { element: Described } | { options: string[] } | Record<string, never>;
export function describeSchema(schema: unknown): Described;
export function fieldsModule(service: string, zodFile: string): Promise<string>;
export function generateFields(service: string, outDir: string): Promise<void>;
