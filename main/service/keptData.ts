/**
 * The success envelope of a route whose data the reply cache hands out (./replyCache.ts): one
 * object serves many requests, so the JSON of its `data` is made once, by the same schema the
 * route's response schema serialises `data` with, and each request writes only the envelope's
 * own fields around it (`ts` and `rid` are the request's). The bytes are those the route's
 * response schema would write for `ok(req, data)`.
 *
 * A remembered reply is never changed once handed out (every request since would have seen the
 * change), so the JSON kept for an object stays its JSON; it goes with the object when the cache
 * lets the object go.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { SUCCESS_MSG } from '../../shared/envelope.ts';
import { envelopeData } from './envelope.ts';

/** What Fastify's serialisation of a JSON reply says it is. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** The envelope's fields after `rid`, the same on every success. */
const SUCCESS_TAIL = `,"msg":${JSON.stringify(SUCCESS_MSG)},"success":true}`;

export class KeptData {
  private readonly schema: Record<string, unknown>;
  private readonly json = new WeakMap<object, string>();

  constructor(data: TSchema) {
    this.schema = { ...envelopeData(data) };
  }

  /** The success envelope around `data`, as a string ready to send. */
  envelope(req: FastifyRequest, reply: FastifyReply, data: object): string {
    let json = this.json.get(data);
    if (json === undefined) {
      // Compiled once per route by Fastify's own serialiser compiler, which keeps it for the route.
      json = reply.compileSerializationSchema(this.schema)(data as Record<string, unknown>);
      this.json.set(data, json);
    }
    // The access line's code: a string skips the preSerialization hook that would read it.
    reply.folioCode = 0;
    void reply.type(JSON_TYPE);
    return `{"code":0,"data":${json},"ts":${Date.now()},"rid":${JSON.stringify(req.id)}${SUCCESS_TAIL}`;
  }
}
