/**
 * The outbox (docs/offline.md, "Writes that wait"): writes the service could not take, kept in
 * order in SQLite with the record each was based on, and replayed in order when it returns.
 *
 * A replay first reads the record on the service. When it already shows the write (the same
 * change made twice, or a replay that crashed after sending), the write is done. When the record
 * is newer than the one the write was based on, the write becomes a conflict for the user to
 * settle: neither side is overwritten. Containers and documents are the exception: the engine's
 * own renames and uploads make them newer too, so for them only a change to a field the write
 * sets is a conflict.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Envelope } from '../../shared/envelope.ts';
import { fail } from '../service/errors.ts';
import { newId } from '../store/ids.ts';
import { OPEN_STATES, type JsonRecord, type OfflineStore, type OutboxEntry } from '../store/offline/state.ts';
import { classify, recordIdOf, type QueuedWrite, type Resource, RESOURCES } from './endpoints.ts';
import type { IdMap } from './ids.ts';
import { isUnreachable } from '../remote/errors.ts';
import type { Upstream } from './upstream.ts';
import { ErrorCodes } from '../../shared/errors.ts';

/** Records whose updateTime the sync engine's own writes move as well. */
const TREE_RESOURCES: ReadonlySet<string> = new Set(['containers', 'documents']);

export interface QueuedRequest {
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body: JsonRecord;
}

export interface Queued {
  seq: number;
  /** The record as it will be once the write is replayed. */
  data: JsonRecord;
}

export class Outbox {
  constructor(
    private readonly offline: OfflineStore,
    private readonly ids: IdMap,
    private readonly onLog: (line: string) => void = () => {},
  ) {}

  open(): number {
    return this.offline.countIn(OPEN_STATES);
  }

  /** Keeps a write for later; throws 170001 for an update of a record never read from the service. */
  queue(write: QueuedWrite, req: QueuedRequest): Queued {
    const recordId = recordIdOf(write, req.body, req.query);
    const creates = write.mode === 'create' || (write.mode === 'upsert' && !recordId);
    return creates ? this.queueCreate(write.resource, req) : this.queueUpdate(write, recordId, req);
  }

  /** A change to a container or document the local tree cannot hold (its metadata, say). */
  queueTreeUpdate(resource: 'containers' | 'documents', recordId: string, req: QueuedRequest): Queued {
    const cached = this.offline.record(resource, recordId);
    const basedOn = this.ids.isPending(recordId) ? null : (cached?.service ?? null);
    return this.offline.transaction(() => {
      const entry = this.offline.enqueue({ ...req, resource, recordId, isCreate: false, basedOn });
      return { seq: entry.seq, data: req.body };
    });
  }

  private queueCreate(resource: Resource, req: QueuedRequest): Queued {
    const localId = newId('lcl');
    const data = { ...req.body, [resource.idField]: localId };
    return this.offline.transaction(() => {
      this.offline.addLocalId(localId, `record:${resource.name}`, '');
      this.offline.setLocalRecord(resource.name, localId, data);
      const entry = this.offline.enqueue({ ...req, resource: resource.name, recordId: localId, isCreate: true, basedOn: null });
      return { seq: entry.seq, data };
    });
  }

  private queueUpdate(write: QueuedWrite, recordId: string, req: QueuedRequest): Queued {
    const name = write.resource.name;
    const cached = this.offline.record(name, recordId);
    const madeLocally = this.ids.isPending(recordId);
    if (!cached?.service && !madeLocally) {
      fail('SERVICE_UNREACHABLE', `the service is unreachable, and ${name} ${recordId} was never read from it: a change to it cannot be checked against the service later`);
    }
    const current = cached?.local ?? cached?.service ?? {};
    const data = write.optimistic ? write.optimistic(current, req.body) : merge(current, req.body);
    return this.offline.transaction(() => {
      this.offline.setLocalRecord(name, recordId, data);
      const entry = this.offline.enqueue({ ...req, resource: name, recordId, isCreate: false, basedOn: madeLocally ? null : (cached?.service ?? null) });
      return { seq: entry.seq, data };
    });
  }

