/**
 * Bodies over a limit against a real `folio serve`, sent by a client that writes its whole body
 * before it reads: it must read the 413 envelope (110003), not a reset (EPIPE, ECONNRESET), and
 * the service must not read a refused body without end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import { appApi, createTenant, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';
import { sendWholeBody, type WholeBodyReply } from '../helpers/wholeBody.ts';

const MiB = 1024 * 1024;
// The service's limits (docs/api.md#limits): JSON bodies, direct uploads, and what it still reads of a refused body.
const JSON_LIMIT = MiB;
const UPLOAD_LIMIT = 32 * MiB;
const LINGER = 64 * MiB;

let server: ServerHandle;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const api = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
  auth = { Authorization: `Bearer ${api.token as string}` };
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

/**
 * A refusal that goes out before the body has all arrived closes the connection; a streamed body
 * may have arrived whole by the time its refusal goes out, and then the connection may stay.
 */
function expectRefusal(reply: WholeBodyReply, early = true): void {
  expect(reply.socketError).toBe('');
  expect(reply.status).toBe(413);
  if (early) expect(reply.headers.connection).toBe('close');
  expect(JSON.parse(reply.body) as Envelope<unknown>).toMatchObject({ code: 110003, data: null, success: false });
}

const json = () => ({ ...auth, 'Content-Type': 'application/json' });
const octets = () => ({ ...auth, 'Content-Type': 'application/octet-stream' });

describe('a body over its limit, from a client that writes it all before reading', () => {
  it('JSON with a Content-Length over the limit: the 413 envelope, after the whole body', async () => {
    const reply = await sendWholeBody(server.url, { path: '/v1/containers/getPage', headers: json(), total: 8 * JSON_LIMIT });
    expectRefusal(reply);
    expect(reply.written).toBe(8 * JSON_LIMIT);
  });

  it('chunked JSON that grows past the limit: the 413 envelope', async () => {
    expectRefusal(await sendWholeBody(server.url, { path: '/v1/containers/getPage', headers: json(), total: 8 * JSON_LIMIT, chunked: true }), false);
  });

  it('an upload whose Content-Length is over the limit: the 413 envelope', async () => {
    expectRefusal(await sendWholeBody(server.url, { path: '/v1/versions/upload?title=declared.bin', headers: octets(), total: UPLOAD_LIMIT + MiB }));
  });

  it('a chunked upload that grows past the limit: the 413 envelope', async () => {
    expectRefusal(await sendWholeBody(server.url, { path: '/v1/versions/upload?title=streamed.bin', headers: octets(), total: UPLOAD_LIMIT + 2 * MiB, chunked: true }), false);
  });
});

describe('what the service reads of a refused body', () => {
  it('stops a little after 64 MiB: a client that keeps sending has read the refusal, then loses the connection', async () => {
    const announced = 1024 * MiB;
    const reply = await sendWholeBody(server.url, { path: '/v1/containers/getPage', headers: json(), total: announced });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body) as Envelope<unknown>).toMatchObject({ code: 110003 });
    expect(['EPIPE', 'ECONNRESET']).toContain(reply.socketError);
    expect(reply.written).toBeGreaterThan(LINGER);
    expect(reply.written).toBeLessThan(2 * LINGER);
  });

  it('answers the next request on a new connection at once', async () => {
    const res = await fetch(`${server.url}/v1/containers/getPage`, { method: 'POST', headers: json(), body: '{}' });
    expect(((await res.json()) as Envelope<unknown>).code).toBe(0);
  });
});
