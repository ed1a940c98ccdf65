// ESLint 9 flat config. Run with `npm run lint` (eslint .).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// docs/architecture.md, "Layout": nothing outside main/electron imports 'electron', so every other part runs and is
// tested in plain Node.
const ELECTRON_MESSAGE =
  "Only main/electron/** may import 'electron' (docs/architecture.md, Layout). Put the logic in main/desktop and keep main/electron thin.";

const electronImportRule = {
  paths: [{ name: 'electron', message: ELECTRON_MESSAGE }],
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
    rules: {
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
      'no-restricted-syntax': ['error', ...electronSyntaxRule],
    },
  },
  {
    files: ['main/electron/**'],
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-syntax': 'off',
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
      'no-restricted-syntax': 'off',
    },
  },
);