  /**
   * Replays the open writes in order. A write that names an item the service has no id for yet
   * waits, and so do the writes queued after it on the same record. Stops when the service goes
   * away again; returns the number of writes settled.
   */
  async replay(upstream: Upstream): Promise<number> {
    const waiting = new Set<string>();
    let settled = 0;
    for (const { seq } of this.offline.entries(OPEN_STATES)) {
      // Read again: a write replayed just before may have rebased this one.
      const entry = this.offline.entry(seq);
      if (!entry || !OPEN_STATES.includes(entry.state)) continue;
      const key = `${entry.resource}|${this.ids.resolve(entry.recordId)}`;
      if (waiting.has(key)) continue;
      const query = this.ids.translate(entry.query);
      const body = this.ids.translate(entry.body) as JsonRecord;
      const recordId = entry.isCreate ? entry.recordId : this.ids.resolve(entry.recordId);
      if (this.ids.pendingIn({ query, body }).length > 0 || (!entry.isCreate && this.ids.isPending(recordId))) {
        waiting.add(key);
        continue;
      }
      try {
        const handling = classify(entry.method, entry.path);
        await this.replayOne(upstream, entry, { query, body, recordId }, handling.kind === 'queuedWrite' ? handling : undefined);
        settled++;
      } catch (err) {
        if (isUnreachable(err)) return settled;
        throw err;
      }
    }
    return settled;
  }

  private async replayOne(upstream: Upstream, entry: OutboxEntry, req: { query: Record<string, string>; body: JsonRecord; recordId: string }, write: QueuedWrite | undefined): Promise<void> {
    const resource = RESOURCES[entry.resource];
    if (!resource) return this.offline.setState(entry.seq, 'FAILED', { outcome: `unknown resource ${entry.resource}` });
    if (entry.isCreate) {
      if (entry.state === 'SENDING') {
        this.offline.setState(entry.seq, 'UNCERTAIN', { outcome: 'the daemon stopped while this create was being sent; the service may or may not have it' });
        return;
      }
      return this.send(upstream, entry, req, resource);
    }
    const current = await this.currentRecord(upstream, resource, req.recordId);
    if (current instanceof Error) {
      this.offline.setState(entry.seq, 'FAILED', { outcome: current.message });
      this.dropLocalRecordIfSettled(entry.resource, entry.recordId);
      return;
    }
    const applied = write?.applied ?? ((r: JsonRecord | null) => r !== null && fieldsSet(req.body, resource).every((k) => isDeepStrictEqual(r[k], req.body[k])));
    if (applied(current)) {
      this.done(entry, resource, req.recordId, current);
      this.onLog(`outbox ${entry.seq}: the service already shows ${entry.path}`);
      return;
    }
    if (current === null) {
      this.offline.setState(entry.seq, 'CONFLICT', { serviceRecord: null, outcome: `${entry.resource} ${req.recordId} is gone from the service` });
      this.dropLocalRecordIfSettled(entry.resource, entry.recordId);
      return;
    }
    if (entry.basedOn && this.isNewer(entry.resource, entry.basedOn, current, fieldsSet(req.body, resource))) {
      this.offline.setState(entry.seq, 'CONFLICT', { serviceRecord: current, outcome: `${entry.resource} ${req.recordId} changed on the service after this write was made` });
      this.dropLocalRecordIfSettled(entry.resource, entry.recordId);
      this.onLog(`outbox ${entry.seq}: conflict on ${entry.resource} ${req.recordId}`);
      return;
    }
    return this.send(upstream, entry, req, resource);
  }

  private isNewer(resource: string, basedOn: JsonRecord, current: JsonRecord, fields: string[]): boolean {
    const fieldChanged = fields.some((k) => k in basedOn && !isDeepStrictEqual(basedOn[k], current[k]));
    if (TREE_RESOURCES.has(resource) || typeof basedOn.updateTime !== 'string') return fieldChanged;
    return basedOn.updateTime !== current.updateTime;
  }

  /** The record on the service; null when it is not there; an Error when reading it was refused. */
  private async currentRecord(upstream: Upstream, resource: Resource, recordId: string): Promise<JsonRecord | null | Error> {
    const { envelope } = await upstream.send({ method: 'GET', path: resource.getPath, query: { [resource.idField]: recordId } });
    if (envelope.code === 0) return envelope.data as JsonRecord;
    if (envelope.code === ErrorCodes.NOT_FOUND.code) return null;
    return new Error(`reading ${resource.name} ${recordId} on the service failed: ${envelope.code} ${envelope.msg}`);
  }

