/**
 * The desktop's offline bookkeeping (docs/offline.md), in the desktop store (sync.db, migration
 * 0020): the ordered outbox of writes waiting for the service, the ids made locally and the
 * service ids they became, and what the service last answered, for reads while it is away.
 */
import { Repository, type Db } from '../db.ts';
import { nowIso } from '../ids.ts';

export type OutboxState = 'PENDING' | 'SENDING' | 'DONE' | 'CONFLICT' | 'FAILED' | 'UNCERTAIN' | 'DISCARDED';
export type JsonRecord = Record<string, unknown>;

export interface NewOutboxEntry {
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body: unknown;
  resource: string;
  recordId: string;
  isCreate: boolean;
  basedOn: JsonRecord | null;
}

export interface OutboxEntry extends NewOutboxEntry {
  seq: number;
  state: OutboxState;
  serviceRecord: JsonRecord | null;
  outcome: string;
  createTime: string;
  updateTime: string;
}

interface OutboxRow {
  seq: number;
  method: 'GET' | 'POST';
  path: string;
  query: string;
  body: string;
  resource: string;
  record_id: string;
  is_create: number;
  based_on: string;
  state: OutboxState;
  service_record: string;
  outcome: string;
  create_time: string;
  update_time: string;
}

const parseRecord = (text: string): JsonRecord | null => (text ? (JSON.parse(text) as JsonRecord) : null);
const recordText = (r: JsonRecord | null): string => (r ? JSON.stringify(r) : '');

const toEntry = (r: OutboxRow): OutboxEntry => ({
  seq: r.seq,
  method: r.method,
  path: r.path,
  query: JSON.parse(r.query) as Record<string, string>,
  body: JSON.parse(r.body) as unknown,
  resource: r.resource,
  recordId: r.record_id,
  isCreate: r.is_create === 1,
  basedOn: parseRecord(r.based_on),
  state: r.state,
  serviceRecord: parseRecord(r.service_record),
  outcome: r.outcome,
  createTime: r.create_time,
  updateTime: r.update_time,
});

/** Open entries are replayed; the others are history or wait for the user. */
export const OPEN_STATES: readonly OutboxState[] = ['PENDING', 'SENDING'];

export interface LocalIdRecord {
  localId: string;
  serviceId: string;
  kind: string;
  pairId: string;
}

export interface CachedRecord {
  service: JsonRecord | null;
  local: JsonRecord | null;
  fetchTime: string;
}

export class OfflineStore extends Repository {
  private depth = 0;

  /**
   * On the engine's connection to sync.db (SyncStore.offline): `settle` commits a group of the
   * engine's left open on it, so that what this store wrote is on disk when its call returns.
   */
  constructor(db: Db, private readonly settle: () => void) {
    super(db);
  }

  /** Runs writes atomically; durable once the outermost call returns, inside the engine's group too. */
  transaction<T>(fn: () => T): T {
    this.depth++;
    try {
      return this.db.transaction(fn).immediate();
    } finally {
      if (--this.depth === 0) this.settle();
    }
  }

  // The outbox.

