import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * Screens reach data only through react-admin's hooks and the data provider's
 * typed custom methods. These modules hold the calls and the domain mappings; a screen importing
 * them skips the data layer (and its cache invalidation, failure mapping and tests).
 */
const SERVICES = [
  'advertiser', 'audit', 'campaign', 'catalogue', 'circuits', 'companies', 'creativity', 'device',
  'estimate', 'frame', 'geo', 'history', 'mail', 'opportunity', 'order', 'planner', 'product',
  'scheduler', 'share', 'systems', 'user',
];
const screenImportRule = [
  'error',
  {
    patterns: [
      {
        regex: '^(@/|(\\.\\./)+)dataProviders/(?!index$|types$)[A-Za-z]+$',
        message: 'A screen reaches data through react-admin hooks or useDataProvider<AppDataProvider>() (docs/SCREEN-SHAPE.md), not a domain data provider module.',
      },
      {
        regex: `^(@/|(\\.\\./)+)api/(${SERVICES.join('|')})$`,
        message: 'A screen never calls a service client: add a typed method to the data provider (docs/SCREEN-SHAPE.md).',
      },
    ],
  },
];

/*
 * Who may import whom (docs/ARCHITECTURE.md): a resource's folder never imports another resource's folder,
 * and src/pages never imports src/resources; what two screens share lives in src/ui (or src/forms,
 * src/layout). The registry src/resources/index.ts, outside every folder, is the one exception.
 * One zone per folder, read from the disk, so a new resource is covered without an edit here.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const RESOURCE_FOLDERS = readdirSync(path.join(ROOT, 'src/resources'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const screenBoundaryRule = [
  'error',
  {
    basePath: ROOT,
    zones: [
      ...RESOURCE_FOLDERS.map((folder) => ({
        target: `./src/resources/${folder}`,
        from: './src/resources',
        except: [`./${folder}`, './index.ts'],
        message: 'A resource never imports another resource’s folder: move what both use to src/ui (or to the screen’s own folder).',
      })),
      {
        target: './src/pages',
        from: './src/resources',
        message: 'A page never imports a resource’s folder: move what both use to src/ui.',
      },
    ],
  },
];

/*
 * Every endpoint call is a named function of src/api/<service>.ts, written once.
 * A data provider that took the service's client factory (`…Api`, `…PublicApi`) or built a client
 * of its own would write a second, untested copy of a call.
 */
const CLIENT_FACTORY_PATTERNS = [
  {
    regex: `^(@/|(\\.\\./)+)api/(${SERVICES.join('|')})$`,
    importNamePattern: '^[a-z][A-Za-z]*Api$',
    message: 'A data provider calls the named functions of src/api/<service>.ts; add the call there, never through the client.',
  },
  {
    regex: '^(@/|(\\.\\./)+)api/http$',
    importNamePattern: '^(lazyClient|createServiceClient)$',
    message: 'A data provider calls the named functions of src/api/<service>.ts; it builds no client of its own.',
  },
];
/*
 * docs/ARCHITECTURE.md, "Who may import whom": a domain provider imports no other domain provider and
 * no screen; what providers share lives in ./shared (mapping helpers) or ./simpleRest.
 */
const DOMAIN_PROVIDER_PATTERNS = [
  {
    regex: '^\\./(?!(simpleRest|shared)$)',
    message: 'A domain provider imports no other domain provider: move what they share to src/dataProviders/shared.ts.',
  },
  {
    regex: '^(@/|(\\.\\./)+)(dataProviders|resources|pages|layout|forms|ui|theme)(/|$)',
    message: 'A domain provider imports only ./simpleRest, ./shared, @/api/* and react-admin types (docs/ARCHITECTURE.md).',
  },
];

/* The front door's modules: none may import the back office. */
const FRONT_DOOR = [
  'src/pages/public/**/*.{ts,tsx}', 'src/pages/errors/**/*.tsx', 'src/pages/shared/SharedResourcePage.tsx',
  'src/pages/shared/EstimateView.tsx', 'src/pages/messages.ts', 'src/pages/validation.ts', 'src/pages/PasswordChangeForm.tsx',
  'src/pages/shared/LinkGone.tsx', 'src/pages/shared/SellerIdentity.tsx', 'src/pages/shared/linkVisit.ts', 'src/api/estimate.ts',
  'src/main.tsx', 'src/App.tsx', 'src/backOfficeLoader.ts', 'src/routes.tsx', 'src/auth/**/*.{ts,tsx}',
  'src/layout/PublicPage.tsx', 'src/layout/lazyPage.tsx', 'src/layout/LoadingAnimation.tsx',
  'src/ui/LightTextField.tsx', 'src/i18n/lookup.ts', 'src/forms/unsavedChangesGuard.tsx',
  'src/api/http.ts', 'src/api/failures.ts', 'src/api/errors.ts', 'src/api/user.ts', 'src/api/share.ts',
  'src/config/**/*.ts',
];
const BACK_OFFICE_PATHS = [
  { name: 'react-admin', message: 'The front door loads without react-admin: use @/i18n/lookup, MUI and react-router.' },
  { name: '@/i18n', message: 'The front door translates with @/i18n/lookup (react-admin’s polyglot provider is the back office’s).' },
  { name: '@/forms/unsavedChanges', message: 'The front door uses @/forms/unsavedChangesGuard (unsavedChanges.tsx imports react-admin).' },
];
/** The back office's modules, forbidden to the front door (type-only imports are erased: allowed). */
const frontDoorImportRule = [
  'error',
  {
    paths: BACK_OFFICE_PATHS.map((p) => ({ ...p, allowTypeImports: true })),
    patterns: [
      { regex: '^(ra-|@react-admin/)', allowTypeImports: true, message: 'The front door loads without react-admin.' },
      { regex: '^(@/|(\\.\\./)+)(dataProviders|resources)(/|$)', allowTypeImports: true, message: 'The front door loads without the data providers and the domain screens.' },
    ],
  },
];


