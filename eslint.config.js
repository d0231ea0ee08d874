// @ts-check
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';
import { bundledPluginExports, bundledPluginFolders } from './eslint-rules/bundled-plugins.js';

// Read from the tree, so a new plugin is covered by its folder and its export line alone.
const pluginFolders = bundledPluginFolders('packages/server/src/plugins');
const pluginExports = bundledPluginExports('packages/server/src/index.ts');
const deployableZone = {
  target: './packages/server',
  from: './apps',
  message: 'The engine never imports the deployable.',
};

export default tseslint.config(
  // bench/better-auth is the bench's peer, a package of its own with its own dependencies.
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/better-auth/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { import: importPlugin, latchkey: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      // The node resolver with TypeScript extensions: the TypeScript resolver needs native
      // bindings that the registry here does not carry for every platform, which breaks `npm ci`.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No import circles (docs/conventions.md): the engine's imports run one way from create-auth.ts down,
      // and shared types live in leaf modules. import/no-cycle checks value imports with the
      // resolver above; it skips `import type`, which latchkey/no-import-cycle counts too.
      'import/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      'latchkey/no-import-cycle': 'error',
      // docs/conventions.md: the engine never imports a plugin; the engine never imports the deployable.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/server/src',
              from: './packages/server/src/plugins',
              except: [],
              message: 'The engine never imports a plugin: plugins are merged from options.',
            },
            deployableZone,
            // The web app's layers (docs/conventions.md, after bulletproof-react): features never import
            // each other, and shared components and lib import no feature; only app/ composes them.
            ...['auth', 'account', 'organization', 'admin', 'dev-outbox'].map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what they share to components/ or lib/.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code imports no feature and not the app.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `interface AuthEventRegistry extends DeclaredEvents<…> {}` is how a plugin merges its events
      // into the registry (plugin/event-registry.ts); an empty interface extending nothing stays refused.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // A plugin depends on the engine only through the contract (src/plugin/index.ts), so the
    // engine's internals can move without touching a plugin; and on no other plugin's folder. Only
    // the index: the contract's own modules hold what no plugin may (engine-context.ts's casts).
    files: ['packages/server/src/plugins/**/*.ts'],
    // A plugin's tests drive the whole auth through the shared harness (packages/server/test/support)
    // and write fixture rows directly; they are deleted with the folder all the same.
    ignores: ['packages/server/src/plugins/*/test/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...pluginFolders.map((plugin) => ({
              target: `./packages/server/src/plugins/${plugin}`,
              from: './packages/server/src',
              except: ['./plugin/index.ts', `./plugins/${plugin}`],
              message:
                'A plugin imports the engine only through the contract (src/plugin/index.ts) and its own folder.',
            })),
            deployableZone,
          ],
        },
      ],
      // The rows the core owns are written through the engine's operations (src/plugin/host.ts),
      // which keep what goes with them (cookie caches, tokens, deletion guards). The PluginHost
      // type already withholds the engine's handles and the stores' raw writes; a schema's db
      // still types the core tables (a plugin reads users), so its writes to them are refused here.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(updateTable|deleteFrom|insertInto)$/][arguments.0.value=/^(user|session|account)$/]',
          message:
            "A plugin writes no core row itself: use its schema's updateUser/updateCurrentUser/updateSessions/updateCurrentSession or removeUser (src/plugin/host.ts).",
        },
      ],
    },
  },
  {
    // A plugin's tests: the auth as the package entry builds it, with the harness of the engine's suites.
    files: ['packages/server/src/plugins/*/test/**'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [deployableZone] }] },
  },
  {
    // A plugin is deleted with its folder and its line in the index: its tests live in its own
    // folder (src/plugins/<name>/test/), and the engine's tests use a plugin of their own
    // (test/support/profile-plugin.ts).
    files: ['packages/server/test/**/*.ts', 'packages/server/src/**/*.test.ts'],
    ignores: ['packages/server/src/plugins/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src', '**/src/index'],
              importNames: pluginExports,
              message: "The engine's tests use no bundled plugin: put the case in the plugin's test folder.",
            },
            {
              group: ['**/src/plugins/**', '**/plugins/**'],
              message: "The engine's tests use no bundled plugin: put the case in the plugin's test folder.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/test/**/*.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
