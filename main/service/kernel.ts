/**
 * What every part of the service shares: the Fastify instance's type, the dependencies each
 * area is built with, and the caller of a request. Apart from the root (./app.ts) that assembles
 * the service, so the areas import this and the root imports the areas, never the other way.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { errorValue } from '../../shared/errors.ts';
import type { NodeLease } from '../jobs/nodeLease.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Leadership } from '../store/leadership.ts';
import type { Repos, Repositories } from '../store/repositories.ts';
import type { Access } from './access.ts';
import type { ServiceConfig } from './config.ts';
import type { RequestContext } from './context.ts';
import { ServiceError } from './errors.ts';
import type { EventBus } from './events.ts';

export type FolioApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * What an area is built with: the repositories it names (R) and the kernel's pieces. Never the
 * whole store: the root (./services.ts) hands each area its repositories, and lint keeps the store
 * itself out of the areas (docs/architecture.md, "Layers").
 */
export interface AreaDeps<R extends keyof Repositories> {
  repos: Repos<R>;
  /** Where the service keeps its files (install secrets). */
  dataDir: string;
  config: ServiceConfig;
  access: Access;
  events: EventBus;
  /** Whether this process runs the work that one node does for all: housekeeping, the sweeps, the search backfill. */
  leadership: Leadership;
  /** This node's lease on the jobs, tasks and webhook deliveries it claims. */
  lease: NodeLease;
  /** The service's log (`folio serve --log-level/--log-file`): where background work reports what failed. */
  log: Logger;
}

/** The root's dependencies: every repository, from which it hands each area its own. */
export type ServiceDeps = AreaDeps<keyof Repositories>;

declare module 'fastify' {
  interface FastifyRequest {
    folioCtx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** Routes callable without a bearer token. */
    public?: boolean;
    /** Routes that bring bytes in (uploads): background jobs make way while they come (./foreground.ts). */
    bulkWrite?: boolean;
    /** A load balancer's health probe (./health/routes.ts): not rate limited, logged at debug. */
    probe?: boolean;
  }
}

/** The caller of an authenticated route. */
export function callerOf(req: FastifyRequest): RequestContext {
  if (!req.folioCtx) throw new ServiceError(errorValue('UNAUTHENTICATED'));
  return req.folioCtx;
}
