/**
 * The local server's own endpoints (docs/offline.md): GET /v1/local/status for the UI, the
 * resolution of outbox conflicts, and the mapping of ids made offline.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

export type OutboxItemState = 'PENDING' | 'SENDING' | 'DONE' | 'CONFLICT' | 'FAILED' | 'UNCERTAIN' | 'DISCARDED';

/** One write in the outbox, with both sides of a conflict. */
export interface OutboxItem {
  seq: number;
  path: string;
  resource: string;
  recordId: string;
  state: OutboxItemState;
  /** Why it is in this state (the conflict, or the service's refusal). */
  outcome: string;
  /** Our write: its query and body, as the local API received them. */
  query: Record<string, string>;
  body: unknown;
  /** The record our write was based on. */
  basedOn: Record<string, unknown> | null;
  /** For a conflict: the record the service held when the replay met it. */
  serviceRecord: Record<string, unknown> | null;
  createTime: string;
  updateTime: string;
}

export interface PairStatus {
  pairId: string;
  dir: string;
  containerId: string;
  serverUrl: string;
  /** The engine's state of the pair: ACTIVE, PAUSED or GUARD, with why (main/sync/condition.ts, describeCondition). */
  state: string;
  stateReason: string;
  online: boolean;
  /** Files in the folder the service has not got yet. */
  pendingUploads: number;
  lastSyncTime: string;
  /** A round of the pair's sync loop is under way. */
  syncing: boolean;
  converged: boolean;
  lastErrors: string[];
}

export interface LocalStatus {
  /** Whether the service answers; detected, never configured. */
  online: boolean;
  serverUrl: string;
  /** When the state last changed, and why it is offline. */
  since: string;
  reason: string;
  /** Writes waiting in the outbox. */
  outboxLength: number;
  pendingUploads: number;
  conflicts: OutboxItem[];
  failed: OutboxItem[];
  /** The open writes, oldest first (at most 100). */
  queued: OutboxItem[];
  /** Ids made offline that the service has given its own id for. */
  mappedIds: number;
  pairs: PairStatus[];
}

export const ConflictResolve = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  action: Type.Union([Type.Literal('discard'), Type.Literal('apply')]),
});
export type ConflictResolve = Static<typeof ConflictResolve>;

export interface LocalIdMapping {
  localId: string;
  /** '' until the service has given its id. */
  serviceId: string;
  kind: string;
}
