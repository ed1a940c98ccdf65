/**
 * The layering rule with the project's own table: a wrong-way import is reported, a right-way one
 * is not, in each form an import can take.
 */
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import codeLayering from '../../../.eslint-plugin-local/code-layering.ts';
import { FOLIO_LAYERS } from '../../../.eslint-plugin-local/layers.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = join(import.meta.dirname, '..', '..', '..');
const options = [{ root, layers: FOLIO_LAYERS }];
const at = (file: string) => join(root, file);

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('code-layering', codeLayering, {
  valid: [
    { name: 'the service imports the store', filename: at('main/service/documents/service.ts'), code: "import { Store } from '../../store/index.ts';", options },
    { name: 'a layer imports itself', filename: at('main/store/sync/index.ts'), code: "import { openDatabase } from '../db.ts';", options },
    { name: 'the store keeps the engine model', filename: at('main/store/sync/index.ts'), code: "import type { NodeState } from '../../sync/model.ts';", options },
    { name: 'the renderer imports shared', filename: at('renderer/src/App.tsx'), code: "import type { DesktopApi } from '../../shared/desktop/api.ts';", options },
    { name: 'packages are not layers', filename: at('shared/errors.ts'), code: "import { Type } from 'typebox';", options },
    { name: 'main/cli.ts imports its commands', filename: at('main/cli.ts'), code: "import { runSync } from './cli/sync.ts';", options },
    { name: 'tests are above every layer', filename: at('test/unit/x.test.ts'), code: "import { buildApp } from '../../main/service/app.ts';", options },
  ],
  invalid: [
    {
      name: 'shared imports nothing of ours',
      filename: at('shared/v1/resources.ts'),
      code: "import { Store } from '../../main/store/index.ts';",
      options,
      errors: [{ messageId: 'layerbreaker', data: { from: 'shared', to: 'main/store', allowed: 'shared' } }],
    },
    {
      name: 'the store does not import the engine',
      filename: at('main/store/sync/index.ts'),
      code: "import type { NodeState } from '../../sync/trees.ts';",
      options,
      errors: [{ messageId: 'layerbreaker' }],
    },
    {
      name: 'the renderer does not import main/, by export from',
      filename: at('renderer/vite.config.ts'),
      code: "export { RENDERER_CSP } from '../main/desktop/csp.ts';",
      options,
      errors: [{ messageId: 'layerbreaker' }],
    },
    {
      name: 'the engine does not reach the service, by import()',
      filename: at('main/sync/engine.ts'),
      code: "const m = await import('../service/app.ts');",
      options,
      errors: [{ messageId: 'layerbreaker' }],
    },
    {
      name: 'the service does not import the desktop, in a type',
      filename: at('main/service/app.ts'),
      code: "type C = import('../desktop/core.ts').DesktopCore;",
      options,
      errors: [{ messageId: 'layerbreaker' }],
    },
    {
      name: 'the remote client does not import the engine, by import = require',
      filename: at('main/remote/client.ts'),
      code: "import x = require('../sync/engine.ts');",
      options,
      errors: [{ messageId: 'layerbreaker' }],
    },
    {
      name: 'no layer imports the tests',
      filename: at('main/sync/engine.ts'),
      code: "import { world } from '../../test/unit/sync/world.ts';",
      options,
      errors: [{ messageId: 'unlayered', data: { from: 'main/sync', target: 'test/unit/sync/world.ts' } }],
    },
  ],
});
