// One lint set-up for the whole repository (docs/requirements.md §15.3). TypeScript files are linted with
// type information from their workspace's tsconfig; plain JavaScript files (configs, scripts) without.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features, one folder each under apps/web/src/features. */
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's modules (apps/api/src/modules), each before the ones it may import: a module imports
 * only modules listed after it, so imports between modules cannot form a cycle. A new module is
 * placed by what it needs, and lint stops until it is.
 */
const apiModules = [
  'homeowner',
  'bulk',
  'identity',
  'replies',
  'home-record',
  'delivery-events',
  'mail',
  'texts',
  'home-profiles',
  'clients',
  'home',
  'digest',
  'notifications',
  'reminders',
  'templates',
  'tenant-users',
  'account',
  'auth',
  'corporations',
  'images',
  'audit',
  'lookups',
  'permissions',
];
for (const entry of readdirSync(new URL('apps/api/src/modules', import.meta.url), { withFileTypes: true })) {
  if (entry.isDirectory() && !apiModules.includes(entry.name))
    throw new Error(`eslint.config.mjs: place the server module ${entry.name} in apiModules`);
}

/** Zones where each server module imports of the others only the index.ts of those `mayImport` gives. */
const apiModuleZones = (mayImport, message) =>
  apiModules.map((module, index) => ({
    target: `./${module}`,
    from: '.',
    except: [`./${module}`, ...mayImport(module, index).map((other) => `./${other}/index.ts`)],
    message,
  }));

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'data/',
    'test-results/',
    'playwright-report/',
    'apps/api/drizzle/',
    'bench/results/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Root-level config files belong to no workspace tsconfig; they get a default project.
          allowDefaultProject: ['vitest.config.ts', 'packages/*/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `void promise` is how we mark a deliberately unawaited call (event handlers, navigation).
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // Async event handlers (`onClick={async () => ...}`, `onSubmit={form.onSubmit(...)}`) are idiomatic.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify handlers and hooks are async without awaiting anything; that is how Fastify wants them.
      '@typescript-eslint/require-await': 'off',
      // React Router loaders throw `redirect()` / Response objects by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }], allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },

  // Plain JavaScript (configs, scripts): no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // The server and the shared package import in one direction: a cycle (even through several
  // files) means two modules that cannot be understood or changed apart. Type-only imports vanish
  // at run time and are let through.
  {
    files: ['apps/api/**/*.ts', 'packages/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // The server's modules (docs/decisions/085): a module imports another only through that module's
  // index.ts, its public face, so what a module keeps to itself can change without looking
  // elsewhere; and modules import in one direction, the order of `apiModules`. A test is imported
  // by nothing, so it makes no cycle and may use any module's index.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/apps/api/src/modules',
          zones: apiModuleZones(
            (module) => apiModules.filter((other) => other !== module),
            'A module imports another only through its index.ts; query pieces several modules share live in src/db.',
          ),
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/apps/api/src/modules',
          zones: apiModuleZones(
            (_module, index) => apiModules.slice(index + 1),
            'A module imports another only through its index.ts, and only one listed after it in apiModules (eslint.config.mjs); query pieces several modules share live in src/db.',
          ),
        },
      ],
    },
  },

  // The SPA: browser globals and the rules of hooks.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts', 'apps/web/vitest.config.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  // The SPA's shape (docs/requirements.md §15.2): `app/` is the composition root and may import
  // anything; a feature stands on `lib/`, `components/` and the shared package, never on another
  // feature nor on `app/`; `lib/` and `components/` serve every feature and so import none. What two
  // features share moves down into `lib/` or `components/`, or `app/` composes them. No cycles either.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/apps/web/src',
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move what they share into lib/ or components/, or let app/ compose them.',
            })),
            {
              target: './features',
              from: './app',
              message: 'A feature does not import app/, the composition root that imports features.',
            },
            {
              target: ['./lib', './components'],
              from: ['./features', './app'],
              message: 'lib/ and components/ serve every feature and import none (nor app/).',
            },
          ],
        },
      ],
    },
  },

  // Tests: spying on methods (`expect(obj.method)`) is fine.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // Playwright reads a fixture's dependencies from its destructured first parameter, so a fixture
  // without dependencies must be written `async ({}, use) => ...`.
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-empty-pattern': 'off',
    },
  },
);
