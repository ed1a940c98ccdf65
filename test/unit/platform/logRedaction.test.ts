/** What the shared logger keeps out of every Folio log: credentials in headers and bodies, and URL signatures. */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { folioLogger, isoTime, shapedLogger } from '../../../main/platform/log/logger.ts';
import { REDACTED, redactUrl } from '../../../main/platform/log/redaction.ts';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('the shared logger', () => {
  it('redacts credential headers and body fields, at the top and one level down', () => {
    const { lines, stream } = capture();
    const log = folioLogger(stream, { name: 't', level: 'info' });
    log.info(
      {
        authorization: 'Bearer top-secret-1',
        req: { headers: { authorization: 'Bearer top-secret-2', 'x-svc-user-token': 'top-secret-3', accept: 'application/json' } },
        body: { clientId: 'cli_1', clientSecret: 'top-secret-4', password: 'top-secret-5', refreshToken: 'top-secret-6' },
        accessToken: 'top-secret-7',
      },
      'x',
    );
    const text = JSON.stringify(lines);
    for (let i = 1; i <= 7; i++) expect(text).not.toContain(`top-secret-${i}`);
    expect(lines[0]).toMatchObject({ req: { headers: { authorization: '[Redacted]', 'x-svc-user-token': '[Redacted]', accept: 'application/json' } }, body: { clientId: 'cli_1' } });
  });

  it('strips signatures and tokens from a logged url, keeping the rest of the query', () => {
    const { lines, stream } = capture();
    folioLogger(stream, { name: 't', level: 'info' }).info({ url: '/v1/renditions/read?tenantId=t1&kind=PREVIEW&expires=99&sig=abcdef' }, 'x');
    expect(lines[0]?.url).toBe('/v1/renditions/read?tenantId=t1&kind=PREVIEW&expires=99&sig=[Redacted]');
  });

  it("writes a shaped logger's lines to its base's stream, with its name, level and time, and the url stripped", () => {
    const { lines, stream } = capture();
    const base = folioLogger(stream, { name: 'folio-serve', level: 'info' });
    const shaped = shapedLogger(base);
    base.info({ authorization: 'Bearer top-secret-1' }, 'first');
    shaped.debug({ rid: 'r0' }, 'below the level');
    shaped.info({ rid: 'r1', url: '/v1/x?sig=top-secret-2&a=1', status: 200 }, 'request');
    expect(JSON.stringify(lines)).not.toContain('top-secret');
    expect(lines.map((l) => l.msg)).toEqual(['first', 'request']);
    expect(lines[1]).toMatchObject({ level: 30, name: 'folio-serve', pid: process.pid, rid: 'r1', url: '/v1/x?sig=[Redacted]&a=1', status: 200 });
    expect(Date.parse(String(lines[1]?.time))).not.toBeNaN();
  });

  it("writes each line's time as pino's isoTime would, the clock's millisecond in ISO 8601", () => {
    // Across a few of the clock's milliseconds, so that a time kept past its millisecond shows.
    const start = Date.now();
    while (Date.now() < start + 5) {
      const before = Date.now();
      const time = (JSON.parse(`{${isoTime().slice(1)}}`) as { time: string }).time;
      const after = Date.now();
      expect(time).toBe(new Date(Date.parse(time)).toISOString());
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(time)).toBeLessThanOrEqual(after);
    }
  });

  it.each([
    ['/v1/containers/get?containerId=c1', '/v1/containers/get?containerId=c1'],
    ['/v1/x', '/v1/x'],
    ['/v1/x?Signature=s&a=1', '/v1/x?Signature=[Redacted]&a=1'],
    ['/v1/x?access_token=t&token=u', '/v1/x?access_token=[Redacted]&token=[Redacted]'],
    ['/v1/x?%73ig=s', '/v1/x?%73ig=[Redacted]'],
    ['/v1/x?sig', '/v1/x?sig=[Redacted]'],
  ])('redactUrl(%s) is %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('redacts every parameter that decodes to a credential name, whatever else the query holds', () => {
    const secretName = fc
      .tuple(fc.constantFrom('sig', 'signature', 'token', 'access_token', 'accesstoken'), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
      .map(([name, upper, escaped]) =>
        [...name].map((c, i) => (escaped[i] ? `%${c.charCodeAt(0).toString(16)}` : upper[i] ? c.toUpperCase() : c)).join(''),
      );
    const otherName = fc.stringMatching(/^[A-Za-z0-9_.~-]{1,8}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9_.~%+-]{0,10}$/);
    const param = fc.tuple(fc.oneof(secretName, otherName), fc.option(value, { nil: undefined }));
    fc.assert(
      fc.property(fc.array(param, { minLength: 1, maxLength: 6 }), (params) => {
        const query = params.map(([name, v]) => (v === undefined ? name : `${name}=${v}`)).join('&');
        const logged = redactUrl(`/v1/x?${query}`).slice('/v1/x?'.length).split('&');
        params.forEach(([name], i) => {
          const secret = ['sig', 'signature', 'token', 'access_token', 'accesstoken'].includes(decodeURIComponent(name).toLowerCase());
          expect(logged[i]).toBe(secret ? `${name}=${REDACTED}` : params[i]?.[1] === undefined ? name : `${name}=${params[i]?.[1] ?? ''}`);
        });
      }),
    );
  });
});
