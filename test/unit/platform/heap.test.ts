/**
 * `folio sync` bounds how far the heap may grow past its live set (main/platform/heap.ts). V8
 * takes the flag by name and ignores one it does not know without a word, so the test looks at
 * what the flag does: the same allocations, in two child processes, reserve far less heap with it.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUARD_MS, HEAVY_TEST_MS } from '../../helpers/wait.ts';

const SCENARIO = resolve(import.meta.dirname, 'heapScenario.ts');

function mostHeap(mode: 'bounded' | 'default'): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SCENARIO, mode], { encoding: 'utf8', timeout: GUARD_MS });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  return (JSON.parse(run.stdout) as { most: number }).most;
}

describe('the bound on heap growth', () => {
  it('holds the heap of a growing live set under churn well below what V8 reserves by default', { timeout: HEAVY_TEST_MS }, () => {
    const unbounded = mostHeap('default');
    const bounded = mostHeap('bounded');
    expect(bounded).toBeLessThan(unbounded * 0.8);
  });
});
