/**
 * The desktop core, headless (`folio daemon`): every sync pair of a state directory, the mirror,
 * the outbox and the embedded local server. Each pair is kept in sync by the engine's loop
 * (main/sync/loop.ts), which reports its rounds here; a pass of the daemon then brings the mirror
 * up to date with what those rounds synced, and replays the outbox. Writes through the local API
 * ask the pairs' loops for a round; a timer starts a pass too. While the service is unreachable no
 * pass talks to it: the connectivity probe says when it is back.
 *
 * Hosted by the desktop core (`folio start`, main/desktop/local.ts), the daemon runs no loop of
 * its own: the core's loops sync the pairs and report each round here, the same way. The account
 * is the core's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalStatus, OutboxItem, PairStatus } from '../../shared/v1/offline.ts';
import { FolioClient, type Credentials } from '../remote/client.ts';
import { isUnreachable } from '../remote/errors.ts';
import { OPEN_STATES, type JsonRecord, type OfflineStore, type OutboxEntry } from '../store/offline/state.ts';
import type { Checkpointer } from '../store/checkpointer.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import type { PairRecord } from '../sync/model.ts';
import { silentLogger, type Logger } from '../platform/log/logger.ts';
import { describeCondition } from '../sync/condition.ts';
import { Coalescer } from '../sync/coalescer.ts';
import { PairSync } from '../sync/engine.ts';
import { PairLoop, type Round } from '../sync/loop.ts';
import { SyncLog } from '../sync/syncLog.ts';
import { Connectivity } from './connectivity.ts';
import { RESOURCES } from './endpoints.ts';
import { IdMap } from './ids.ts';
import { LocalServer } from './localServer.ts';
import { Mirror, URL_FILE, type MirrorAnswer } from './mirror.ts';
import { Outbox } from './outbox.ts';
import { pendingUploads } from './pending.ts';
import { refreshPair } from './refresh.ts';
import { TreeWriter } from './treeWrites.ts';
import { Upstream } from './upstream.ts';

export interface DaemonOptions {
  stateDir: string;
  host: string;
  port: number;
  /** How often the service is polled for changes. */
  pollMs: number;
  /** Bounds of the backoff between probes while the service is unreachable. */
  probeMinMs: number;
  probeMaxMs: number;
  /** The account of the pairs; null when no pair is configured (or, hosted, until setAccount). */
  credentials: Credentials | null;
  onLog: (line: string) => void;
  /** Where the daemon's own engines log their rounds, transfers and failures (`folio daemon`: the state folder's log file). */
  log?: Logger;
  /** Set when the desktop core hosts the daemon and runs the engines itself. */
  hostedBy?: DaemonHost;
  /** The host's connection to the state database, shared: the host checkpoints and closes it. */
  syncStore?: SyncStore;
}

/** What a hosting desktop core does for the daemon. */
export interface DaemonHost {
  /** Sync every pair soon: the service is back, or the local API changed a folder. */
  syncSoon(): void;
  /** The outbox or the count of files waiting may have changed. */
  changed(): void;
}

/** A sync round the host ran, as reported to the daemon. */
export interface HostedRound {
  /** When the round began (ms since the epoch): local API writes after it are not refreshed away. */
  startedAt: number;
  converged: boolean;
  errors: string[];
  /** The round could not reach the service; the reason is in errors. */
  unreachable: boolean;
}

/** The service the pairs sync with; a null URL means the first pair's. */
interface Service {
  serverUrl: string | null;
  credentials: Credentials | null;
}

const DEBOUNCE_MS = 300;
/** The watcher names what changed; a full scan every this many polls catches what it missed. */
const POLLS_PER_FULL_SCAN = 10;

/** A round of a pair's loop, as the daemon keeps it. */
export function hostedRound(round: Round): HostedRound {
  const { startedAt, outcome } = round;
  if (outcome.kind === 'summary') {
    const { converged, blocked, errors } = outcome.summary;
    return { startedAt, converged, errors: blocked ? [blocked, ...errors] : errors, unreachable: false };
  }
  return { startedAt, converged: false, errors: [outcome.reason], unreachable: outcome.kind === 'offline' };
}

