/**
 * One sync pair's loop (DESIGN.md §3): observe both sides, plan, check the mass-delete guard,
 * execute, and again, until the planner has nothing left to do.
 */
import { hostname } from 'node:os';
import { stat } from 'node:fs/promises';
import PQueue from 'p-queue';
import type { FolioClient } from '../remote/client.ts';
import { FolioApiError } from '../remote/errors.ts';
import { Throttle } from '../remote/throttle.ts';
import type { PairRecord, SyncStore } from '../store/sync/index.ts';
import { Executor, StaleObservation } from './executor.ts';
import { IgnoreRules } from './ignore.ts';
import { plan, type Op } from './planner.ts';
import { applyChanges, walkRemote } from './remoteTree.ts';
import { scanLocal } from './scanner.ts';
import { PairState } from './state.ts';
import { localNameProblem } from './names.ts';
import { childIndex, descendants, type NodeState } from './trees.ts';

export interface SyncSummary {
  uploaded: number;
  downloaded: number;
  moved: number;
  deleted: number;
  conflicts: number;
  rounds: number;
  converged: boolean;
  /** Why the pair is not syncing (paused, or waiting for a mass delete to be confirmed). */
  blocked: string;
  /** Operations that failed in the last round, with why. */
  errors: string[];
}

export interface EngineOptions {
  store: SyncStore;
  pairId: string;
  client: FolioClient;
  host?: string;
  now?: () => Date;
  /** A mass delete below this many files never trips the guard. */
  massDeleteMinimum?: number;
  onProgress?: (path: string, done: number, total: number) => void;
  onLog?: (line: string) => void;
}

// Parents go before children, one level per round: a deep new tree needs as many rounds as levels.
const MAX_ROUNDS = 200;
const CURSOR_EXPIRED = 130006;

export class PairSync {
  private readonly host: string;

  constructor(private readonly o: EngineOptions) {
    this.host = o.host ?? hostname();
  }

  private pair(): PairRecord {
    const pair = this.o.store.getPair(this.o.pairId);
    if (!pair) throw new Error(`no sync pair ${this.o.pairId}`);
    return pair;
  }

  /** Lets a mass delete that tripped the guard go ahead, once. */
  confirmDeletes(): void {
    this.o.store.setState(this.o.pairId, 'ACTIVE', 'deletes confirmed');
  }

  async syncOnce(): Promise<SyncSummary> {
    const summary: SyncSummary = { uploaded: 0, downloaded: 0, moved: 0, deleted: 0, conflicts: 0, rounds: 0, converged: false, blocked: '', errors: [] };
    let pair = this.pair();
    const deletesConfirmed = pair.stateReason === 'deletes confirmed';
    if (pair.state === 'PAUSED' || pair.state === 'GUARD') return { ...summary, blocked: pair.stateReason || pair.state };
    if (!(await isDir(pair.dir))) return this.block(summary, `the folder ${pair.dir} is missing (an unmounted disk?); nothing is deleted until it is back or the pair is removed`);

    const state = new PairState(this.o.store, pair.pairId, pair.containerId);
    if (!(await this.observeRemote(pair, state))) return this.block(summary, 'the service folder of this pair is gone (deleted or moved to the recycle bin)');
    pair = this.pair();
    const rules = await IgnoreRules.forDir(pair.dir);
    const executorContext = {
      client: this.o.client,
      state,
      dir: pair.dir,
      pairId: pair.pairId,
      concurrency: pair.settings.concurrency,
      ...(pair.settings.uploadLimit > 0 ? { upload: new Throttle(pair.settings.uploadLimit) } : {}),
      ...(pair.settings.downloadLimit > 0 ? { download: new Throttle(pair.settings.downloadLimit) } : {}),
      ...(this.o.onProgress ? { onProgress: this.o.onProgress } : {}),
    };
    const executor = new Executor(executorContext);

    for (let round = 1; round <= MAX_ROUNDS; round++) {
      summary.rounds = round;
      const scan = await scanLocal(pair.dir, pair.containerId, { tree: state.local, metas: state.localMetas }, rules);
      state.atomically(() => state.replace('local', scan.tree, { local: scan.metas }));
      const view = this.view(state, pair, rules);
      const ops = plan(view, { conflictStamp: this.conflictStamp(), caseInsensitiveLocal: pair.settings.caseInsensitive });
      if (ops.length === 0) {
        summary.converged = true;
        summary.errors = [];
        return summary;
      }
      const doomed = countDeletedFiles(ops, view);
      const files = [...view.synced.values()].filter((n) => n.kind === 'file').length;
      if (!deletesConfirmed && doomed >= (this.o.massDeleteMinimum ?? 10) && doomed * 2 > files) {
        return this.block(summary, `${doomed} of ${files} files would be deleted; confirm to go ahead`);
      }
      this.o.onLog?.(`round ${round}: ${ops.map((op) => JSON.stringify(op)).join(' ')}`);
      summary.errors = await this.execute(executor, ops, summary);
      await this.observeRemote(pair, state);
    }
    return summary;
  }

