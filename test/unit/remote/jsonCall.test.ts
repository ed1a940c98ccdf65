/**
 * The client's JSON call's two time-outs (main/remote/jsonCall.ts), against real sockets on
 * 127.0.0.1. The connect one: a listener whose accept queue is full (test/helpers/fullBacklog.py),
 * where Linux drops the SYN, so the connection stays in SYN_SENT. The idle one: a server that
 * accepts the connection and never answers. Each time-out not under test is set far beyond the
 * test's own guard, so only the one under test can end the call.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, TimeoutError } from '../../../main/remote/jsonCall.ts';
import { exited } from '../../helpers/wait.ts';

const FULL_BACKLOG = resolve(import.meta.dirname, '../../helpers/fullBacklog.py');
const NEVER_MS = 60 * 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A port whose next connect never completes: the listener's one queue slot is taken by a connection of the test's. */
async function portThatNeverConnects(): Promise<number> {
  const listener: ChildProcess = spawn('python3', [FULL_BACKLOG], { stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(async () => {
    listener.stdin?.end();
    await exited(listener);
  });
  const port = await new Promise<number>((done, fail) => {
    listener.stdout?.once('data', (d: Buffer) => done(Number(d.toString().trim())));
    listener.once('exit', (code) => fail(new Error(`fullBacklog.py exited (${code}) before it listened`)));
  });
  const filler: Socket = connect(port, '127.0.0.1');
  cleanups.push(() => void filler.destroy());
  await new Promise<void>((done, fail) => {
    filler.once('connect', done);
    filler.once('error', fail);
  });
  return port;
}

describe('a JSON call', () => {
  it('fails with a connect time-out when the connection never opens', async () => {
    const port = await portThatNeverConnects();
    const call = sendJson({ method: 'GET', url: new URL(`http://127.0.0.1:${port}/v1/ping`), headers: {} }, { connectMs: 200, idleMs: NEVER_MS });
    const err = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: 'ETIMEDOUT', message: 'not connected after 200 ms' });
  });

  it('fails with an idle time-out when the server accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const server: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          for (const s of sockets) s.destroy();
          server.close(() => done());
        }),
    );
    const { port } = server.address() as { port: number };
    const call = sendJson({ method: 'POST', url: new URL(`http://127.0.0.1:${port}/v1/ping`), headers: {}, json: { a: 1 } }, { connectMs: NEVER_MS, idleMs: 200 });
    await expect(call).rejects.toMatchObject({ code: 'ETIMEDOUT', message: 'no byte for 200 ms' });
  });
});
