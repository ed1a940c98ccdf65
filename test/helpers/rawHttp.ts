/**
 * Byte-level requests that fetch cannot make: a body sent with chunked transfer encoding (no
 * Content-Length), or a Content-Length header that differs from what the test later sends.
 */
import { request } from 'node:http';
import type { Envelope } from '../../shared/envelope.ts';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Envelope<unknown>;
}

export interface RawSend {
  token: string;
  /** Pieces written one after another; without contentLength they go out chunk-encoded. */
  pieces: Uint8Array[];
  contentLength?: number;
  headers?: Record<string, string>;
}

export function postRaw(base: string, path: string, query: Record<string, string>, send: RawSend): Promise<RawReply> {
  const url = new URL(`${path}?${new URLSearchParams(query)}`, base);
  const headers: Record<string, string> = {
    authorization: `Bearer ${send.token}`,
    'content-type': 'application/octet-stream',
    ...(send.contentLength === undefined ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(send.contentLength) }),
    ...send.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Envelope<unknown> });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      for (const piece of send.pieces) {
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })();
  });
}
