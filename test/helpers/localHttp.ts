/**
 * Real HTTP servers on loopback for the outbound tests: sources to ingest from, receivers of
 * webhooks, and canaries standing in for "internal" services. Each records every connection and
 * every request, so a test can prove that a refused URL never reached it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GUARD_MS } from './wait.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The whole body has arrived. */
  complete: boolean;
  /** When the request arrived (epoch ms). */
  at: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

export interface LocalServer {
  port: number;
  /** `http://127.0.0.1:PORT` (or `http://[::1]:PORT`). */
  origin: string;
  /** What --allow-fetch-host takes. */
  hostPort: string;
  connections: number;
  requests: RecordedRequest[];
  /** Resolves with the first complete request that matches. */
  waitFor: (match: (r: RecordedRequest) => boolean) => Promise<RecordedRequest>;
  close: () => Promise<void>;
}

export async function localServer(handler: Handler, host: '127.0.0.1' | '::1' = '127.0.0.1'): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  const waiters: (() => void)[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const index = requests.length;
    const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: '', complete: false, at: Date.now() };
    requests.push(record);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      record.body = Buffer.concat(chunks).toString('utf8');
      record.complete = true;
      for (const w of waiters.splice(0)) w();
    });
    handler(req, res, index);
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
  const handle: LocalServer = {
    port,
    origin,
    hostPort: host === '::1' ? `[::1]:${port}` : `127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    requests,
    waitFor: (match) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`no matching request among ${requests.length} after ${GUARD_MS / 60_000} minutes`)), GUARD_MS);
        deadline.unref();
        const check = () => {
          const found = requests.find((r) => r.complete && match(r));
          if (found) {
            clearTimeout(deadline);
            resolve(found);
          } else {
            waiters.push(check);
          }
        };
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return handle;
}
