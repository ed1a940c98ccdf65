/**
 * Pages become PNGs for OCR on the libuv thread pool (@napi-rs/canvas's async encode). The canvas
 * an encode started from may be collected before the encode runs: @napi-rs/canvas before 1.0.6
 * freed its surface then, and the process died with SIGSEGV, the service's included (found as
 * vitest forks "exiting unexpectedly" in CI). The scenario runs in a child process, since a crash
 * is what it looks for.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUARD_MS, HEAVY_TEST_MS } from '../../helpers/wait.ts';

const SCENARIO = resolve(import.meta.dirname, 'encodeScenario.ts');
const PNG_SIGNATURE_LENGTH = 8;

describe('PNG encoding for OCR', () => {
  it('survives a collection of the canvases while their encodes wait for the thread pool', { timeout: HEAVY_TEST_MS }, () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', SCENARIO], { encoding: 'utf8', timeout: GUARD_MS });
    expect({ status: run.status, signal: run.signal, stderr: run.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
    const sizes = JSON.parse(run.stdout) as number[];
    expect(sizes).toHaveLength(120);
    for (const size of sizes) expect(size).toBeGreaterThan(PNG_SIGNATURE_LENGTH);
  });
});