  /** Structure first, one at a time (moves, folders, deletes); then transfers, concurrently. */
  private async execute(executor: Executor, ops: Op[], summary: SyncSummary): Promise<string[]> {
    const errors: string[] = [];
    const run = async (op: Op) => {
      try {
        await executor.run(op);
        count(summary, op);
      } catch (err) {
        if (!(err instanceof StaleObservation) && !(err instanceof FolioApiError)) throw err;
        errors.push(`${op.type} ${'id' in op ? op.id : op.localId}: ${err.message}`);
        this.o.onLog?.(`skipped ${op.type}: ${err.message}`);
      }
    };
    const isTransfer = (op: Op) => op.type === 'upload' || op.type === 'download' || op.type === 'conflictCopy';
    const transfers = ops.filter(isTransfer);
    for (const op of ops) if (!isTransfer(op)) await run(op);
    const queue = new PQueue({ concurrency: Math.max(1, this.pair().settings.concurrency) });
    await Promise.all(transfers.map((op) => queue.add(() => run(op))));
    return errors;
  }

  /** Brings the remote tree up to date; false when the pair's own folder is gone on the service. */
  private async observeRemote(pair: PairRecord, state: PairState): Promise<boolean> {
    const view = { tree: state.remote, metas: state.remoteMetas };
    if (pair.cursor) {
      try {
        const { changes, cursor } = await this.o.client.allChanges(pair.cursor);
        const { rootGone } = await applyChanges(this.o.client, pair.containerId, view, changes);
        state.atomically(() => {
          state.replace('remote', view.tree, { remote: view.metas });
          this.o.store.setCursor(pair.pairId, cursor);
        });
        return !rootGone;
      } catch (err) {
        if (!(err instanceof FolioApiError) || err.code !== CURSOR_EXPIRED) throw err;
      }
    }
    const root = await this.o.client.getContainer(pair.containerId);
    if (root.status !== 'ACTIVE') return false;
    const { cursor } = await this.o.client.call<{ cursor: string }>('GET', '/v1/changes/latestCursor');
    const walked = await walkRemote(this.o.client, pair.containerId);
    state.atomically(() => {
      state.replace('remote', walked.tree, { remote: walked.metas });
      this.o.store.setCursor(pair.pairId, cursor);
    });
    return true;
  }

  /**
   * What the planner sees: the three trees without what this pair leaves out — ignored names,
   * names this disk cannot hold, and folders excluded by selective sync. A node left out is
   * neither uploaded, downloaded nor deleted.
   */
  private view(state: PairState, pair: PairRecord, rules: IgnoreRules) {
    const excluded = new Set<string>();
    const exclude = (tree: Map<string, NodeState>, id: string) => {
      excluded.add(id);
      for (const d of descendants(childIndex(tree), id)) excluded.add(d.id);
    };
    for (const id of pair.settings.excludedFolders) {
      exclude(state.remote, id);
      exclude(state.local, id);
    }
    for (const node of state.remote.values()) {
      const rel = remotePath(state.remote, node.id, pair.containerId);
      if (rel === null) continue;
      if (rules.ignores(rel, node.kind === 'dir') || localNameProblem(node.name)) exclude(state.remote, node.id);
    }
    const keep = (tree: Map<string, NodeState>) => new Map([...tree].filter(([id]) => !excluded.has(id)));
    return { rootId: pair.containerId, remote: keep(state.remote), local: keep(state.local), synced: keep(state.synced) };
  }

  private block(summary: SyncSummary, reason: string): SyncSummary {
    this.o.store.setState(this.o.pairId, 'GUARD', reason);
    this.o.onLog?.(`paused: ${reason}`);
    return { ...summary, blocked: reason };
  }

  private conflictStamp(): string {
    const d = (this.o.now ?? (() => new Date()))();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())} ${this.host}`;
  }
}

function remotePath(tree: Map<string, NodeState>, id: string, rootId: string): string | null {
  const parts: string[] = [];
  for (let at: string | undefined = id, steps = 0; at !== rootId; steps++) {
    const node: NodeState | undefined = at === undefined ? undefined : tree.get(at);
    if (!node || steps > tree.size) return null;
    parts.unshift(node.name);
    at = node.parentId;
  }
  return parts.join('/');
}

function countDeletedFiles(ops: Op[], view: { remote: Map<string, NodeState>; local: Map<string, NodeState> }): number {
  let n = 0;
  for (const op of ops) {
    if (op.type !== 'deleteRemote' && op.type !== 'deleteLocal') continue;
    const tree = op.type === 'deleteRemote' ? view.remote : view.local;
    const node = tree.get(op.id);
    if (node?.kind === 'file') n++;
    n += descendants(childIndex(tree), op.id).filter((d) => d.kind === 'file').length;
  }
  return n;
}

function count(summary: SyncSummary, op: Op): void {
  switch (op.type) {
    case 'upload':
    case 'createRemoteDir':
      summary.uploaded++;
      return;
    case 'download':
    case 'createLocalDir':
      summary.downloaded++;
      return;
    case 'moveRemote':
    case 'moveLocal':
      summary.moved++;
      return;
    case 'deleteRemote':
    case 'deleteLocal':
      summary.deleted++;
      return;
    case 'conflictCopy':
    case 'renameLocal':
      summary.conflicts++;
      return;
    case 'adopt':
    case 'record':
    case 'forget':
      return;
    default: {
      const unknown: never = op;
      throw new Error(`unknown operation ${JSON.stringify(unknown)}`);
    }
  }
}

async function isDir(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
