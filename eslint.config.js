import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The backend's arrows point one way (ARCHITECTURE.md): http → services → ports ← adapters and
 * stagers, with wiring/ and the hosts on top. Each folder names what it must never import.
 */
const layer = (groups, message, extra = []) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: groups, message }, ...extra] },
  ],
});
const INFRASTRUCTURE = ['sharp', 'express', 'stripe', 'firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', '@electric-sql/pglite', 'onnxruntime-node'];
const HOSTS = ['**/wiring/**', '**/localHost/**'];
const WEB_APP_FORBIDS = ['**/functions/**', '**/cli/**', 'node:*'];
/** Each web feature's floor: the dashboard gathers the books, the books the marketplace, and so on down. */
const WEB_FEATURE_FLOORS = {
  dashboard: 3,
  books: 2,
  marketplace: 1,
  moderation: 1,
  pricing: 1,
  settings: 1,
  home: 1,
  auth: 0,
  billing: 0,
  messages: 0,
  marketplaces: 0,
  staging: 0,
  legal: 0,
  tips: 0,
  notFound: 0,
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/lib/**', '.local/**', '**/coverage/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['core/src/**/*.ts'],
    rules: layer(['node:*', '**/functions/**', '**/web/**', '**/cli/**'], 'core is shared by the browser, the CLI and the backend: plain TypeScript and zod only.'),
  },
  {
    files: ['functions/src/ports/**/*.ts'],
    rules: layer(['../**', ...INFRASTRUCTURE], 'A port names what the backend needs, in core types only; it imports nothing that implements it.'),
  },
  {
    files: ['functions/src/services/**/*.ts'],
    rules: layer(
      ['**/http/**', '**/adapters/**', '**/stagers/**', ...HOSTS, ...INFRASTRUCTURE],
      'Services hold the rules and reach the outside world only through ports/.',
    ),
  },
  {
    files: ['functions/src/http/**/*.ts'],
    rules: layer(
      ['**/adapters/**', '**/stagers/**', ...HOSTS, ...INFRASTRUCTURE.filter((name) => name !== 'express')],
      'HTTP handlers parse, authorize, call a service and map errors; implementations arrive as ports.',
    ),
  },
  {
    files: ['functions/src/adapters/**/*.ts'],
    rules: layer(['**/http/**', '**/services/**', '**/stagers/**', ...HOSTS], 'An adapter implements a port and knows nothing above it.'),
  },
  {
    files: ['functions/src/stagers/**/*.ts'],
    rules: layer(['**/http/**', '**/services/**', '**/adapters/**', ...HOSTS], 'A stager implements the Stager (and Images) port and knows nothing above it.'),
  },
  {
    files: ['functions/src/wiring/**/*.ts'],
    rules: layer(['**/localHost/**'], 'Wiring builds the ports for a host; the hosts import it, never the reverse.'),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: layer(WEB_APP_FORBIDS, 'The web app reaches the backend over HTTP only, through web/src/backend/.'),
  },
  // The web app's features stand on floors (ARCHITECTURE.md): a feature imports only features on
  // floors below its own, so no two features lean on each other.
  ...Object.entries(WEB_FEATURE_FLOORS).map(([feature, floor]) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: layer(
      [
        ...WEB_APP_FORBIDS,
        ...Object.entries(WEB_FEATURE_FLOORS)
          .filter(([other, otherFloor]) => other !== feature && otherFloor >= floor)
          .map(([other]) => `**/${other}/**`),
      ],
      `features/${feature} (floor ${floor}) imports only features on lower floors: see WEB_FEATURE_FLOORS in eslint.config.js.`,
    ),
  })),
  {
    files: ['cli/src/**/*.ts'],
    rules: layer(['**/functions/**', '**/web/**'], 'The CLI reaches the backend over HTTP only, through cli/src/api/.'),
  },
);
