/**
 * What each operation of the description gets from its route, beyond what @fastify/swagger reads
 * from the route schema: a stable operationId, and the raw-bytes request body of the upload routes.
 */
import type { SwaggerTransform } from '@fastify/swagger';

/**
 * `POST /v1/versions/upload` is `versionsUpload`, `POST /v1/share-grants/update` is
 * `shareGrantsUpdate`: the path after /v1 in camelCase, which the one-route-per-path style keeps
 * unique. The HEAD twin of a GET gets `Head` at the end.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url.replace(/^\/v1\//, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return method.toUpperCase() === 'HEAD' ? `${id}Head` : id;
}

/** An upload route declares `consumes: application/octet-stream` and reads the body as a stream, so its schema has no `body`. */
const RAW_BYTES = { type: 'string', format: 'binary', description: "The file's bytes, as they are." };

export const describeOperation: SwaggerTransform = ({ schema, url, route }) => {
  const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
  const takesBytes = schema?.consumes?.includes('application/octet-stream') === true && schema.body === undefined;
  return {
    url,
    schema: { ...schema, operationId: operationIdOf(method, url), ...(takesBytes ? { body: RAW_BYTES } : {}) },
  };
};