/*
 * Comments say the rule itself: a comment that points at a numbered section of an outside
 * document (the section sign and a number) or at an issue number fails lint, since the reader of
 * the code has neither. Say what the rule is, or name a file of this repository (docs/ARCHITECTURE.md).
 */
const OUTSIDE_POINTER = /spec §|§\s?\d|\b[Ii]ssue \d/;
const localPlugin = {
  rules: {
    // A link is the theme's: a bare react-router <Link> shows the browser's own blue and purple,
    // unlike every other link of the screens. react-admin's Link, or MUI's Link with
    // component={RouterLink}, move in the app the same way.
    'themed-links': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { bare: "A bare react-router <{{name}}> shows the browser's blue: use react-admin's Link, or MUI's Link with component={RouterLink}." },
      },
      create(context) {
        const names = new Set();
        return {
          ImportDeclaration(node) {
            if (node.source.value !== 'react-router-dom' && node.source.value !== 'react-router') return;
            for (const spec of node.specifiers) {
              if (spec.type === 'ImportSpecifier' && ['Link', 'NavLink'].includes(spec.imported.name)) names.add(spec.local.name);
            }
          },
          JSXOpeningElement(node) {
            if (node.name.type === 'JSXIdentifier' && names.has(node.name.name)) {
              context.report({ node, messageId: 'bare', data: { name: node.name.name } });
            }
          },
        };
      },
    },
    'no-outside-pointers': {
      meta: { type: 'suggestion', schema: [], messages: { pointer: 'Write the rule itself, not a pointer to an outside document or an issue: "{{text}}".' } },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const match = OUTSIDE_POINTER.exec(comment.value);
              if (match) context.report({ loc: comment.loc, messageId: 'pointer', data: { text: match[0] } });
            }
          },
        };
      },
    },
  },
};

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
  // End-to-end tests wait on conditions, never on the clock: a fixed sleep is too short on
  // a busy machine and wasted on a quiet one. The helpers of tests/e2e/support poll a condition,
  // bounded (networkQuiet, visit).
  {
    files: ['tests/e2e/*.e2e.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait on a condition (a locator, waitForFunction, expect.poll, networkQuiet), not on the clock.' },
        { selector: "CallExpression[callee.name='setTimeout']", message: 'Wait on a condition (a locator, waitForFunction, expect.poll, networkQuiet), not on the clock.' },
      ],
    },
  },
  // The sandbox: no import loops, and no service uses another as a library (shared code lives in
  // sandbox/store.ts, sandbox/excel.ts, sandbox/shared/ and sandbox/seed/; see docs/ARCHITECTURE.md).
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
  {
    // src/ layering: no import cycles; screens stay off the call modules.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions the rule never parses a .ts dependency and sees no cycle.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': screenBoundaryRule,
    },
  },
  {
    files: ['src/resources/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}'],
    // src/pages/public/calls.ts: the public pages and the share viewer load without react-admin and
    // the data providers, so their calls are gathered in this one module, which imports
    // the service modules' named functions. No other screen may.
    ignores: ['src/pages/public/calls.ts'],
    rules: { 'no-restricted-imports': screenImportRule },
  },
  {
    files: ['src/dataProviders/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: CLIENT_FACTORY_PATTERNS }] },
  },
  {
    // The domain providers; index.ts, the composite, is the one module that imports every domain.
    files: ['src/dataProviders/*.ts'],
    ignores: ['src/dataProviders/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...CLIENT_FACTORY_PATTERNS, ...DOMAIN_PROVIDER_PATTERNS] }] },
  },
  {
    // A wrong shape must not compile: a record reaches react-admin through the typed adapters of
    // src/dataProviders/shared.ts (toOne, toMany, toList, toDeleted) and a body is made by inputOf from
    // the generated schema, never forced through a cast that hides what the document says.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword'], TSTypeAssertion[typeAnnotation.type='TSNeverKeyword']",
          message: '`as never` hides a wrong shape: type the value (react-admin results go through toOne/toMany/toList of src/dataProviders/shared.ts).',
        },
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: '`as unknown as` hides a wrong shape: type the value from the generated types (src/api/generated), or read it with a type guard.',
        },
      ],
    },
  },
  {
    // The front door: what /login, the other public pages and the share viewer load
    // stays clear of react-admin, its i18n provider and the data providers; the back office is
    // the lazy chunk src/BackOffice.tsx. tests/e2e/frontdoor.e2e.ts checks the network.
    files: FRONT_DOOR,
    rules: { '@typescript-eslint/no-restricted-imports': frontDoorImportRule },
  },
  {
    // Comments say the rule itself, everywhere: no pointer to a document outside the repo.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local: localPlugin },
    rules: { 'local/no-outside-pointers': 'error' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { local: localPlugin },
    rules: { 'local/themed-links': 'error' },
  },
);
