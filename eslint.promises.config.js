// `npm run lint:promises` (docs/ci.md, "Lint"): the two rules that need TypeScript's types, over main/ and
// shared/. The main config (eslint.config.js) is not type-aware, so a call to an async function whose
// promise is dropped passes tsc and `eslint .`: it would run unordered with what follows, and its
// rejection would go unhandled. Kept apart because building the program costs more than the rest of
// the lint together (measured in docs/ci.md).
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/node_modules/']),
  {
    files: ['main/**/*.ts', 'shared/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // main/electron has a tsconfig of its own (the Electron types); everything else is in tsconfig.json.
        project: ['./tsconfig.json', './tsconfig.electron.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
