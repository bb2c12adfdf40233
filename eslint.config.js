import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * Issue 13, point 2: screens reach data only through react-admin's hooks and the data provider's
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
 * PHASE 2 ALLOW-LIST (issue 13): screens written before the one screen shape that still import a
 * domain data provider or a service client. Phase 2 converts each and deletes its line here; the
 * list must end empty. Do not add to it.
 */
const SCREENS_NOT_YET_CONVERTED = [
  'src/pages/analytics/sources.ts',
  'src/pages/profile/PasswordChangeForm.tsx',
  'src/pages/profile/ProfilePage.tsx',
  'src/pages/public/ChangePasswordPage.tsx',
  'src/pages/public/ConfirmSignupPage.tsx',
  'src/pages/public/ForgotPasswordPage.tsx',
  'src/pages/public/SignupPage.tsx',
  'src/pages/shared/EstimateSharePanel.tsx',
  'src/pages/shared/SharedResourcePage.tsx',
  'src/resources/advertisers/AdvertiserHistory.tsx',
  'src/resources/advertisers/AdvertiserInputs.tsx',
  'src/resources/advertisers/AdvertiserLogo.tsx',
  'src/resources/advertisers/uniqueness.ts',
  'src/resources/circuits/CircuitAssets.tsx',
  'src/resources/circuits/CircuitDialog.tsx',
  'src/resources/circuits/CircuitsPage.tsx',
  'src/resources/circuits/SystemPicker.tsx',
  'src/resources/creatives/CreativesPage.tsx',
  'src/resources/devices/DeviceInputs.tsx',
  'src/resources/devices/DeviceStatusField.tsx',
  'src/resources/devices/DevicesPage.tsx',
  'src/resources/devices/DoohSystemsPage.tsx',
  'src/resources/devices/SystemDevices.tsx',
  'src/resources/estimates/EstimateEditor.tsx',
  'src/resources/estimates/EstimateLines.tsx',
  'src/resources/estimates/EstimateSidePanel.tsx',
  'src/resources/estimates/EstimatesPage.tsx',
  'src/resources/frames/SystemFrames.tsx',
  'src/resources/orders/OrderCampaignsPage.tsx',
  'src/resources/orders/OrderDocumentsPage.tsx',
  'src/resources/orders/OrderVisualizerPage.tsx',
  'src/resources/orders/OrdersPage.tsx',
  'src/resources/plannings/PlanningDetailPage.tsx',
  'src/resources/plannings/PlanningSearchPage.tsx',
  'src/resources/plannings/PlanningsPage.tsx',
  'src/resources/plannings/systems.ts',
  'src/resources/playlists/PlaylistsList.tsx',
  'src/resources/products/ProductPhotos.tsx',
  'src/resources/products/ProductsPage.tsx',
  'src/resources/shows/ShowsPage.tsx',
  'src/resources/systems/SystemForm.tsx',
  'src/resources/systems/SystemShow.tsx',
  'src/resources/systems/SystemsImport.tsx',
  'src/resources/systems/SystemsList.tsx',
  'src/resources/systems/SystemsMap.tsx',
  'src/resources/systems/shared.tsx',
  'src/resources/teams/LinkDialog.tsx',
  'src/resources/teams/SystemLinks.tsx',
  'src/resources/teams/TeamDialog.tsx',
  'src/resources/teams/TeamsPage.tsx',
  'src/resources/teams/providerTypes.ts',
];

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
  {
    // src/ layering (issue 13): no import cycles; screens stay off the call modules.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions the rule never parses a .ts dependency and sees no cycle.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/resources/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}'],
    ignores: SCREENS_NOT_YET_CONVERTED,
    rules: { 'no-restricted-imports': screenImportRule },
  },
);
