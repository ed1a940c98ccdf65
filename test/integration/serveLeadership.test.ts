/**
 * Two real `folio serve` on one data directory share its lead through the database
 * (main/store/leadership.ts): the `started` line says which one leads, exactly one does, only the
 * first finds itself alone on the directory (main/store/dataDirNodes.ts), and
 * SIGTERM on the leader hands the lead over at once: the lease is an hour long here, so only the
 * leader's giving it up lets the other take it before the wait's guard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startServer, tempDir, type ServerHandle } from '../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../helpers/wait.ts';

const dirs: string[] = [];
const servers: ServerHandle[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) removeDir(dir);
});

interface Line {
  msg: string;
  [field: string]: unknown;
}

function linesOf(file: string): Line[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

describe('folio serve nodes on one data directory', () => {
  it('say in `started` whether they lead, exactly one does, and SIGTERM hands the lead over at once', async () => {
    const dataDir = tempDir();
    const logs = tempDir('folio-logs-');
    dirs.push(dataDir, logs);
    const env = { FOLIO_LEASE_MS: String(60 * 60_000) };
    const start = async (name: string) => {
      const file = join(logs, `${name}.log`);
      const server = await startServer(dataDir, ['--log-file', file], env);
      servers.push(server);
      const started = await until(`${name}'s started line`, () => linesOf(file).find((l) => l.msg === 'started'));
      return { server, file, started };
    };
    const first = await start('first');
    const second = await start('second');
    expect([first.started.leading, second.started.leading]).toEqual([true, false]);
    // Only the first was alone on the directory, and so took back what ended processes had leased.
    const alone = (file: string) => linesOf(file).some((l) => l.msg.startsWith('alone on the data directory'));
    expect([alone(first.file), alone(second.file)]).toEqual([true, false]);

    await first.server.stop();
    expect(linesOf(first.file).map((l) => l.msg)).toContain('leadership: gave the lead up');
    await until('the second node to take the lead', () => linesOf(second.file).some((l) => l.msg.startsWith('leading:')));
  }, HEAVY_TEST_MS);
});
