/**
 * docs/architecture.md, "Layers": an area of the service (main/service/<area>/) is handed the
 * repositories it names (`AreaDeps<'documents' | ...>`), never the whole store, nor the root's
 * ServiceDeps that carries every repository. Only the root (main/service/*.ts) holds the store.
 * eslint.config.js applies these to the areas as options of no-restricted-imports and
 * no-restricted-syntax.
 */
const MESSAGE =
  "A service area names the repositories it uses (AreaDeps<'x' | 'y'> or Repos<...> from main/store/repositories.ts) and gets only those from the root (docs/architecture.md, Layers); it never takes the whole Store.";

export const SERVICE_AREA_IMPORT_PATTERNS = [
  { regex: '(^|/)store/index\\.ts$', message: MESSAGE },
  { regex: '(^|/)service/kernel\\.ts$|^\\.\\./kernel\\.ts$', importNames: ['ServiceDeps'], message: MESSAGE },
];

export const SERVICE_AREA_SYNTAX = [
  { selector: "MemberExpression[property.name='store']", message: MESSAGE },
  { selector: "ObjectPattern > Property[key.name='store']", message: MESSAGE },
];
