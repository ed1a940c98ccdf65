/**
 * Registers a route of the /v1 contract (shared/v1/contract) with its handler: the method, path
 * and schemas come from the contract entry, so a route file names only what serves it. The
 * handler's request is typed from the entry's schemas, and what it returns is checked against
 * the entry's reply: the envelope's data, or a reply it sent itself (bytes, a page).
 */
import type { FastifyReply, FastifyRequest, FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import type { TSchema } from 'typebox';
import type { BodyOf, DataOf, HeadersOf, QueryOf, Route } from '../../shared/v1/contract/index.ts';
import type { Reply } from '../../shared/v1/contract/route.ts';
import type { FolioApp } from './kernel.ts';
import { byteReplies, ErrorEnvelope, ok, pageReplies, replies } from './envelope.ts';
import { KeptData } from './keptData.ts';

export type RequestOf<R extends Route> = FastifyRequest<{ Body: BodyOf<R>; Querystring: QueryOf<R>; Headers: HeadersOf<R> }>;

/** What a handler gives back: the data of a JSON reply, or the reply it sent itself. */
type AnswerOf<R extends Route> = R['reply'] extends { readonly kind: 'envelope' | 'document' } ? DataOf<R> : FastifyReply;

export type HandlerOf<R extends Route> = (req: RequestOf<R>, reply: FastifyReply) => AnswerOf<R> | Promise<AnswerOf<R>>;

export interface ServeOptions {
  /** The route brings bytes in: background jobs make way while they come (./foreground.ts). */
  bulkWrite?: boolean;
  /** Runs before any parser touches the body. */
  onRequest?: onRequestAsyncHookHandler;
  bodyLimit?: number;
  /** A load balancer's probe: not rate limited, logged at debug (./health/routes.ts). */
  probe?: boolean;
  /** The handler's data comes from the reply cache: its JSON is kept with it (./keptData.ts). */
  remembered?: boolean;
}

export function serve<R extends Route>(app: FolioApp, route: R, handler: HandlerOf<R>): void;
export function serve<R extends Route>(app: FolioApp, route: R, options: ServeOptions, handler: HandlerOf<R>): void;
export function serve<R extends Route>(app: FolioApp, route: R, ...rest: [HandlerOf<R>] | [ServeOptions, HandlerOf<R>]): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const config = { ...(route.public ? { public: true } : {}), ...(options.bulkWrite ? { bulkWrite: true } : {}), ...(options.probe ? { probe: true } : {}) };
  // The contract types the request; Fastify's own handler type knows only its generic shape.
  const typed = handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  app.route({
    method: route.method,
    url: route.path,
    ...(Object.keys(config).length > 0 ? { config } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    schema: schemaOf(route),
    handler: handlerOf(route.reply, options, typed),
  });
}

/** What Fastify runs: the handler, whose data an envelope route wraps in the envelope. */
function handlerOf(reply: Reply, options: ServeOptions, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  if (reply.kind !== 'envelope') return async (req: FastifyRequest, res: FastifyReply) => handler(req, res);
  if (options.remembered) return keptEnvelope(handler, reply.data);
  return async (req: FastifyRequest, res: FastifyReply) => ok(req, await handler(req, res));
}

function keptEnvelope(handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>, data: TSchema) {
  const kept = new KeptData(data);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const answer = await handler(req, reply);
    return typeof answer === 'object' && answer !== null ? kept.envelope(req, reply, answer) : ok(req, answer);
  };
}

/** The Fastify schema of a contract entry: what validates the request, serialises the reply, and @fastify/swagger describes. */
function schemaOf(route: Route): FastifySchema {
  return {
    ...(route.operationId ? { operationId: route.operationId } : {}),
    tags: [...route.tags],
    summary: route.summary,
    ...(route.public ? { security: [] } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.headers ? { headers: route.headers } : {}),
    ...(route.consumes ? { consumes: [...route.consumes] } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.reply.kind === 'page' ? { produces: ['text/html'] } : {}),
    response: responsesOf(route.reply),
  };
}

function responsesOf(reply: Reply): Record<number, unknown> {
  switch (reply.kind) {
    case 'envelope':
      return { ...replies(reply.data), ...failures(reply.failures) };
    case 'document':
      return {
        200: documentReply(reply.schema, reply.description),
        ...Object.fromEntries((reply.alsoAs ?? []).map((status) => [status, documentReply(reply.schema, reply.description)])),
        ...failures(reply.failures),
      };
    case 'bytes':
      return byteReplies(reply.headers);
    case 'page':
      return pageReplies();
  }
}

function documentReply(schema: TSchema, description: string | undefined): unknown {
  return description === undefined ? schema : { description, content: { 'application/json': { schema } } };
}

function failures(statuses: readonly number[] = []): Record<number, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
}
