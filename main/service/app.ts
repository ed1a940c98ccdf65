/**
 * The root of the /v1 service: builds it as a Fastify instance from its areas. Every response is
 * the spec's envelope with X-Request-Id = rid; errors never carry stack traces. What the areas
 * share is in ./kernel.ts; nothing but the service's callers imports this file.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex, Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { ErrorCodes, errorValue, type FolioErrorValue } from '../../shared/errors.ts';
import { shapedLogger, stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { Store } from '../store/index.ts';
import type { Leadership } from '../store/leadership.ts';
import { aclRoutes } from './acl/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { oauthRoutes } from './auth/oauthRoutes.ts';
import { Callers } from './auth/callers.ts';
import { backgroundJobs } from './backgroundJobs.ts';
import { BulkWrites, trackBulkWrites } from './foreground.ts';
import { changeRoutes } from './changes/routes.ts';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.ts';
import { containerRoutes } from './containers/routes.ts';
import { contentTypeRoutes } from './contentTypes/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { failure } from './envelope.ts';
import { orgRoutes } from './org/routes.ts';
import { ServiceError } from './errors.ts';
import { fieldRoutes } from './fields/routes.ts';
import { formRoutes } from './forms/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { shareRoutes } from './shares/routes.ts';
import { renditionRoutes } from './renditions/routes.ts';
import { textRoutes } from './text/routes.ts';
import { versionRoutes } from './versions/routes.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import type { FolioApp } from './kernel.ts';
import { installLingeringClose } from './limits/lingeringClose.ts';
import { installRateLimit } from './limits/rateLimit.ts';
import { installAccessLog } from './accessLog.ts';
import { lazyChildLogger } from './requestLogger.ts';
import { healthRoutes } from './health/routes.ts';
import { Lifecycle } from './health/lifecycle.ts';
import { buildServices, serviceDeps } from './services.ts';
import { limitRoutes } from './limits/routes.ts';
import { takeBackLeases } from './takeBackLeases.ts';

export interface BuildOptions {
  /** Text extraction and other queued jobs; off for the desktop's mirror, which does not hold every version's bytes. */
  backgroundJobs?: boolean;
  config?: Partial<ServiceConfig>;
  /** Draining after SIGTERM, told to the balancer through /readyz; by default never draining. */
  lifecycle?: Lifecycle;
  /** Whether this process runs the work that must happen once; by default it is the only process on its store. */
  leadership?: Leadership;
  /** Where access lines and failures go (`folio serve --log-level/--log-file`); by default errors only, to stderr. */
  log?: Logger;
}