  private async send(upstream: Upstream, entry: OutboxEntry, req: { query: Record<string, string>; body: JsonRecord; recordId: string }, resource: Resource): Promise<void> {
    this.offline.setState(entry.seq, 'SENDING');
    let envelope: Envelope<unknown>;
    try {
      ({ envelope } = await upstream.send({ method: entry.method, path: entry.path, query: req.query, json: req.body }));
    } catch (err) {
      // Certainly not sent: it simply waits. Perhaps sent: the next replay checks before sending.
      if (isUnreachable(err) && !err.maybeArrived) this.offline.setState(entry.seq, 'PENDING');
      throw err;
    }
    if (envelope.code !== 0) {
      this.offline.setState(entry.seq, 'FAILED', { outcome: `${envelope.code} ${envelope.msg}` });
      this.dropLocalRecordIfSettled(entry.resource, entry.recordId);
      this.onLog(`outbox ${entry.seq}: ${entry.path} failed: ${envelope.code} ${envelope.msg}`);
      return;
    }
    const answer = (envelope.data && typeof envelope.data === 'object' ? envelope.data : {}) as JsonRecord;
    const serviceId = typeof answer[resource.idField] === 'string' ? (answer[resource.idField] as string) : req.recordId;
    this.offline.transaction(() => {
      if (entry.isCreate) {
        this.offline.mapId(entry.recordId, serviceId);
        this.offline.deleteRecord(entry.resource, entry.recordId);
      }
      this.done(entry, resource, serviceId, answer);
    });
    this.onLog(`outbox ${entry.seq}: replayed ${entry.path}`);
  }

  /** A write is settled: the record is what the service says, and writes queued behind it build on that. */
  private done(entry: OutboxEntry, resource: Resource, recordId: string, record: JsonRecord | null): void {
    this.offline.setState(entry.seq, 'DONE', { serviceRecord: record });
    if (record && typeof record[resource.idField] === 'string') {
      this.offline.putServiceRecord(entry.resource, recordId, record);
      this.offline.rebase(entry.resource, [entry.recordId, recordId], record, recordId);
    }
    this.dropLocalRecordIfSettled(entry.resource, recordId);
  }

  private dropLocalRecordIfSettled(resource: string, recordId: string): void {
    const open = this.offline.entries(OPEN_STATES).some((e) => e.resource === resource && this.ids.resolve(e.recordId) === this.ids.resolve(recordId));
    if (!open) this.offline.setLocalRecord(resource, this.ids.resolve(recordId), null);
  }

  /** The user's answer to a conflict (or an uncertain create): drop our write, or send it anyway. */
  resolve(seq: number, action: 'discard' | 'apply'): OutboxEntry {
    const entry = this.offline.entry(seq);
    if (!entry || (entry.state !== 'CONFLICT' && entry.state !== 'UNCERTAIN' && entry.state !== 'FAILED')) {
      fail('NOT_FOUND', `no conflict, failed or uncertain write ${seq} in the outbox`, { seq });
    }
    if (action === 'discard') {
      this.offline.setState(seq, 'DISCARDED');
      this.dropLocalRecordIfSettled(entry.resource, entry.recordId);
    } else {
      // Based on what the service held when the conflict was found: applied unless it changed again.
      this.offline.setState(seq, 'PENDING', { basedOn: entry.serviceRecord });
    }
    return this.offline.entry(seq) as OutboxEntry;
  }
}

/** The fields a write sets: every body field but the record's id. */
function fieldsSet(body: JsonRecord, resource: Resource): string[] {
  return Object.keys(body).filter((k) => k !== resource.idField);
}

/** The record with the write's fields laid over it (only fields the record has). */
function merge(record: JsonRecord, body: JsonRecord): JsonRecord {
  const out = { ...record };
  for (const [k, v] of Object.entries(body)) if (k in record || Object.keys(record).length === 0) out[k] = v;
  return out;
}