interface PairRuntime {
  /** The daemon's own loop of the pair; null when the host runs it. */
  loop: PairLoop | null;
  /** Hosted: the start of the earliest round reported since the last pass, null if none. */
  roundStartedAt: number | null;
  lastSyncTime: string;
  /** A round is under way: begun (roundStarted) and not yet ended (roundEnded). */
  syncing: boolean;
  /** The engine's last pass converged; `converged` also needs the mirror refreshed after it. */
  synced: boolean;
  converged: boolean;
  lastErrors: string[];
  pendingUploads: number;
}

export class Daemon {
  private upstream: Upstream | null = null;
  private readonly pairs = new Map<string, PairRuntime>();
  private readonly touched = new Map<string, number>();
  private readonly ids: IdMap;
  private readonly outbox: Outbox;
  private readonly server: LocalServer;
  private readonly passes: Coalescer;
  private stopped = false;
  /** WAL checkpoints of the state database, on a thread of their own (main/store/checkpointer.ts). */
  private checkpoints: Checkpointer | null = null;
  private countStale = true;
  private debounce: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private service: Service;
  private readonly syncLog: SyncLog;
  url = '';

  private constructor(
    private readonly o: DaemonOptions,
    private readonly sync: SyncStore,
    private readonly offline: OfflineStore,
    private readonly mirror: Mirror,
  ) {
    this.service = { serverUrl: null, credentials: o.credentials };
    this.passes = new Coalescer(() =>
      this.pass().catch((err: unknown) => this.o.onLog(`pass failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)),
    );
    this.syncLog = new SyncLog(o.log ?? silentLogger());
    this.ids = new IdMap(offline);
    this.outbox = new Outbox(offline, this.ids, o.onLog);
    const trees = new TreeWriter({
      mirror,
      offline,
      pair: (pairId) => this.sync.getPair(pairId),
      touch: (ids) => this.touch(ids),
      otherFields: (resource, recordId, body) => this.otherFields(resource, recordId, body),
      changed: () => this.hint(),
    });
    this.server = new LocalServer({
      mirror,
      offline,
      ids: this.ids,
      outbox: this.outbox,
      trees,
      upstream: () => this.upstream,
      status: () => this.status(),
      changed: () => this.kick(),
    });
  }

  static async start(o: DaemonOptions): Promise<Daemon> {
    const sync = o.syncStore ?? (await openSyncStore(o.stateDir));
    const offline = sync.offline();
    const mirror = await Mirror.open(o.stateDir);
    const daemon = new Daemon(o, sync, offline, mirror);
    if (!o.syncStore) daemon.checkpoints = sync.checkpointInBackground();
    await daemon.dropRemovedRoots(daemon.loadPairs());
    daemon.url = await daemon.server.listen(o.host, o.port);
    writeFileSync(join(o.stateDir, URL_FILE), `${daemon.url}\n`);
    daemon.poll = setInterval(() => daemon.kick(), o.pollMs);
    daemon.kick();
    return daemon;
  }

  /**
   * Hosted: the account the core signed in with (null when signed out). The pairs on its service
   * are the ones served; signed out, the mirror keeps serving the first pair's service's trees.
   */
  setAccount(account: { serverUrl: string; credentials: Credentials | null } | null): void {
    this.service = account ?? { serverUrl: null, credentials: null };
    this.upstream?.connectivity.stop();
    this.upstream = null;
    this.kick();
  }

  /** A pair's loop (the hosting core's, or the daemon's own) began a round. */
  roundStarted(pairId: string): void {
    const runtime = this.pairs.get(pairId);
    if (runtime) runtime.syncing = true;
  }

  /** A pair's loop (the hosting core's, or the daemon's own) finished a round. */
  roundEnded(pairId: string, round: HostedRound): void {
    // A pair the core added since the last pass: its first round must still be refreshed after.
    if (!this.pairs.has(pairId)) this.loadPairs();
    const runtime = this.pairs.get(pairId);
    if (!runtime) return;
    runtime.lastSyncTime = new Date().toISOString();
    runtime.syncing = false;
    runtime.synced = round.converged;
    runtime.lastErrors = round.errors;
    if (round.unreachable) {
      runtime.converged = false;
      this.upstream?.connectivity.markOffline(round.errors.join('; '));
    } else {
      runtime.roundStartedAt = Math.min(runtime.roundStartedAt ?? round.startedAt, round.startedAt);
    }
    this.countStale = true;
    this.kick();
  }

  /** Writes waiting in the outbox (PENDING or SENDING). */
  outboxLength(): number {
    return this.offline.countIn(OPEN_STATES);
  }

  /** Files in the pairs' folders the service has not got yet, as of the last count. */
  pendingUploads(): number {
    let n = 0;
    for (const runtime of this.pairs.values()) n += runtime.pendingUploads;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.debounce) clearTimeout(this.debounce);
    this.upstream?.connectivity.stop();
    await Promise.all([...this.pairs.values()].map((p) => p.loop?.stop()));
    await this.passes.stop();
    await this.server.close();
    await this.mirror.close();
    await this.checkpoints?.stop();
    if (!this.o.syncStore) this.sync.close();
  }

  /** Starts a pass now, or right after the one in progress. */
  kick(): void {
    this.passes.kick();
  }

  /** The local API changed a folder: count what waits, and sync the pairs after a quiet moment. */
  private hint(): void {
    this.countStale = true;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.syncSoon(), DEBOUNCE_MS);
  }

  /** A round of every pair: the host's loops, or the daemon's own. */
  private syncSoon(): void {
    if (this.o.hostedBy) this.o.hostedBy.syncSoon();
    else for (const runtime of this.pairs.values()) runtime.loop?.syncNow();
  }

  private touch(ids: string[]): void {
    const now = Date.now();
    for (const id of ids) this.touched.set(id, now);
  }

  /**
   * The pairs of the state directory, as `folio pair` (or the desktop core) left them: new ones
   * start and removed ones stop (their trees leave the mirror in dropRemovedRoots, given the pairs
   * returned). One account serves them all, on its service (standalone: the first pair's).
   */
  private loadPairs(): PairRecord[] {
    const all = this.sync.listPairs();
    const serverUrl = this.service.serverUrl ?? all[0]?.serverUrl;
    const pairs = all.filter((p) => p.serverUrl === serverUrl);
    for (const p of all) if (p.serverUrl !== serverUrl) this.o.onLog(`pair ${p.pairId} is on ${p.serverUrl}, not ${serverUrl}; one state directory serves one service, so it is left out`);
    const credentials = this.service.credentials;
    if (serverUrl && credentials && !this.upstream) {
      const connectivity: Connectivity = new Connectivity({
        probe: () => (this.upstream as Upstream).probe(),
        minDelayMs: this.o.probeMinMs,
        maxDelayMs: this.o.probeMaxMs,
        onChange: (online) => {
          this.o.onLog(online ? 'service reachable' : `service unreachable: ${connectivity.snapshot().reason}`);
          if (online) {
            this.kick();
            this.syncSoon();
          } else for (const runtime of this.pairs.values()) runtime.converged = false;
        },
      });
      this.upstream = new Upstream(serverUrl, credentials, connectivity);
    }
    const wanted = new Set(pairs.map((p) => p.pairId));
    for (const [pairId, runtime] of this.pairs) {
      if (wanted.has(pairId)) continue;
      runtime.loop?.stop().catch((err: unknown) => this.o.onLog(`pair ${pairId}: stopping its loop failed: ${err instanceof Error ? err.message : String(err)}`));
      this.pairs.delete(pairId);
      this.o.onLog(`pair ${pairId} removed`);
    }
    for (const pair of pairs) {
      if (this.pairs.has(pair.pairId)) continue;
      if (this.o.hostedBy) this.pairs.set(pair.pairId, newRuntime(null));
      else if (credentials) this.pairs.set(pair.pairId, this.startPair(pair, credentials));
    }
    this.mirror.setPairRoots(new Map(pairs.map((p) => [p.containerId, p.pairId])));
    return pairs;
  }

  private startPair(pair: PairRecord, credentials: Credentials): PairRuntime {
    const client = new FolioClient({ baseUrl: pair.serverUrl, credentials, retry: { attempts: 3, baseDelayMs: 200 } });
    const log = (line: string) => this.o.onLog(`[${pair.pairId}] ${line}`);
    const engine = new PairSync({
      store: this.sync,
      pairId: pair.pairId,
      client,
      onLog: log,
      onTransfer: (report) => this.syncLog.transfer(pair.pairId, report),
      onFailure: (failure) => this.syncLog.failure(pair.pairId, failure),
      onLeftOut: (change) => this.syncLog.leftOut(pair.pairId, change),
    });
    this.o.onLog(`pair ${pair.pairId}: ${pair.dir} <-> container ${pair.containerId} on ${pair.serverUrl}`);
    const loop = new PairLoop(engine, {
      dir: pair.dir,
      pollMs: this.o.pollMs,
      fullScanMs: POLLS_PER_FULL_SCAN * this.o.pollMs,
      debounceMs: DEBOUNCE_MS,
      onRoundStart: () => this.roundStarted(pair.pairId),
      onRound: (round) => {
        this.syncLog.loopRound(pair.pairId, round);
        if (round.outcome.kind === 'error') log(`sync failed: ${round.outcome.reason}`);
        this.roundEnded(pair.pairId, hostedRound(round));
      },
      onWatcherError: (err) => log(`watcher: ${String(err)}`),
    });
    return newRuntime(loop);
  }

  /** A removed pair's tree leaves the mirror: every pair root sits right under the mirror's root. */
  private async dropRemovedRoots(pairs: PairRecord[]): Promise<void> {
    const roots = new Set(pairs.map((p) => p.containerId));
    const { mirror } = this;
    for (const status of ['ACTIVE', 'DELETED'] as const) {
      for (const c of await mirror.store.containers.children(mirror.tenantId, mirror.rootId, status)) {
        if (c.systemKind || roots.has(c.containerId)) continue;
        mirror.store.transaction(() => mirror.repo.removeContainer(mirror.tenantId, c.containerId));
      }
    }
  }

  private async pass(): Promise<void> {
    await this.dropRemovedRoots(this.loadPairs());
    const upstream = this.upstream;
    if (!upstream || !upstream.connectivity.online) return this.countPending();
    const started = this.roundsSincePass();
    for (const [pairId, runtime] of this.pairs) {
      const pair = this.sync.getPair(pairId);
      const at = started.get(pairId);
      if (!pair || at === undefined) continue;
      const outcome = await this.offlineSafe(() => this.refresh(pair, upstream, at));
      if (outcome === 'offline') return this.countPending();
      runtime.converged = runtime.synced && outcome === 'done';
    }
    // A write older than every round refreshed here is in what those rounds synced; with no
    // round (a hosted pass for the outbox alone) nothing tells, so every mark stays.
    if (started.size > 0) {
      const since = Math.min(...started.values());
      for (const [id, at] of this.touched) if (at < since) this.touched.delete(id);
    }
    await this.offlineSafe(() => this.outbox.replay(upstream));
    await this.countPending();
  }

  /** The rounds the pairs' loops reported since the last pass: when each began. */
  private roundsSincePass(): Map<string, number> {
    const started = new Map<string, number>();
    for (const [pairId, runtime] of this.pairs) {
      if (runtime.roundStartedAt === null) continue;
      started.set(pairId, runtime.roundStartedAt);
      runtime.roundStartedAt = null;
    }
    return started;
  }

  private refresh(pair: PairRecord, upstream: Upstream, started: number): Promise<void> {
    return refreshPair({ mirror: this.mirror, offline: this.offline, sync: this.sync, client: upstream.typed, pair, skip: (id) => (this.touched.get(id) ?? -1) >= started });
  }

  /** Runs work that talks to the service, telling a service gone away from any other failure. */
  private async offlineSafe(work: () => Promise<unknown>): Promise<'done' | 'offline' | 'failed'> {
    try {
      await work();
      return 'done';
    } catch (err) {
      if (isUnreachable(err)) {
        this.upstream?.connectivity.markOffline(err instanceof Error ? err.message : String(err));
        return 'offline';
      }
      this.o.onLog(`offline layer: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return 'failed';
    }
  }

  private async countPending(): Promise<void> {
    this.countStale = false;
    for (const [pairId, runtime] of this.pairs) {
      const pair = this.sync.getPair(pairId);
      if (pair) runtime.pendingUploads = await pendingUploads(this.sync, pair);
    }
    this.o.hostedBy?.changed();
  }

  /**
   * A container's or document's fields the folder cannot hold: straight to the service while it
   * is reachable and nothing waits before them; else into the outbox. The service's refusal is
   * the caller's answer.
   */
  private async otherFields(resource: 'containers' | 'documents', recordId: string, body: JsonRecord): Promise<MirrorAnswer | null> {
    const idField = (RESOURCES[resource] as { idField: string }).idField;
    if (Object.keys(body).every((k) => k === idField)) return null;
    const path = `/v1/${resource}/update`;
    const upstream = this.upstream;
    if (upstream?.connectivity.online && this.outbox.open() === 0 && !this.ids.isPending(recordId)) {
      try {
        const answer = await upstream.send({ method: 'POST', path, json: body });
        if (answer.envelope.code !== 0) return answer;
        this.offline.putServiceRecord(resource, recordId, answer.envelope.data as JsonRecord);
        return null;
      } catch (err) {
        if (!isUnreachable(err) || err.maybeArrived) throw err;
      }
    }
    this.outbox.queueTreeUpdate(resource, recordId, { method: 'POST', path, query: {}, body });
    this.kick();
    return null;
  }

  async status(): Promise<LocalStatus> {
    if (this.countStale) await this.countPending();
    const connectivity = this.upstream?.connectivity.snapshot();
    const pairs: PairStatus[] = [];
    for (const pair of this.sync.listPairs()) {
      const runtime = this.pairs.get(pair.pairId);
      const { state, reason } = describeCondition(pair.condition);
      pairs.push({
        pairId: pair.pairId,
        dir: pair.dir,
        containerId: pair.containerId,
        serverUrl: pair.serverUrl,
        state,
        stateReason: reason,
        online: Boolean(runtime && connectivity?.online),
        pendingUploads: runtime?.pendingUploads ?? 0,
        lastSyncTime: runtime?.lastSyncTime ?? '',
        syncing: runtime?.syncing ?? false,
        converged: runtime?.converged ?? false,
        lastErrors: runtime?.lastErrors ?? [],
      });
    }
    return {
      online: connectivity?.online ?? false,
      serverUrl: this.upstream?.baseUrl ?? '',
      since: connectivity?.since ?? '',
      reason: connectivity?.reason ?? (this.upstream ? '' : 'no sync pair is configured'),
      outboxLength: this.offline.countIn(OPEN_STATES),
      pendingUploads: pairs.reduce((n, p) => n + p.pendingUploads, 0),
      conflicts: this.offline.entries(['CONFLICT', 'UNCERTAIN']).map(toItem),
      failed: this.offline.entries(['FAILED']).map(toItem),
      queued: this.offline.entries(OPEN_STATES).slice(0, 100).map(toItem),
      mappedIds: this.offline.countMapped(),
      pairs,
    };
  }
}

function newRuntime(loop: PairRuntime['loop']): PairRuntime {
  return { loop, roundStartedAt: null, lastSyncTime: '', syncing: false, synced: false, converged: false, lastErrors: [], pendingUploads: 0 };
}

function toItem(e: OutboxEntry): OutboxItem {
  return {
    seq: e.seq,
    path: e.path,
    resource: e.resource,
    recordId: e.recordId,
    state: e.state,
    outcome: e.outcome,
    query: e.query,
    body: e.body,
    basedOn: e.basedOn,
    serviceRecord: e.serviceRecord,
    createTime: e.createTime,
    updateTime: e.updateTime,
  };
}

