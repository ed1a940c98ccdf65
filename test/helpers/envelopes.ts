/** Assertions on error envelopes, shared by the integration tests of the tree and of bad input. */
import { expect } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import type { Reply } from './server.ts';

/** Signs that an internal detail escaped: stack frames, source paths, module names. */
const LEAK = /(^|\n|\s)at \S+ \(|\bat (?:async )?\S+:\d+:\d+|\/(?:work|home|tmp|usr|root)\/|node_modules|\.[cm]?[jt]s:\d+|SQLITE_|Error:/;

/** Checks that `reply` is the complete failure envelope of `code` with HTTP `status`, and leaks nothing. */
export function expectFailure(reply: Reply<unknown>, code: number, status: number): void {
  expectEnvelopeShape(reply.body, reply.headers);
  expect({ code: reply.body.code, status: reply.status }, reply.body.msg).toEqual({ code, status });
}

/** The full envelope of spec §1 for a failure, with X-Request-Id = rid and no internal detail. */
export function expectEnvelopeShape(body: Envelope<unknown>, headers: Headers): void {
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'rid', 'success', 'ts']);
  expect(body.data).toBeNull();
  expect(body.success).toBe(false);
  expect(Number.isInteger(body.code) && body.code !== 0).toBe(true);
  expect(Number.isInteger(body.ts)).toBe(true);
  expect(Math.abs(body.ts - Date.now())).toBeLessThan(60_000);
  expect(typeof body.rid === 'string' && body.rid.length > 0).toBe(true);
  expect(typeof body.msg === 'string' && body.msg.length > 0).toBe(true);
  expect(headers.get('x-request-id')).toBe(body.rid);
  expect(JSON.stringify(body)).not.toMatch(LEAK);
}

/** A 110001 whose message names `field`, so a client can tell which input was wrong. */
export function expectValidation(reply: Reply<unknown>, field: string): void {
  expectFailure(reply, 110001, 400);
  expect(reply.body.msg).toMatch(new RegExp(`\\b${field}\\b`));
}
