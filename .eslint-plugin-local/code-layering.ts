/**
 * The layers of docs/architecture.md ("Layers") as a lint rule, after VS Code's
 * .eslint-plugin-local/code-layering.ts: each folder lists the folders it may import, and an
 * import that reaches any other part of the project is reported. Folders are named from the
 * project root, so `main/store` and `main/sync` stay apart although both hold a `sync`; the most
 * specific entry wins, so one file (a pure-types module such as main/sync/model.ts) can sit
 * lower than its folder.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

export interface LayeringOptions {
  /** The project root that the layer names are relative to. */
  root: string;
  /** Layer (a folder or file, from the root) → the layers it may import besides itself. */
  layers: Record<string, readonly string[]>;
}

/** The most specific layer that holds a project-relative path, if any. */
export function layerOf(path: string, layers: Record<string, readonly string[]>): string | undefined {
  let found: string | undefined;
  for (const layer of Object.keys(layers)) {
    if ((path === layer || path.startsWith(`${layer}/`)) && (found === undefined || layer.length > found.length)) found = layer;
  }
  return found;
}

/** A path relative to the root, with forward slashes; undefined when it lies outside the root. */
function fromRoot(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

interface WithSource {
  source?: { type: string; value?: unknown } | null;
}

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between folders follow the layers of docs/architecture.md ("Layers").' },
    messages: {
      layerbreaker: '{{from}} may not import {{to}} (docs/architecture.md, "Layers"). {{from}} may import: {{allowed}}.',
      unlayered: '{{from}} may not import {{target}}: it is in no layer (docs/architecture.md, "Layers").',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, layers } = context.options[0] as LayeringOptions;
    const file = fromRoot(root, context.filename);
    const from = file === undefined ? undefined : layerOf(file, layers);
    if (from === undefined) return {};
    const allowed = new Set([from, ...(layers[from] ?? [])]);

    const check = (node: Rule.Node, specifier: unknown): void => {
      // Packages are not layers; only paths into the project are checked.
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = fromRoot(root, resolve(dirname(context.filename), specifier));
      if (target === undefined) return;
      const to = layerOf(target, layers);
      if (to === undefined) {
        context.report({ node, messageId: 'unlayered', data: { from, target } });
      } else if (!allowed.has(to)) {
        context.report({ node, messageId: 'layerbreaker', data: { from, to, allowed: [...allowed].join(', ') } });
      }
    };
    const checkSource = (node: Rule.Node): void => {
      const source = (node as WithSource).source;
      if (source?.type === 'Literal') check(node, source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      // typescript-eslint's nodes: `import('…').T` in a type, and `import x = require('…')`.
      TSImportType: checkSource,
      TSExternalModuleReference(node: Rule.Node) {
        const expression = (node as unknown as { expression: { value?: unknown } }).expression;
        check(node, expression.value);
      },
    };
  },
};

export default rule;
