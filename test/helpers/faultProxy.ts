/**
 * A loopback HTTP proxy in front of a real server: it counts requests by path, records request
 * headers, and can answer the next N requests of a path with a failure, to exercise retries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultProxy {
  url: string;
  hits: Map<string, number>;
  headers: { path: string; headers: http.IncomingHttpHeaders }[];
  /** The next `times` requests to `path` get HTTP `status` with business `code` (or a dropped connection when status is 0). */
  failNext: (path: string, times: number, status: number, code?: number) => void;
  close: () => Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const hits = new Map<string, number>();
  const headers: FaultProxy['headers'] = [];
  const faults = new Map<string, { times: number; status: number; code: number }>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headers.push({ path, headers: req.headers });
    const fault = faults.get(path);
    if (fault && fault.times > 0) {
      fault.times--;
      req.resume();
      if (fault.status === 0) return req.socket.destroy();
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: fault.code, data: null, ts: Date.now(), rid: 'proxy', msg: 'injected fault', success: false }));
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    headers,
    failNext: (path, times, status, code = 1) => faults.set(path, { times, status, code }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
