/**
 * GET /v1/openapi.json: the OpenAPI 3.1 description, built by @fastify/swagger from the route
 * schemas. Install it before any other route, so it sees them all.
 */
import swagger from '@fastify/swagger';
import { contract } from '../../../shared/v1/contract/index.ts';
import type { FolioApp } from '../kernel.ts';
import { serve } from '../serve.ts';
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

  serve(app, contract.meta.openapi, () => app.swagger() as unknown as JsonObject);
}
