/**
 * The reusable parts of the OpenAPI description: the envelope, the failure answers by HTTP status,
 * the user-channel headers, the bearer scheme and the resource areas (tags). Operations point at
 * them with `$ref`, so each is written once.
 */
import { STATUS_CODES } from 'node:http';
import { ErrorCodes, type ErrorName } from '../../../shared/errors.ts';

export type JsonObject = Record<string, unknown>;

export const SCHEMAS = '#/components/schemas/';
export const RESPONSES = '#/components/responses/';
export const PARAMETERS = '#/components/parameters/';

/** What the spec's §7 codes share: they are failures, yet come with HTTP 200. */
const HTTP_200_FAILURES = codesWithStatus(200);

export const envelopeSchemas: Record<'Envelope' | 'ErrorEnvelope', JsonObject> = {
  Envelope: {
    type: 'object',
    description:
      'The envelope of spec §1, around every JSON answer. On success code is 0, msg is `success` and data holds the result. ' +
      `On failure code names the error, msg says it for people and data is null; the failures of spec §7 (${HTTP_200_FAILURES}) come with HTTP 200.`,
    required: ['code', 'data', 'ts', 'rid', 'msg', 'success'],
    properties: {
      code: { type: 'integer', description: '0 on success, else a business code (see docs/api.md, error codes).' },
      data: { description: "The operation's result; null on failure." },
      ts: { type: 'integer', description: 'Server time in milliseconds since the Unix epoch.' },
      rid: { type: 'string', description: 'The request id, also sent as the X-Request-Id header.' },
      msg: { type: 'string' },
      success: { type: 'boolean' },
    },
  },
  ErrorEnvelope: {
    description: 'The envelope of a failure: data is null.',
    allOf: [{ $ref: `${SCHEMAS}Envelope` }, { type: 'object', required: ['data'], properties: { data: { type: 'null' } } }],
  },
};

/** A success answer: the envelope whose data is `data`, or null when it carries a spec §7 failure. */
export function envelopeAround(data: JsonObject): JsonObject {
  return { allOf: [{ $ref: `${SCHEMAS}Envelope` }, { type: 'object', required: ['data'], properties: { data: { anyOf: [data, { type: 'null' }] } } }] };
}

export const SUCCESS_DESCRIPTION = 'The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope).';

/** The name of the reusable failure answer for an HTTP status: its reason phrase, e.g. `PayloadTooLarge`. */
export function errorResponseName(status: number): string {
  return (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z ]/g, '').replace(/(?:^| )(\w)/g, (_m, c: string) => c.toUpperCase());
}

/** The failure answers, one per HTTP status of the error table, each listing the codes it carries. */
export function errorResponses(): Record<string, JsonObject> {
  const statuses = [...new Set(Object.values(ErrorCodes).map((e) => e.http))].filter((s) => s !== 200).sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      errorResponseName(status),
      {
        description: `${status} ${STATUS_CODES[status] ?? ''}: the envelope with data null and one of ${codesWithStatus(status)}.`,
        content: { 'application/json': { schema: { $ref: `${SCHEMAS}ErrorEnvelope` } } },
      },
    ]),
  );
}

function codesWithStatus(status: number): string {
  return (Object.keys(ErrorCodes) as ErrorName[])
    .filter((name) => ErrorCodes[name].http === status)
    .map((name) => `${ErrorCodes[name].code} ${name}`)
    .join(', ');
}

/** Spec §4's optional headers: the user channels of spec §5. Every authenticated operation takes them. */
export const userChannelParameters: Record<string, JsonObject> = {
  UserToken: {
    name: 'X-Svc-User-Token',
    in: 'header',
    required: false,
    description: 'Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008).',
    schema: { type: 'string' },
  },
  ActAsSource: {
    name: 'X-Svc-Act-As-Source',
    in: 'header',
    required: false,
    description: 'Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed.',
    schema: { type: 'string' },
  },
  ActAsSourceId: {
    name: 'X-Svc-Act-As-Source-Id',
    in: 'header',
    required: false,
    description: "Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009).",
    schema: { type: 'string' },
  },
};

export const securitySchemes = {
  bearer: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'opaque',
    description: 'The accessToken of POST /v1/auth/token (or /v1/auth/refresh), sent as `Authorization: Bearer <token>`.',
  },
};

/** One tag per resource area, in the order a reader meets them. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  meta: 'This description.',
  auth: 'Access tokens for API clients (client credentials), refresh, and user sessions for the strong user channel.',
  containers: 'Folders: the tree, recycle bin, and the form schema of a container.',
  documents: 'Documents in containers, and their recycle bin.',
  versions: 'File content: direct and chunked upload, version history, download with Range, and extracted text.',
  changes: 'The change feed that sync clients poll.',
  contentTypes: 'Container and document types, with capabilities and inheritance.',
  fieldDefinitions: 'Metadata field definitions.',
  termSets: 'Term sets: the allowed values of choice fields.',
  templates: 'Field templates attached to content types.',
  ingest: 'Fetching a public URL into a new version.',
  tasks: 'Background tasks, such as an asynchronous ingest.',
  webhooks: 'Webhook subscriptions and their deliveries.',
  acl: 'Access control: entries, inheritance and policies.',
  'share-grants': 'Sharing a resource with a user, department or role.',
  departments: 'Departments and their members.',
  roles: 'Business roles and their members.',
  directory: 'Finding users, departments and roles of the tenant by name, for people pickers.',
  renditions: 'Previews and other renditions of a version, and signed direct-read URLs.',
  search: 'Full-text search over the names and the extracted or OCR text of current versions.',
  limits: 'Storage usage of the tenant.',
};
