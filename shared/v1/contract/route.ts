/**
 * The shape of one /v1 route in the contract: everything the service registers and the client
 * calls by. The service turns `reply` into its response schemas (main/service/serve.ts); the
 * client checks an envelope's `data` against `reply.data` (main/remote/client.ts).
 */
import type { Static, TSchema } from 'typebox';

export type Method = 'GET' | 'POST';

/** What a route answers with when it succeeds. */
export type Reply =
  /** The spec's envelope around `data`; `failures` adds HTTP statuses beyond the ones every route may answer. */
  | { readonly kind: 'envelope'; readonly data: TSchema; readonly failures?: readonly number[] }
  /** A file's bytes, honouring a single Range; failures stay enveloped. `headers`: what else a success may carry. */
  | { readonly kind: 'bytes'; readonly headers?: Readonly<Record<string, TSchema>> }
  /** An HTML page for a person (the browser sign-in), or a redirect. */
  | { readonly kind: 'page' }
  /** A JSON document that is not enveloped (metadata a standard fixes). */
  | {
      readonly kind: 'document';
      readonly schema: TSchema;
      readonly description?: string;
      readonly failures?: readonly number[];
      /** Statuses besides 200 that answer the same document (a probe's 503). */
      readonly alsoAs?: readonly number[];
    };

export interface Route {
  readonly method: Method;
  readonly path: `/${string}`;
  readonly tags: readonly string[];
  readonly summary: string;
  /** Only where the derived one (the path in camelCase) would clash. */
  readonly operationId?: string;
  /** Callable without a bearer token. */
  readonly public?: boolean;
  readonly body?: TSchema;
  readonly querystring?: TSchema;
  readonly headers?: TSchema;
  /** Media types of the body other than JSON: application/octet-stream for the byte uploads. */
  readonly consumes?: readonly string[];
  readonly reply: Reply;
}

/** A route answered in the envelope: the ones a client calls and checks. */
export type EnvelopeRoute = Route & { readonly reply: { readonly kind: 'envelope' } };

/** Keeps each entry's own schemas in its type, so handlers and callers are typed from them. */
export const route = <const R extends Route>(r: R): R => r;

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

export type BodyOf<R extends Route> = StaticOr<R['body'], unknown>;
export type QueryOf<R extends Route> = StaticOr<R['querystring'], unknown>;
export type HeadersOf<R extends Route> = StaticOr<R['headers'], unknown>;

/** The envelope's `data` of a route, or the document it answers. */
export type DataOf<R extends Route> = R['reply'] extends { readonly kind: 'envelope'; readonly data: infer D }
  ? StaticOr<D, never>
  : R['reply'] extends { readonly kind: 'document'; readonly schema: infer S }
    ? StaticOr<S, never>
    : never;

/** The key "METHOD /path" of a route, as a server sees a request. */
export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${r.path}`;
}
