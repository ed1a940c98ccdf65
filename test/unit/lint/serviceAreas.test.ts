/**
 * The project's lint config keeps the store out of the service's areas: an area file that imports
 * Store, takes the root's ServiceDeps or reaches for `deps.store` fails lint; the same file naming
 * its repositories passes, and the root files directly in main/service/ may hold the store.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function restrictions(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((r) => r === 'no-restricted-imports' || r === 'no-restricted-syntax');
}

const AREA = 'main/service/documents/service.ts';

describe('service areas get their repositories, not the store', () => {
  it('an area may not import Store', async () => {
    expect(await restrictions(AREA, "import type { Store } from '../../store/index.ts';\nexport type S = Store;\n")).toEqual(['no-restricted-imports']);
  });

  it("an area may not take the root's ServiceDeps", async () => {
    expect(await restrictions(AREA, "import type { ServiceDeps } from '../kernel.ts';\nexport type D = ServiceDeps;\n")).toEqual(['no-restricted-imports']);
  });

  it('an area may not use deps.store, by member or by destructuring', async () => {
    const code = 'export function f(deps: { store: object }): object {\n  const { store } = deps;\n  return [deps.store, store];\n}\n';
    expect(await restrictions(AREA, code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('an area that names its repositories passes', async () => {
    const code = [
      "import type { Repos } from '../../store/repositories.ts';",
      "import type { AreaDeps } from '../kernel.ts';",
      "export type D = AreaDeps<'documents'>;",
      "export const count = (repos: Repos<'documents'>): unknown => repos.documents;",
      '',
    ].join('\n');
    expect(await restrictions(AREA, code)).toEqual([]);
  });

  it('the root files of main/service may hold the store', async () => {
    const code = "import type { Store } from '../store/index.ts';\nimport type { ServiceDeps } from './kernel.ts';\nexport type S = [Store, ServiceDeps];\n";
    expect(await restrictions('main/service/services.ts', code)).toEqual([]);
  });
});
