/**
 * SIGTERM drains a real `folio serve`: /readyz stops answering 200 at once, so a balancer sends
 * nothing new; a request in flight still gets its answer; new connections are refused or get 503;
 * and the process exits 0 (docs/deploy.md, "Upgrading node by node").
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/envelope.ts';
import type { VersionResult } from '../../../shared/v1/resources.ts';
import { tempFiles } from '../../helpers/dataDir.ts';
import { appApi, createTenant, removeDir, startServer, tempDir, type Api, type ServerHandle } from '../../helpers/server.ts';
import { exited, HEAVY_TEST_MS, printed, until } from '../../helpers/wait.ts';

let dataDir: string;
let server: ServerHandle;
let app: Api;

beforeAll(async () => {
  dataDir = tempDir();
  server = await startServer(dataDir, ['--log-level', 'info']);
  app = await appApi(server.url, await createTenant(dataDir));
}, HEAVY_TEST_MS);

afterAll(() => removeDir(dataDir));

/** An upload whose body goes out in two halves; `rest()` sends the second and resolves with the answer. */
function upload(bytes: Buffer): { rest: () => Promise<{ status: number; body: Envelope<VersionResult> }> } {
  const req = request(`${server.url}/v1/versions/upload?title=inflight.bin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) },
  });
  const answer = new Promise<{ status: number; body: Envelope<VersionResult> }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<VersionResult> }));
    });
  });
  req.write(bytes.subarray(0, bytes.length / 2));
  return {
    rest: () => {
      req.end(bytes.subarray(bytes.length / 2));
      return answer;
    },
  };
}

/** The status of GET /readyz on a new connection, or 'refused'. */
async function readyz(): Promise<number | 'refused'> {
  try {
    return (await fetch(`${server.url}/readyz`, { headers: { connection: 'close' } })).status;
  } catch {
    return 'refused';
  }
}

describe('folio serve on SIGTERM', () => {
  it('stops being ready at once, answers the request in flight, refuses new work and exits 0', async () => {
    expect(await readyz()).toBe(200);
    const bytes = randomBytes(2 * 1024 * 1024);
    const inFlight = upload(bytes);
    await until('the upload to be staging its bytes', () => tempFiles(dataDir).length > 0);

    const stopping = printed(server.process, /stopping: letting requests in flight finish/, 'the stopping line');
    server.process.kill('SIGTERM');
    await stopping;
    expect([503, 'refused']).toContain(await readyz());

    const answer = await inFlight.rest();
    expect(answer.status).toBe(200);
    expect(answer.body.data?.contentHash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await exited(server.process)).toEqual({ code: 0, signal: null });
    expect(await readyz()).toBe('refused');
  }, HEAVY_TEST_MS);
});
