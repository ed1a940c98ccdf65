/**
 * scripts/cluster.sh waits for each part of the cluster with `wait_until` (scripts/cluster/wait.sh).
 * CI run 32 saw a start that never returned: PostgreSQL and Swift up, no node started, the test's
 * hook out of time after 420 s. A check that a server accepts and never answers held one attempt,
 * and so the start, for ever; and a part's deadline (600 s) was longer than the hook. These run the
 * script's own function against real listeners.
 */
import { execFile, spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const WAIT = join(import.meta.dirname, '../../../scripts/cluster/wait.sh');

interface Outcome {
  code: number | null;
  stderr: string;
}

/** Runs `wait_until ARGS…` in bash with the script's function, and the given bounds. */
async function waitUntil(env: Record<string, string>, args: string): Promise<Outcome> {
  return run('bash', ['-c', `set -euo pipefail; source ${WAIT}; wait_until ${args}`], { env: { ...process.env, ...env } })
    .then(() => ({ code: 0, stderr: '' }))
    .catch((err: { code?: number; stderr?: string }) => ({ code: err.code ?? null, stderr: err.stderr ?? '' }));
}

describe('wait_until (scripts/cluster/wait.sh)', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.destroy();
    for (const s of servers.splice(0)) s.close();
  });

  /** A listener that takes every connection and never writes a byte. */
  async function silentListener(): Promise<number> {
    const server = createServer((socket) => sockets.push(socket));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  it('gives up on a part whose server accepts and never answers, and names it', async () => {
    const port = await silentListener();
    const outcome = await waitUntil(
      { FOLIO_CLUSTER_READY_TIMEOUT_S: '1', FOLIO_CLUSTER_ATTEMPT_TIMEOUT_S: '1' },
      `'Swift proxy' curl -fsS http://127.0.0.1:${port}/healthcheck`,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe("cluster: Swift proxy did not answer within 1s\n");
    expect(sockets.length).toBeGreaterThan(0);
  });

  it('fails at once when the part it watches has exited, without waiting out its deadline', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    const outcome = await waitUntil(
      // An hour's deadline: only the watched process's end can stop this wait within the test.
      { FOLIO_CLUSTER_READY_TIMEOUT_S: '3600' },
      `'folio serve node1' --pid ${gone.pid} false`,
    );
    expect(outcome).toEqual({ code: 1, stderr: 'cluster: folio serve node1 exited before it answered\n' });
  });

  it('returns once the check succeeds', async () => {
    expect(await waitUntil({ FOLIO_CLUSTER_READY_TIMEOUT_S: '3600' }, `'PostgreSQL' --pid $$ true`)).toEqual({ code: 0, stderr: '' });
  });
});
