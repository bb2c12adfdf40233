import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Alias, UserConfig } from 'vite';
import config from '../../vite.config';

/*
 * react-router's package exports name only its development build; the production build of the app
 * takes the production one for both of react-router's entries (one build of the two: the router's
 * contexts must be one), and the development server and the tests keep the package's own.
 */

type ConfigFn = (env: { command: 'build' | 'serve'; mode: string }) => UserConfig;
const aliases = (command: 'build' | 'serve') => (config as unknown as ConfigFn)({ command, mode: 'production' }).resolve?.alias as Alias[];
const routerAliases = (command: 'build' | 'serve') => aliases(command).filter((a) => String(a.find).includes('react-router'));

describe('react-router in the production build', () => {
  it('both entries resolve to the production build, whose development warnings are off', () => {
    const found = routerAliases('build');
    const entries = ['react-router', 'react-router/dom'].map((entry) => found.find((a) => (a.find as RegExp).test(entry)));
    expect(entries.every(Boolean)).toBe(true);
    for (const alias of entries) {
      expect(alias!.replacement).toContain(`${path.sep}dist${path.sep}production${path.sep}`);
      const code = readFileSync(alias!.replacement, 'utf8');
      // The entry re-exports its chunks; one of them holds the switch.
      const chunks = [...code.matchAll(/from "\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((m) => readFileSync(path.join(path.dirname(alias!.replacement), m[1]), 'utf8'));
      expect(chunks.some((chunk) => chunk.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true);
      expect(chunks.some((chunk) => chunk.includes('var ENABLE_DEV_WARNINGS = true;'))).toBe(false);
    }
  });

  it('the development server and the tests keep the package’s own resolution', () => {
    expect(routerAliases('serve')).toEqual([]);
  });
});
