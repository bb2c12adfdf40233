import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/generated', '.sandbox-data', '.e2e', '.bench', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  // The sandbox: no import loops, and no service uses another as a library (shared code lives in
  // sandbox/store.ts, sandbox/excel.ts, sandbox/shared/ and sandbox/seed/; see docs ARCHITECTURE).
  {
    files: ['sandbox/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['sandbox/services/*.ts'],
    ignores: ['sandbox/services/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./', message: 'A service does not import another service: move what they share to sandbox/store.ts, sandbox/excel.ts, sandbox/shared/ or sandbox/seed/.' }] },
      ],
    },
  },
  {
    files: ['sandbox/services/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\./)', message: 'A service does not import another service: move what they share to sandbox/store.ts, sandbox/excel.ts, sandbox/shared/ or sandbox/seed/.' }] },
      ],
    },
  },
  {
    files: ['sandbox/store.ts', 'sandbox/excel.ts', 'sandbox/http.ts', 'sandbox/shared/**/*.ts', 'sandbox/seed/**/*.ts'],
    ignores: ['sandbox/seed/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)services(/|$)', message: 'Shared sandbox code does not depend on a service.' }] }],
    },
  },
);