export async function buildApp(store: Store, opts: BuildOptions = {}): Promise<FolioApp> {
  const config: ServiceConfig = { ...DEFAULT_CONFIG, ...opts.config };
  const serviceLog: Logger = opts.log ?? stderrLogger('error');
  const deps = serviceDeps(store, config, opts.leadership, serviceLog);
  // The only process on its store (SOLE_NODE): every lease left is of a process that ended.
  if (!opts.leadership) await takeBackLeases(store.units);
  const log: FastifyBaseLogger = serviceLog;
  const app = Fastify({
    loggerInstance: log,
    // Fastify's own two lines per request give way to the one access line of ./accessLog.ts.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'rid' }),
    childLoggerFactory: lazyChildLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.jsonBodyLimit,
    // Node's default would cut off a 1 GiB chunked upload on a slow link.
    requestTimeout: 0,
    // A URL the router cannot decode never reaches a route or a hook; it still gets the envelope.
    clientErrorHandler: answerClientError(log),
    frameworkErrors: (_err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const value = errorValue('VALIDATION', 'the request URL is not valid percent-encoding', { field: 'url' });
      void reply.code(ErrorCodes.VALIDATION.http).header('X-Request-Id', req.id).type('application/json').send(failure(req.id, value));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidation(app);
  installAccessLog(app, shapedLogger(serviceLog));
  installLingeringClose(app);
  const callers = new Callers(store);
  app.decorateRequest('folioLookups', null);
  await installRateLimit(app, store, callers, config.rateLimit);
  installEnvelope(app, callers);

  // JSON routes speak JSON only: Fastify's text/plain parser would hand them a string to validate.
  app.removeContentTypeParser('text/plain');
  // Raw bytes (uploads) reach the handler as a stream; the handler enforces its own size limit.
  // Only routes that declare octet-stream take them; elsewhere they are the wrong media type.
  app.addContentTypeParser('application/octet-stream', (req: FastifyRequest, payload: Readable, done: (e: Error | null, b?: Readable) => void) => {
    if (!req.routeOptions.schema?.consumes?.includes('application/octet-stream')) return done(new ServiceError(errorValue('UNSUPPORTED_MEDIA_TYPE')));
    done(null, payload);
  });

  const bulkWrites = new BulkWrites();
  trackBulkWrites(app, bulkWrites);
  const services = buildServices(deps);
  await openApiRoutes(app);
  authRoutes(app, deps);
  oauthRoutes(app, deps);
  containerRoutes(app, services);
  documentRoutes(app, services);
  versionRoutes(app, deps, services);
  changeRoutes(app, services);
  contentTypeRoutes(app, services);
  fieldRoutes(app, services);
  formRoutes(app, deps, services);
  ingestRoutes(app, services);
  taskRoutes(app, services);
  webhookRoutes(app, services);
  aclRoutes(app, services);
  shareRoutes(app, deps, services);
  orgRoutes(app, deps, services);
  textRoutes(app, services);
  searchRoutes(app, services);
  renditionRoutes(app, deps, services);
  limitRoutes(app, deps);
  healthRoutes(app, deps, opts.lifecycle ?? new Lifecycle());
  if (opts.backgroundJobs !== false) backgroundJobs(app, deps, bulkWrites);
  return app;
}

/**
 * Errors Node's HTTP parser raises before any route runs (a broken Content-Length, headers over
 * the limit) still get the envelope, with a fresh request id, and an access line of their own:
 * no hook of Fastify's sees them.
 */
function answerClientError(log: FastifyBaseLogger): (err: NodeJS.ErrnoException, socket: Duplex) => void {
  return (err, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return;
    const rid = randomUUID();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const value = tooLarge ? errorValue('PAYLOAD_TOO_LARGE', 'request headers too large') : errorValue('VALIDATION', 'malformed HTTP request');
    const status = tooLarge ? 431 : 400;
    log.info({ rid, status, code: value.code, parserError: err.code }, 'request refused before parsing');
    const body = JSON.stringify(failure(rid, value));
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\nX-Request-Id: ${rid}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/**
 * Bodies are validated strictly: a number where a string belongs is an error, not a coercion.
 * Query strings arrive as text, so they are coerced to the declared types.
 */
function installValidation(app: FolioApp): void {
  const strict = addFormats.default(new Ajv.default({ coerceTypes: false, useDefaults: true, removeAdditional: true, allErrors: false, strict: false }));
  const lenient = addFormats.default(new Ajv.default({ coerceTypes: true, useDefaults: true, removeAdditional: true, allErrors: false, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : lenient).compile(schema));
}

function installEnvelope(app: FolioApp, callers: Callers): void {
  app.decorateRequest('folioCtx', null);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    // Fastify builds a new object at each read of routeOptions.
    const route = req.routeOptions;
    if (route.url === undefined || route.config.public) return;
    req.folioCtx = await callers.resolve(req, {
      authorization: req.headers.authorization,
      userToken: header(req, 'x-svc-user-token'),
      actAsSource: header(req, 'x-svc-act-as-source'),
      actAsSourceId: header(req, 'x-svc-act-as-source-id'),
    });
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const value = toErrorValue(err);
    if (value.code === 1) req.log.error({ err, code: value.code, method: req.method, url: req.url }, 'internal error');
    const status = ErrorCodes[value.name].http;
    void reply.code(status).type('application/json').send(failure(req.id, value));
  });

  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send(failure(req.id, errorValue('NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}`)));
  });
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Maps whatever was thrown to a code of our table; anything unexpected becomes the fallback code 1. */
function toErrorValue(err: FastifyError): FolioErrorValue {
  if (err instanceof ServiceError) return err.value;
  if (err.validation) {
    const first = err.validation[0];
    const where = err.validationContext ?? 'request';
    const path = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
    const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
    const field = [path, missing].filter(Boolean).join('.');
    return errorValue('VALIDATION', `${where}${field ? `.${field}` : ''} ${first?.message ?? 'is invalid'}`, { field: field || where });
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errorValue('MALFORMED_JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorValue('VALIDATION', 'request body is empty');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorValue('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errorValue('UNSUPPORTED_MEDIA_TYPE');
    default:
      break;
  }
  if (err instanceof SyntaxError) return errorValue('MALFORMED_JSON');
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return errorValue('VALIDATION', err.message);
  }
  return errorValue('INTERNAL');
}
