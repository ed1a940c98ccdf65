/** Reading a reply of the service (main/remote/envelope.ts): the failure it stands for, its request id and Retry-After. */
import { describe, expect, it } from 'vitest';
import { failureOf, retryAfterMs, unwrapEnvelope } from '../../../main/remote/envelope.ts';
import { FolioApiError } from '../../../main/remote/errors.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('retryAfterMs', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('60', NOW)).toBe(60_000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs(['2', '9'], NOW)).toBe(2000);
  });

  it('reads an HTTP-date in each of its three forms, and one in the past as no wait', () => {
    expect(retryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(retryAfterMs('Sunday, 01-Mar-26 12:00:30 GMT', NOW)).toBe(30_000);
    expect(retryAfterMs('Sun Mar  1 12:00:30 2026', NOW)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, '', '-5', '1.5', 'soon', '12:00:30', 'Mon, 99 Foo']) expect(retryAfterMs(value, NOW), String(value)).toBeUndefined();
  });
});

describe('failureOf and unwrapEnvelope', () => {
  it('take the code, message and rid of the envelope, and Retry-After', () => {
    const reply = { status: 429, headers: { 'retry-after': '1', 'x-request-id': 'from-header' }, body: { code: 160001, data: null, rid: 'r-1', msg: 'too many requests', ts: 0, success: false } };
    expect(() => unwrapEnvelope(reply)).toThrow(FolioApiError);
    expect(failureOf(reply)).toMatchObject({ code: 160001, rid: 'r-1', httpStatus: 429, retryAfterMs: 1000 });
  });

  it('fall back to X-Request-Id and code 1 when there is no envelope', () => {
    const failure = failureOf({ status: 502, headers: { 'x-request-id': 'from-header' }, body: undefined });
    expect(failure).toMatchObject({ code: 1, rid: 'from-header', httpStatus: 502 });
    expect(failure.message).toMatch(/HTTP 502/);
  });

  it('return the data of a success envelope', () => {
    expect(unwrapEnvelope({ status: 200, headers: {}, body: { code: 0, data: { a: 1 }, rid: 'r', msg: 'success', ts: 0, success: true } })).toEqual({ a: 1 });
  });
});
