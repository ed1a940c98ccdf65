/** `req.log` (main/service/requestLogger.ts): a request's own logger, made on its first line, writing what a pino child writes. */
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTION } from '../../../main/platform/log/redaction.ts';
import { lazyChildLogger } from '../../../main/service/requestLogger.ts';

describe('the request logger', () => {
  it("is made only for a request that writes a line, and writes the child's line: its rid bound, its secrets redacted, below its level nothing", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    let children = 0;
    const logger = pino({ name: 'folio-serve', level: 'info', ...REDACTION, onChild: () => void children++ }, stream);
    const app = Fastify({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'rid' }),
      childLoggerFactory: lazyChildLogger,
      genReqId: () => `rid-${lines.length}`,
    });
    app.get('/quiet', async (req) => ({ level: req.log.level }));
    app.get('/logs', async (req) => {
      req.log.debug('below the level');
      req.log.warn({ authorization: 'Bearer top-secret-1' }, 'refused');
      req.log.child({ part: 'hash' }).info('nested');
      return { rid: req.id };
    });
    await app.ready();
    // Fastify's own children (its plugins'), made before any request.
    const ownChildren = children;
    try {
      const quiet = await app.inject({ method: 'GET', url: '/quiet' });
      expect(quiet.json()).toEqual({ level: 'info' });
      expect(children).toBe(ownChildren);
      expect(lines).toEqual([]);

      const { rid } = (await app.inject({ method: 'GET', url: '/logs' })).json<{ rid: string }>();
      expect(children).toBeGreaterThan(ownChildren);
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, name: 'folio-serve', rid, authorization: '[Redacted]', msg: 'refused' }),
        expect.objectContaining({ level: 30, rid, part: 'hash', msg: 'nested' }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('top-secret');
    } finally {
      await app.close();
    }
  });
});