  enqueue(e: NewOutboxEntry): OutboxEntry {
    return this.transaction(() => {
      const now = nowIso();
      const { lastInsertRowid } = this.prepared(
          `INSERT INTO outbox (method, path, query, body, resource, record_id, is_create, based_on, state, create_time, update_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
        )
        .run(e.method, e.path, JSON.stringify(e.query), JSON.stringify(e.body ?? null), e.resource, e.recordId, e.isCreate ? 1 : 0, recordText(e.basedOn), now, now);
      return this.entry(Number(lastInsertRowid)) as OutboxEntry;
    });
  }

  entry(seq: number): OutboxEntry | undefined {
    const row = this.prepared<[number], OutboxRow>('SELECT * FROM outbox WHERE seq = ?').get(seq);
    return row && toEntry(row);
  }

  /** Entries in these states, oldest first. */
  entries(states: readonly OutboxState[]): OutboxEntry[] {
    const marks = states.map(() => '?').join(', ');
    return this.prepared<string[], OutboxRow>(`SELECT * FROM outbox WHERE state IN (${marks}) ORDER BY seq`).all(...states).map(toEntry);
  }

  countIn(states: readonly OutboxState[]): number {
    const marks = states.map(() => '?').join(', ');
    return this.prepared<string[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE state IN (${marks})`).get(...states)?.n ?? 0;
  }

  setState(seq: number, state: OutboxState, fields: { serviceRecord?: JsonRecord | null; outcome?: string; basedOn?: JsonRecord | null } = {}): void {
    this.transaction(() => {
      const current = this.entry(seq);
      if (!current) return;
      const serviceRecord = fields.serviceRecord === undefined ? current.serviceRecord : fields.serviceRecord;
      const basedOn = fields.basedOn === undefined ? current.basedOn : fields.basedOn;
      this.prepared('UPDATE outbox SET state = ?, service_record = ?, outcome = ?, based_on = ?, update_time = ? WHERE seq = ?')
        .run(state, recordText(serviceRecord), fields.outcome ?? current.outcome, recordText(basedOn), nowIso(), seq);
    });
  }

  /**
   * After one of our own writes reached the service, the open writes queued behind it on the same
   * record are based on the service's answer to it, under the record's service id.
   */
  rebase(resource: string, recordIds: readonly string[], basedOn: JsonRecord, recordId: string): void {
    this.transaction(() => {
      const stmt = this.prepared("UPDATE outbox SET based_on = ?, record_id = ?, update_time = ? WHERE resource = ? AND record_id = ? AND state = 'PENDING'");
      for (const id of recordIds) stmt.run(JSON.stringify(basedOn), recordId, nowIso(), resource, id);
    });
  }

  // Ids made locally.

  addLocalId(localId: string, kind: string, pairId: string): void {
    this.transaction(() => {
      this.prepared('INSERT OR IGNORE INTO id_map (local_id, kind, pair_id, create_time) VALUES (?, ?, ?, ?)').run(localId, kind, pairId, nowIso());
    });
  }

  mapId(localId: string, serviceId: string): void {
    this.transaction(() => {
      this.prepared("UPDATE id_map SET service_id = ?, map_time = ? WHERE local_id = ? AND service_id = ''").run(serviceId, nowIso(), localId);
    });
  }

  /** Forgets a local id that never reached the service (its item is gone). */
  dropLocalId(localId: string): void {
    this.transaction(() => {
      this.prepared("DELETE FROM id_map WHERE local_id = ? AND service_id = ''").run(localId);
    });
  }

  // Every id-like string of every request is looked up here.
  private readonly localIdStmt = this.db.prepare<[string], { local_id: string; service_id: string; kind: string; pair_id: string }>(
    'SELECT local_id, service_id, kind, pair_id FROM id_map WHERE local_id = ?',
  );

  localId(localId: string): LocalIdRecord | undefined {
    const r = this.localIdStmt.get(localId);
    return r && { localId: r.local_id, serviceId: r.service_id, kind: r.kind, pairId: r.pair_id };
  }

  /** Local ids the service has not given an id for yet, oldest first. */
  unmapped(kinds: readonly string[], pairId?: string): LocalIdRecord[] {
    const marks = kinds.map(() => '?').join(', ');
    const rows = this.prepared<string[], { local_id: string; service_id: string; kind: string; pair_id: string }>(
        `SELECT local_id, service_id, kind, pair_id FROM id_map WHERE service_id = '' AND kind IN (${marks})${pairId === undefined ? '' : ' AND pair_id = ?'} ORDER BY create_time, rowid`,
      )
      .all(...kinds, ...(pairId === undefined ? [] : [pairId]));
    return rows.map((r) => ({ localId: r.local_id, serviceId: r.service_id, kind: r.kind, pairId: r.pair_id }));
  }

  countMapped(): number {
    return this.prepared<[], { n: number }>("SELECT COUNT(*) AS n FROM id_map WHERE service_id != ''").get()?.n ?? 0;
  }

  // What the service last answered.

  putServiceRecord(resource: string, recordId: string, record: JsonRecord): void {
    this.transaction(() => {
      this.prepared(
          `INSERT INTO cached_records (resource, record_id, service_record, fetch_time) VALUES (?, ?, ?, ?)
           ON CONFLICT (resource, record_id) DO UPDATE SET service_record = excluded.service_record, fetch_time = excluded.fetch_time`,
        )
        .run(resource, recordId, JSON.stringify(record), nowIso());
    });
  }

  setLocalRecord(resource: string, recordId: string, record: JsonRecord | null): void {
    this.transaction(() => {
      this.prepared(
          `INSERT INTO cached_records (resource, record_id, local_record, fetch_time) VALUES (?, ?, ?, ?)
           ON CONFLICT (resource, record_id) DO UPDATE SET local_record = excluded.local_record`,
        )
        .run(resource, recordId, recordText(record), nowIso());
    });
  }

  record(resource: string, recordId: string): CachedRecord | undefined {
    const r = this.prepared<[string, string], { service_record: string; local_record: string; fetch_time: string }>(
        'SELECT service_record, local_record, fetch_time FROM cached_records WHERE resource = ? AND record_id = ?',
      )
      .get(resource, recordId);
    return r && { service: parseRecord(r.service_record), local: parseRecord(r.local_record), fetchTime: r.fetch_time };
  }

  deleteRecord(resource: string, recordId: string): void {
    this.transaction(() => {
      this.prepared('DELETE FROM cached_records WHERE resource = ? AND record_id = ?').run(resource, recordId);
    });
  }

  putAnswer(requestKey: string, resource: string, data: unknown): void {
    this.transaction(() => {
      this.prepared('INSERT OR REPLACE INTO cached_answers (request_key, resource, data, fetch_time) VALUES (?, ?, ?, ?)')
        .run(requestKey, resource, JSON.stringify(data), nowIso());
    });
  }

  answer(requestKey: string): { data: unknown; fetchTime: string } | undefined {
    const r = this.prepared<[string], { data: string; fetch_time: string }>('SELECT data, fetch_time FROM cached_answers WHERE request_key = ?').get(requestKey);
    return r && { data: JSON.parse(r.data) as unknown, fetchTime: r.fetch_time };
  }

  getMeta(key: string): string | undefined {
    return this.prepared<[string], { value: string }>('SELECT value FROM offline_meta WHERE key = ?').get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.transaction(() => {
      this.prepared('INSERT OR REPLACE INTO offline_meta (key, value) VALUES (?, ?)').run(key, value);
    });
  }
}
