/**
 * One access line per request, written when the response is done: who called (tenant, client),
 * what (method, route, URL with signatures stripped), and how it went (status, the envelope's
 * business code, duration, bytes). Bodies are never logged. Failures of the server (5xx) log at
 * error level, everything else at info, so `--log-level warn` keeps only what needs a look.
 *
 * The line has a closed shape with no secret in it, so it goes through a logger without the
 * redaction (`shapedLogger`), which would cost more than the rest of a small read's logging.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../platform/log/logger.ts';
import type { FolioApp } from './kernel.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The business code of the envelope sent, or null when the body was not an envelope (a download). */
    folioCode: number | null;
  }
}

interface AccessLine {
  rid: string;
  tenant?: string;
  client?: string;
  ip: string;
  method: string;
  route?: string;
  url: string;
  status: number;
  code?: number;
  /** Milliseconds from the request's arrival to the end of the response. */
  duration: number;
  /** The response's Content-Length, when it has one. */
  bytes?: number;
}

/** `log` is a `shapedLogger`: every field of the line is one of AccessLine's. */
export function installAccessLog(app: FolioApp, log: Logger): void {
  app.decorateReply('folioCode', null);
  // Every envelope passes here as an object, whichever route or handler sent it.
  app.addHook('preSerialization', (_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (isEnvelope(payload)) reply.folioCode = payload.code;
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    // Fastify builds a new object at each read of routeOptions.
    const route = req.routeOptions;
    const line = accessLine(req, reply, route.url);
    if (route.config.probe) log.debug(line, 'probe');
    else if (reply.statusCode >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
    done();
  });
}

function accessLine(req: FastifyRequest, reply: FastifyReply, route: string | undefined): AccessLine {
  const ctx = req.folioCtx;
  const length = Number(reply.getHeader('content-length'));
  return {
    rid: req.id,
    ...(ctx ? { tenant: ctx.tenantId, client: ctx.clientId } : {}),
    ip: req.ip,
    method: req.method,
    ...(route !== undefined ? { route } : {}),
    url: req.url,
    status: reply.statusCode,
    ...(reply.folioCode !== null ? { code: reply.folioCode } : {}),
    duration: Math.round(reply.elapsedTime * 10) / 10,
    ...(Number.isFinite(length) ? { bytes: length } : {}),
  };
}

function isEnvelope(payload: unknown): payload is { code: number } {
  return typeof payload === 'object' && payload !== null && typeof (payload as { code?: unknown }).code === 'number' && 'success' in payload;
}
