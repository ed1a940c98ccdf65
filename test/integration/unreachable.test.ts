/**
 * One way to say "the service is unreachable" (main/remote/errors.ts): each real failure below
 * HTTP, on each of the client's paths (node:http for JSON calls, undici for bytes, fetch for sign-in,
 * the local server's upstream), is a ServiceUnreachable with code 170001, and isUnreachable is
 * the one question the engine, the desktop, the daemon and the command ask. A service that
 * answers with a business error is not unreachable.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../shared/errors.ts';
import { failureLine } from '../../main/cli/failure.ts';
import { toDesktopError } from '../../main/desktop/failure.ts';
import { Connectivity } from '../../main/offline/connectivity.ts';
import { Upstream } from '../../main/offline/upstream.ts';
import { FolioClient, type Credentials } from '../../main/remote/client.ts';
import { FolioApiError, isUnreachable, ServiceUnreachable } from '../../main/remote/errors.ts';
import { discover } from '../../main/remote/signIn.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.ts';
import { createTenant, removeDir, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let proxy: FaultProxy;
let tenant: Tenant;
/** A port nothing listens on: bound, then closed. */
let closedPort: number;
/** A server that accepts connections and never answers. */
let silent: Server;
const silentSockets: Socket[] = [];

const NO_ONE: Credentials = { clientId: 'app_none', clientSecret: 'none' };

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => expect.unreachable('the call succeeded'),
    (err: unknown) => err,
  );
}

/** What every consumer makes of one failure: the predicate, the code, the desktop's and the command's words. */
function expectUnreachable(err: unknown, maybeArrived: boolean): void {
  expect(isUnreachable(err)).toBe(true);
  const e = err as ServiceUnreachable;
  expect(e).toBeInstanceOf(ServiceUnreachable);
  expect(e.code).toBe(ErrorCodes.SERVICE_UNREACHABLE.code);
  expect(e.maybeArrived).toBe(maybeArrived);
  expect(toDesktopError(err).code).toBe('SERVICE_UNREACHABLE');
  expect(failureLine(err)).toMatch(new RegExp(`^the service could not be reached: .* \\(code ${ErrorCodes.SERVICE_UNREACHABLE.code}\\)$`));
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  proxy = await startFaultProxy(server.url);
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  closedPort = (closed.address() as AddressInfo).port;
  closed.close();
  await once(closed, 'close');
  silent = createServer((socket) => silentSockets.push(socket));
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
});

afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  silent.close();
  await proxy.close();
  await server.stop();
  removeDir(server.dataDir);
});

describe('a connection refused on a closed port', () => {
  const base = () => `http://127.0.0.1:${closedPort}`;

  it('is unreachable on the JSON path (node:http), and certainly never arrived', async () => {
    const client = new FolioClient({ baseUrl: base(), credentials: NO_ONE, retry: { attempts: 1 } });
    expectUnreachable(await failureOf(() => client.v1(contract.containers.get, { containerId: 'cnt_none' })), false);
  });

  it('is unreachable on the bytes path (undici)', async () => {
    const client = new FolioClient({ baseUrl: base(), credentials: NO_ONE, retry: { attempts: 1 } });
    const bytes = Buffer.from('hello');
    expectUnreachable(await failureOf(() => client.postBytes(contract.versions.upload, {}, {}, bytes, bytes.length)), false);
  });

  it("is unreachable for the sign-in's discovery (fetch)", async () => {
    expectUnreachable(await failureOf(() => discover(base())), false);
  });

  it("is unreachable through the local server's upstream, which marks the service offline", async () => {
    const connectivity = new Connectivity({ probe: async () => false, minDelayMs: 60_000, maxDelayMs: 60_000 });
    try {
      const upstream = new Upstream(base(), NO_ONE, connectivity);
      expectUnreachable(await failureOf(() => upstream.send({ method: 'GET', path: '/v1/containers/get', query: { containerId: 'cnt_none' } })), false);
      expect(connectivity.online).toBe(false);
    } finally {
      connectivity.stop();
    }
  });
});

describe('a connection reset by the fault proxy', () => {
  it('is unreachable, and may have arrived', async () => {
    const client = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { attempts: 1 } });
    await client.createContainer({ name: 'before the reset' });
    proxy.failNext('/v1/containers/create', 1, 0);
    expectUnreachable(await failureOf(() => client.createContainer({ name: 'reset' })), true);
  });

  it('is unreachable on the bytes path too', async () => {
    const client = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { attempts: 1 } });
    const headers = await client.authHeaders();
    proxy.failNext('/v1/versions/upload', 1, 0);
    const bytes = Buffer.from('hello');
    expectUnreachable(await failureOf(() => client.postBytes(contract.versions.upload, {}, headers, bytes, bytes.length)), true);
  });
});

describe('a service that accepts the connection and never answers', () => {
  const base = () => `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;

  it('times out into unreachable on the JSON path', async () => {
    const client = new FolioClient({ baseUrl: base(), credentials: NO_ONE, retry: { attempts: 1 }, idleTimeoutMs: 300 });
    expectUnreachable(await failureOf(() => client.v1(contract.containers.get, { containerId: 'cnt_none' })), true);
  });

  it('times out into unreachable on the bytes path', async () => {
    const client = new FolioClient({ baseUrl: base(), credentials: NO_ONE, retry: { attempts: 1 }, idleTimeoutMs: 300 });
    const bytes = Buffer.from('hello');
    expectUnreachable(await failureOf(() => client.postBytes(contract.versions.upload, {}, {}, bytes, bytes.length)), true);
  });
});

describe('a service that answers', () => {
  it('with a business error is not unreachable', async () => {
    const client = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { attempts: 1 } });
    const err = await failureOf(() => client.v1(contract.containers.get, { containerId: 'cnt_none' }));
    expect(err).toBeInstanceOf(FolioApiError);
    expect(isUnreachable(err)).toBe(false);
    expect(toDesktopError(err).code).not.toBe('SERVICE_UNREACHABLE');
  });
});
