/**
 * GET /v1/openapi.json: the OpenAPI 3.1 description, built by @fastify/swagger from the route
 * schemas. Install it before any other route, so it sees them all.
 */
import swagger from '@fastify/swagger';
import type { FolioApp } from '../kernel.ts';
import { ErrorEnvelope } from '../envelope.ts';
import { securitySchemes, type JsonObject } from './components.ts';
import { finishDocument } from './document.ts';
import { sharedSchemas } from './namedSchemas.ts';
import { describeOperation } from './operations.ts';

export async function openApiRoutes(app: FolioApp): Promise<void> {
  await app.register(swagger, {
    exposeHeadRoutes: true,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Folio Service',
        version: '1.0.0',
        description: 'The /v1 document-management interface. docs/api.md records the decisions behind it and the error codes.',
        license: { name: 'Proprietary (UNLICENSED)' },
      },
      // The shared shapes go in as components so that @fastify/swagger writes them exactly as it
      // writes the route schemas; finishDocument then matches the two.
      components: { securitySchemes, schemas: sharedSchemas() as Record<string, JsonObject> },
      security: [{ bearer: [] }],
    },
    transform: describeOperation,
    transformObject: (built) => ('openapiObject' in built ? finishDocument(built.openapiObject as JsonObject) : built.swaggerObject),
  });

  app.get('/v1/openapi.json', {
    config: { public: true },
    schema: {
      tags: ['meta'],
      summary: 'This OpenAPI 3.1 description. No token needed, and not enveloped.',
      security: [],
      response: {
        200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } },
        429: ErrorEnvelope,
      },
    },
  }, async () => app.swagger() as unknown as JsonObject);
}
