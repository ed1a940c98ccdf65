/**
 * scripts/setup-system.sh decides what to install by asking dpkg what is installed already. Its
 * answer must be stable: CI once failed with "still not installed after apt-get: rclone" because
 * `dpkg -s rclone | grep -q` under pipefail failed whenever grep exited before dpkg finished writing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const run = promisify(execFile);
const SCRIPT = readFileSync('scripts/setup-system.sh', 'utf8');

function between(start: RegExp, end: RegExp): string {
  const from = SCRIPT.search(start);
  const rest = SCRIPT.slice(from);
  return rest.slice(0, rest.search(end) + 1);
}

describe('setup-system.sh', () => {
  // Twenty rounds over every package start hundreds of dpkg-query processes: seconds on an idle
  // machine, minutes on a loaded one. The timeout is a guard; when it fires, `signal` stops the rounds.
  it('says every installed package is installed, every time it is asked', { timeout: HEAVY_TEST_MS }, async ({ signal }) => {
    const packages = between(/^PACKAGES=\(/m, /^\)/m);
    const isInstalled = between(/^is_installed\(\) \{/m, /^\}/m);
    const { stdout } = await run(
      'bash',
      ['-c', `set -euo pipefail\n${packages}\n${isInstalled}\nfor i in $(seq 20); do for p in "\${PACKAGES[@]}"; do is_installed "$p" && echo yes || echo "no $p"; done; done`],
      { encoding: 'utf8', signal },
    );
    const answers = stdout.trim().split('\n');
    expect(answers.length).toBeGreaterThan(20 * 10);
    expect(answers.filter((a) => a !== 'yes')).toEqual([]);
  });
});
