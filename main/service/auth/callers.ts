/**
 * The caller of each request, read with one statement a request (`Database.marks`): the tokens'
 * generation, under which the token memory keeps the tokens it found, and the replies' generation,
 * under which the clients of the callers are kept here (every write to `api_clients`, by any
 * process, moves it: migration 0019). A request's rate-limit key and its caller share the lookup of
 * its bearer token: one hash, one look at the memory.
 */
import type { FastifyRequest } from 'fastify';
import type { Marks, Repos } from '../../store/repositories.ts';
import type { ClientRecord } from '../../store/repos/identityRecords.ts';
import type { TokenRecord } from '../../store/repos/tokenRecords.ts';
import type { RequestContext } from '../context.ts';
import { hashToken } from './credentials.ts';
import { resolveCaller, type CallerLookups, type ChannelHeaders } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's lookups of tokens and clients, made at its first (`Callers.of`). */
    folioLookups: RequestLookups | null;
  }
}

/** Clients kept at most; past it the memory starts again. */
const KNOWN_CLIENTS = 10_000;

export class Callers {
  private readonly clients = new Map<string, ClientRecord | undefined>();
  private clientsAt: string | undefined;

  constructor(private readonly repos: Repos<'identity' | 'tokens'>) {}

  /** The request's lookups: the database's marks are read at the first call for a request, once. */
  of(req: FastifyRequest): RequestLookups {
    req.folioLookups ??= new RequestLookups(this, this.repos, this.repos.marks());
    return req.folioLookups;
  }

  /** The caller of `req`, from its headers (spec §5). */
  resolve(req: FastifyRequest, h: ChannelHeaders): Promise<RequestContext> {
    return resolveCaller(this.repos, h, this.of(req));
  }

  /** The client `clientId`, kept while the replies' generation stays `at`; undefined `at` reads it. */
  async client(clientId: string, at: string | undefined): Promise<ClientRecord | undefined> {
    if (at === undefined) return this.repos.identity.getClient(clientId);
    if (at !== this.clientsAt || this.clients.size >= KNOWN_CLIENTS) {
      this.clients.clear();
      this.clientsAt = at;
    }
    if (this.clients.has(clientId)) return this.clients.get(clientId);
    const client = await this.repos.identity.getClient(clientId);
    // Not once a request has seen a newer generation: the client may have changed since it was read.
    if (at === this.clientsAt) this.clients.set(clientId, client);
    return client;
  }
}

/** One request's lookups, all at the marks it read when it first needed them. */
export class RequestLookups implements CallerLookups {
  private bearer: { token: string; record: Promise<TokenRecord | undefined> } | undefined;

  constructor(
    private readonly callers: Callers,
    private readonly repos: Repos<'tokens'>,
    private readonly marks: Marks,
  ) {}

  token(token: string): Promise<TokenRecord | undefined> {
    if (this.bearer?.token === token) return this.bearer.record;
    const record = this.repos.tokens.find(hashToken(token), this.marks.tokens);
    this.bearer ??= { token, record };
    return record;
  }

  client(clientId: string): Promise<ClientRecord | undefined> {
    return this.callers.client(clientId, this.marks.replies);
  }
}
