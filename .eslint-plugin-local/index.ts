/** Folio's own lint rules, loaded by eslint.config.js as the `local` plugin. */
import type { ESLint } from 'eslint';
import codeLayering from './code-layering.ts';

const plugin: ESLint.Plugin = {
  meta: { name: 'folio-local' },
  rules: { 'code-layering': codeLayering },
};

export default plugin;
