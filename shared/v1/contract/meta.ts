/** The routes that describe the service: its OpenAPI, and the sign-in's metadata outside /v1, where RFC 8414 puts it. */
import * as Type from 'typebox/type';
import { Health, Readiness } from '../health.ts';
import { AuthorizationServerMetadata } from '../oauth.ts';
import { route } from './route.ts';

const tags = ['meta'];

export const meta = {
  authorizationServer: route({
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    tags,
    summary: 'OAuth 2.0 authorization server metadata (RFC 8414) of the browser sign-in. No token needed, and not enveloped.',
    public: true,
    reply: { kind: 'document', schema: AuthorizationServerMetadata },
  }),
  healthz: route({
    method: 'GET',
    path: '/healthz',
    tags,
    summary: 'The process is alive. For a load balancer. No token needed; not enveloped.',
    public: true,
    reply: { kind: 'document', schema: Health },
  }),
  readyz: route({
    method: 'GET',
    path: '/readyz',
    tags,
    summary: 'The node can serve: its database and blob store answer and it is not draining (503 otherwise). For a load balancer. No token needed; not enveloped.',
    public: true,
    reply: { kind: 'document', schema: Readiness, alsoAs: [503] },
  }),
  openapi: route({
    method: 'GET',
    path: '/v1/openapi.json',
    tags,
    summary: 'This OpenAPI 3.1 description. No token needed, and not enveloped.',
    public: true,
    reply: { kind: 'document', schema: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }), description: 'The OpenAPI 3.1 document.', failures: [429] },
  }),
} as const;
