// ESLint (flat config, type-aware through the TypeScript project service). Formatting is Prettier's;
// import cycles are dependency-cruiser's (.dependency-cruiser.cjs), unused exports and files knip's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// What packages/core must never import: it is the web-standard domain, and transports, database
// drivers and concrete adapters implement its ports from outside.
const CORE_FORBIDDEN_MODULES = [
  ...[
    'http',
    'https',
    'http2',
    'net',
    'tls',
    'dgram',
    'dns',
    'child_process',
    'cluster',
    'worker_threads',
    'fs',
    'fs/promises',
  ].flatMap((name) => [name, `node:${name}`]),
  'pg',
  'pg-pool',
  'postgres',
  '@electric-sql/pglite',
  'nodemailer',
  'smtp-server',
  'stripe',
  'express',
  'fastify',
];
const CORE_FORBIDDEN_PATTERNS = [
  {
    group: ['@grocery/*', '!@grocery/core', '!@grocery/core/*'],
    message:
      'packages/core is the domain: concrete adapters (grocer, store, http-node, ...) depend on it, never the reverse.',
  },
  { group: ['@electric-sql/*'], message: 'Database drivers belong in @grocery/store.' },
];

export default defineConfig(
  globalIgnores([
    '**/dist/**',
    '**/src/generated/**',
    'apps/shop/web/generated/**',
    '**/node_modules/**',
    'bench/reports/**',
    '.data/**',
    '.test-output/**',
    '.scratch/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // An unhandled rejection kills the process: every promise is awaited, returned, or `void`ed on purpose.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'suite', 'it', 'test', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // Unused bindings are noise; a leading underscore names one kept on purpose (an unused parameter of a port).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Types are imported with `import type` (verbatimModuleSyntax makes tsc insist too).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Off: `rows[0]!` is written on purpose, as under noUncheckedIndexedAccess (the shop has it on); the rule calls those ~1,000 marks redundant.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Off: an implementation of a Promise-returning port stays `async` without `await`, so that what it throws becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // Off: graphql-js and the MCP SDK expose enums (OperationTypeNode, ErrorCode) that the code compares with their literal values.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // Off: input validation matches control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: CORE_FORBIDDEN_MODULES.map((name) => ({
            name,
            message: 'packages/core takes no transport, database driver or concrete adapter: put it behind a port.',
          })),
          patterns: CORE_FORBIDDEN_PATTERNS,
        },
      ],
    },
  },
  {
    files: ['apps/shop/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Preact hooks follow React's rules of hooks; an effect that misses an input shows stale data.
      'react-hooks/rules-of-hooks': 'error',
      // useAsync(load, deps) takes its inputs like useEffect, so the rule checks each call's deps too.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useAsync$' }],
      // The shop's event handlers are async and catch their own failures to show them on the page.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Short modules: no function over 80 lines and no hand-written file over 500 outside tests and
    // data tables (the grocer simulator's vocabulary), so that each reads in one sitting.
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}', 'apps/shop/web/**/*.{ts,tsx}'],
    ignores: ['packages/grocer/src/vocabulary/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500 }],
    },
  },
  {
    files: ['test/**/*.ts', '**/test/**/*.ts'],
    rules: {
      // Tests read JSON answers loosely and assert on what they find.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', module: 'writable', require: 'readonly' },
    },
  },
  prettier,
);
