/**
 * A loopback HTTP proxy in front of a real server: it counts requests by path, tracks how many
 * are in flight at once, records request headers, and can delay requests, hold them until the test
 * lets them go, or answer the next N requests of a path with a failure, to exercise retries,
 * concurrency limits and what a client does while a request is under way.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultProxy {
  url: string;
  hits: Map<string, number>;
  /** The most requests of a path that were in flight at the same time. */
  maxInFlight: Map<string, number>;
  /** Every request as it arrived, with its arrival time (epoch ms). */
  headers: { path: string; headers: http.IncomingHttpHeaders; at: number }[];
  /** The faults answered so far: each with its own request id, sent as `rid` and X-Request-Id. */
  injected: { path: string; rid: string; at: number }[];
  /**
   * The next `times` requests to `path` get HTTP `status` with business `code` and `headers` (or
   * a dropped connection when status is 0).
   */
  failNext: (path: string, times: number, status: number, code?: number, headers?: Record<string, string>) => void;
  /** Holds every request to `path` for `ms` before passing it on (0 stops). */
  delay: (path: string, ms: number) => void;
  /** From now on, every request to `path` waits, unsent, until release(path) or unhold(path). */
  hold: (path: string) => void;
  /** Requests to `path` waiting now. */
  held: (path: string) => number;
  /** Sends on the requests to `path` waiting now; later ones still wait. */
  release: (path: string) => void;
  /** Sends on the requests to `path` waiting now, and stops holding them. */
  unhold: (path: string) => void;
  reset: () => void;
  close: () => Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const hits = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const headers: FaultProxy['headers'] = [];
  const injected: FaultProxy['injected'] = [];
  const faults = new Map<string, { times: number; status: number; code: number; headers: Record<string, string> }>();
  const delays = new Map<string, number>();
  const holding = new Map<string, (() => void)[]>();
  const release = (path: string) => {
    for (const send of holding.get(path)?.splice(0) ?? []) send();
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headers.push({ path, headers: req.headers, at: Date.now() });
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    maxInFlight.set(path, Math.max(now, maxInFlight.get(path) ?? 0));
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
    };
    res.once('close', finish);
    const fault = faults.get(path);
    if (fault && fault.times > 0) {
      fault.times--;
      req.resume();
      if (fault.status === 0) return req.socket.destroy();
      const rid = `proxy-${injected.length + 1}`;
      injected.push({ path, rid, at: Date.now() });
      res.writeHead(fault.status, { 'content-type': 'application/json', 'x-request-id': rid, ...fault.headers });
      return res.end(JSON.stringify({ code: fault.code, data: null, ts: Date.now(), rid, msg: 'injected fault', success: false }));
    }
    const forward = () => {
      const upstreamReq = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstreamReq.on('error', () => res.destroy());
      // A client that vanishes mid-request must not leave the server waiting for the rest of it.
      res.once('close', () => upstreamReq.destroy());
      req.pipe(upstreamReq);
    };
    const waiting = holding.get(path);
    const wait = delays.get(path) ?? 0;
    if (waiting) {
      req.pause();
      waiting.push(forward);
    } else if (wait > 0) {
      req.pause();
      setTimeout(forward, wait);
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    maxInFlight,
    headers,
    injected,
    failNext: (path, times, status, code = 1, extra = {}) => faults.set(path, { times, status, code, headers: extra }),
    delay: (path, ms) => delays.set(path, ms),
    hold: (path) => {
      if (!holding.has(path)) holding.set(path, []);
    },
    held: (path) => holding.get(path)?.length ?? 0,
    release,
    unhold: (path) => {
      release(path);
      holding.delete(path);
    },
    reset: () => {
      hits.clear();
      maxInFlight.clear();
      headers.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
