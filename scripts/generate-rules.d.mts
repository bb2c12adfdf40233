/** Types of scripts/generate-rules.mjs (the status rules generator), for its unit test. */
export function generateRules(service: string, doc: string, outDir: string): Promise<void>;
