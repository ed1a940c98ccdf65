// ESLint 9 flat config. Run with `npm run lint` (eslint .).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { createJiti } from 'jiti';

// The local plugin is TypeScript, as its test (test/unit/lint/codeLayering.test.ts) and tsc see it;
// jiti (ESLint's own loader for TypeScript configs) compiles it here.
const jiti = createJiti(import.meta.url);
const { default: local } = await jiti.import('./.eslint-plugin-local/index.ts');
const { FOLIO_LAYERS } = await jiti.import('./.eslint-plugin-local/layers.ts');
const { SERVICE_AREA_IMPORT_PATTERNS, SERVICE_AREA_SYNTAX } = await jiti.import('./.eslint-plugin-local/serviceAreas.ts');

// docs/architecture.md, "Layout": nothing outside main/electron imports 'electron', so every other part runs and is
// tested in plain Node.
const ELECTRON_MESSAGE =
  "Only main/electron/** may import 'electron' (docs/architecture.md, Layout). Put the logic in main/desktop and keep main/electron thin.";

// TypeBox's default export is its whole `Type` namespace, which keeps all of TypeBox in the bundle
// (its TypeScript-syntax parser among it); `import * as Type` lets esbuild drop what no one calls
// (docs/performance.md, "Restart"). Shared by every rule set below that spreads electronImportRule.
const TYPEBOX_DEFAULT = {
  name: 'typebox',
  importNames: ['default'],
  message: "Import TypeBox as `import * as Type from 'typebox'`: its default export keeps all of TypeBox in the bundle.",
};

const electronImportRule = {
  paths: [{ name: 'electron', message: ELECTRON_MESSAGE }, TYPEBOX_DEFAULT],
  patterns: [{ group: ['electron/*'], message: ELECTRON_MESSAGE }],
};

// The same ban for forms that no-restricted-imports does not see: import('electron'),
// require('electron') and `import x = require('electron')`.
const ELECTRON_SOURCE = '/^electron(\\u002F|$)/';
const electronSyntaxRule = [
  {
    selector: `ImportExpression[source.value=${ELECTRON_SOURCE}]`,
    message: ELECTRON_MESSAGE,
  },
  {
    selector: `CallExpression[callee.name='require'][arguments.0.value=${ELECTRON_SOURCE}]`,
    message: ELECTRON_MESSAGE,
  },
  {
    selector: `TSExternalModuleReference[expression.value=${ELECTRON_SOURCE}]`,
    message: ELECTRON_MESSAGE,
  },
];

// A business code is named from the one table, shared/errors.ts (ErrorCodes.NOT_FOUND.code,
// codesOf(...)), never written out: a bare 120001 drifts from the table unnoticed.
const errorCodeSyntaxRule = [
  {
    selector: 'Literal[raw=/^1\\d{5}$/]',
    message: 'A business code is named from shared/errors.ts (ErrorCodes.X.code or codesOf), not written as a number.',
  },
];

// The Node globals our plain .js/.mjs files use (TypeScript files get them from @types/node,
// and typescript-eslint turns no-undef off for them).
const nodeGlobals = Object.fromEntries(
  [
    'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal',
    'TextEncoder', 'TextDecoder', 'fetch', 'structuredClone', 'queueMicrotask', 'globalThis',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'renderer/dist/',
    'test/e2e/screenshots/',
    'bench-data/',
    '.tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: nodeGlobals,
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    plugins: { local },
    rules: {
      // docs/architecture.md, "Layers": which folder may import which.
      'local/code-layering': ['error', { root: import.meta.dirname, layers: FOLIO_LAYERS }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      'no-restricted-imports': ['error', electronImportRule],
      'no-restricted-syntax': ['error', ...electronSyntaxRule, ...errorCodeSyntaxRule],
    },
  },
  {
    // docs/architecture.md, "Layers": each area of the service gets only the repositories it names
    // (.eslint-plugin-local/serviceAreas.ts); the root files directly in main/service/ hold the store.
    files: ['main/service/*/**'],
    rules: {
      'no-restricted-imports': ['error', { ...electronImportRule, patterns: [...electronImportRule.patterns, ...SERVICE_AREA_IMPORT_PATTERNS] }],
      'no-restricted-syntax': ['error', ...electronSyntaxRule, ...errorCodeSyntaxRule, ...SERVICE_AREA_SYNTAX],
    },
  },
  {
    files: ['main/electron/**'],
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-syntax': ['error', ...errorCodeSyntaxRule],
    },
  },
  {
    // The table itself, and tests, which check the codes a client receives as numbers on purpose.
    files: ['shared/errors.ts', 'test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...electronSyntaxRule],
    },
  },
  {
    // The one other place that must touch Electron: the preload script needs contextBridge and
    // ipcRenderer to expose DesktopApi (docs/architecture.md, "The desktop app"), and nothing else from 'electron'.
    files: ['preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowImportNames: ['contextBridge', 'ipcRenderer'],
              message: 'preload/ may use only contextBridge and ipcRenderer from electron (docs/architecture.md, The desktop app).',
            },
          ],
          patterns: electronImportRule.patterns,
        },
      ],
      'no-restricted-syntax': ['error', ...errorCodeSyntaxRule],
    },
  },
);
