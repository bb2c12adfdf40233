import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

/*
 * Types flow from the documents: in a scratch copy of the project, a required field added to a
 * document's input and an operation added to a document, once regenerated, fail the typecheck where
 * a person must act (the data provider that sends the input, the sandbox's handler map) and nowhere
 * else.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'types-flow-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Document {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
}

function editDocument(service: string, edit: (doc: Document) => void) {
  const file = path.join(scratch, 'openapi', `${service}.yaml`);
  const doc: Document = parse(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, stringify(doc));
}

describe('a change to a document, regenerated', () => {
  it('fails tsc in src/dataProviders/advertisers.ts (a new required input field) and in the sandbox’s handler map (a new operation)', () => {
    for (const part of ['src', 'sandbox', 'scripts', 'openapi', 'tsconfig.json', 'package.json'])
      cpSync(path.join(root, part), path.join(scratch, part), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

    editDocument('advertiser', (doc) => {
      const input = doc.components.schemas.AdvertiserInput;
      input.properties.pec = { type: 'string', format: 'email', description: 'Certified e-mail address.' };
      input.required.push('pec');
    });
    editDocument('frame', (doc) => {
      doc.paths['/frames/{id}/archive'] = {
        parameters: [{ $ref: '#/components/parameters/IdPath' }],
        post: { operationId: 'archiveFrame', summary: 'Archive a frame', responses: { '204': { description: 'Archived.' } } },
      };
    });
    execFileSync('node', ['scripts/generate.mjs', 'advertiser', 'frame'], { cwd: scratch, stdio: 'pipe' });

    writeFileSync(
      path.join(scratch, 'tsconfig.proof.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: ['src/dataProviders/advertisers.ts', 'sandbox/services/index.ts'] }),
    );
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.proof.json', '--pretty', 'false'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    // One error a block: its first line names the file, the lines below it say why.
    const errors = tsc.stdout.split(/\n(?=\S)/).filter((block) => / error TS\d+:/.test(block));
    const where = (field: string) => errors.filter((e) => e.includes(`Property '${field}' is missing`)).map((e) => e.split('(')[0]);
    expect(tsc.status).not.toBe(0);
    // The data provider must read the new field from its form; the sandbox must store it.
    expect(where('pec')).toContain('src/dataProviders/advertisers.ts');
    expect(where('pec').every((file) => file === 'src/dataProviders/advertisers.ts' || file.startsWith('sandbox/services/advertiser'))).toBe(true);
    // The new operation has no handler.
    expect(where('archiveFrame')).toEqual(['sandbox/services/index.ts']);
    // Nothing else fails: every error is the changes', none the copy's.
    expect(errors.filter((e) => !e.includes("'pec'") && !e.includes("'archiveFrame'"))).toEqual([]);
  }, 180_000);
});
