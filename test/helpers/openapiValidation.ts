/**
 * Checks real responses against the OpenAPI description that the server serves: the status must
 * be documented for the operation, the media type too, a JSON body must match its schema (Ajv,
 * JSON Schema 2020-12 as OpenAPI 3.1 has it, every `$ref` resolved in the document), and the
 * documented headers must be there. As openapi-fetch middleware, it sees every call of a client.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';

interface ResponseObject {
  $ref?: string;
  headers?: Record<string, { schema?: Record<string, unknown> }>;
  content?: Record<string, { schema?: unknown }>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, Record<string, unknown>>;
}

const DOC_ID = 'openapi.json';
/** Routes that answer with a file's bytes describe them as application/octet-stream, standing for any type. */
const ANY_BYTES = 'application/octet-stream';

function pointer(...parts: string[]): string {
  return '#/' + parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

export class ResponseValidator {
  /** What did not match, one line each; a test expects it to stay empty. */
  readonly problems: string[] = [];
  /** How many responses were checked, so a test can tell the check ran. */
  checked = 0;
  private readonly ajv = new Ajv2020.default({ strict: false, allErrors: true });

  constructor(private readonly doc: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  readonly middleware: Middleware = {
    onResponse: async ({ request, response, schemaPath }) => {
      await this.check(request.method, schemaPath, response);
      return undefined;
    },
  };

  async check(method: string, path: string, response: Response): Promise<void> {
    this.checked++;
    const where = `${method} ${path} ${response.status}`;
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) return void this.problems.push(`${where}: no such operation in the description`);
    const status = String(response.status);
    const documented = op.responses?.[status];
    if (!documented) return void this.problems.push(`${where}: status not documented`);
    const [answer, answerPointer] = documented.$ref
      ? [this.resolve(documented.$ref) as ResponseObject, documented.$ref]
      : [documented, pointer('paths', path, method.toLowerCase(), 'responses', status)];
    for (const [name, header] of Object.entries(answer.headers ?? {})) {
      // A header sent only sometimes says so in its schema (x-optional).
      if (!response.headers.has(name) && header.schema?.['x-optional'] !== true) this.problems.push(`${where}: header ${name} missing`);
    }
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    const media = answer.content?.[type] ? type : answer.content?.[ANY_BYTES] && type !== 'application/json' ? ANY_BYTES : undefined;
    if (media === undefined) return void this.problems.push(`${where}: media type ${type || '(none)'} not documented`);
    if (media !== 'application/json') return;
    const validate = this.ajv.getSchema(`${DOC_ID}${answerPointer}/content/${pointer(media).slice(2)}/schema`);
    if (!validate) return void this.problems.push(`${where}: cannot compile the schema`);
    const body: unknown = await response.clone().json();
    if (!validate(body)) this.problems.push(`${where}: ${this.ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
  }

  private resolve(ref: string): unknown {
    let at: unknown = this.doc;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    return at;
  }
}
