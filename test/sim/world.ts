/**
 * The simulation (docs/sync.md, "The simulation"): the real engine (scanner, planner, executor,
 * state, intents, and optionally the loop) over a simulated folder (MemFs) and a simulated service
 * (MemService), on virtual time, its sync store a real SQLite file. A schedule is drawn from one
 * seed: users on both sides edit, create, rename, move and delete between rounds and at await
 * points inside them; the engine may crash at an await point (it is abandoned there, and a fresh
 * one starts on the same store and folder); calls to the service fail before or after the service
 * applied them; completions come back in a shuffled order. Then the world goes quiet, the engine
 * runs until it converges, and the invariants are checked (invariants.ts).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { openSyncStore, type SyncStore } from '../../main/store/sync/index.ts';
import { PairSync, type SyncSummary } from '../../main/sync/engine.ts';
import { PairLoop } from '../../main/sync/loop.ts';
import { PairOwner } from '../../main/sync/owner.ts';
import { LOCAL_ID_PREFIX } from '../../main/sync/trees.ts';
import { SimClock } from './clock.ts';
import { checkInvariants } from './invariants.ts';
import { MemFs } from './memFs.ts';
import { MemService, ROOT_ID, type Fault } from './memService.ts';
import { Prng } from './prng.ts';
import { Users, type Busy } from './users.ts';

export const DIR = '/sim/pair';
/**
 * Where the sync stores go: a RAM disk when there is one. They are real SQLite files all the same;
 * only their fsyncs cost nothing there, which is most of a schedule's time on a disk.
 */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
export const PAIR = 'p1';

export interface ScheduleResult {
  seed: number;
  /** What happened, in order: users' actions, faults, crashes, rounds. */
  schedule: string[];
  /** Broken invariants; empty when the schedule passed. */
  problems: string[];
}

/** The sync store's file in its folder (main/store/sync/index.ts, openSyncStore). */
const STORE_FILE = 'sync.db';
let template: Promise<string> | null = null;

/**
 * An empty sync store, migrated once per process: a copy of it opens in a quarter of the time
 * migrating a new one takes, which is most of what a schedule costs.
 */
function migratedStore(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(SCRATCH, 'folio-sim-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    (await openSyncStore(dir)).close();
    return join(dir, STORE_FILE);
  })();
  return template;
}

/** Never settles: what an abandoned engine waits on forever. */
const never = new Promise<never>(() => undefined);

export class SimWorld {
  readonly rng: Prng;
  readonly clock = new SimClock();
  readonly fs: MemFs;
  readonly service: MemService;
  readonly users: Users;
  readonly schedule: string[] = [];
  store!: SyncStore;
  private scratch = '';
  private ids = 0;
  /** The round under way: its crash point, and how many await points it has passed. */
  private points = 0;
  private crashAt = 0;
  private crashed: () => void = () => undefined;
  /** Bumped by each crash: a task of an abandoned engine never gets past an await point again. */
  private generation = 0;
  private chaos = false;
  /**
   * Calls that replace, move or delete a file in the folder, from their 'before' await point to
   * the moment they run: the engine has checked that file and is about to act on it.
   */
  private readonly replacing = new Set<string>();

  constructor(readonly seed: number) {
    this.rng = new Prng(seed);
    this.fs = new MemFs(this.clock.now);
    this.fs.mkdirp(DIR);
    this.service = new MemService(this.fs);
    this.users = new Users(this.rng, this.fs, this.service, DIR, (line) => this.schedule.push(line), `s${seed}`);
    this.fs.gate = (label, phase) => this.gate(label, phase);
    this.service.gate = (label, phase) => this.gate(label, phase);
    this.service.fault = (label) => this.fault(label);
  }

  async open(): Promise<void> {
    // Synchronous: on a loaded machine a trip through the thread pool costs more than these calls.
    this.scratch = mkdtempSync(join(SCRATCH, 'folio-sim-'));
    copyFileSync(await migratedStore(), join(this.scratch, STORE_FILE));
    this.store = await openSyncStore(this.scratch);
    const concurrency = this.rng.int(1, 3);
    PairOwner.add(this.store, { pairId: PAIR, serverUrl: 'sim', containerId: ROOT_ID, dir: DIR, settings: { caseInsensitive: false, concurrency } });
    this.service.pageSize = this.rng.int(1, 6);
    this.schedule.push(`concurrency ${concurrency}, feed pages of ${this.service.pageSize}`);
  }

  async close(): Promise<void> {
    this.store.close();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  engine(): PairSync {
    return new PairSync({ store: this.store, pairId: PAIR, remote: this.service, fs: this.fs, clock: this.clock, host: 'sim', platform: 'linux', newId: () => `${LOCAL_ID_PREFIX}sim-${++this.ids}` });
  }

  /**
   * An await point of the engine, before or after one call: where it may crash (and then never
   * gets past this point, nor past any other), where completions are reordered, and, once the
   * call has run, where a user may act while the engine waits for its result.
   */
  private async gate(label: string, phase: 'before' | 'after'): Promise<void> {
    const generation = this.generation;
    if (!this.chaos) return;
    this.points++;
    if (this.points === this.crashAt) {
      this.schedule.push(`crash at await point ${this.points}, ${phase} ${label}`);
      this.generation++;
      this.chaos = false;
      this.crashed();
      return never;
    }
    if (phase === 'after' && this.rng.chance(0.04)) this.users.act(`after ${label}`, busyIn([label, ...this.replacing]));
    this.clock.advance(this.rng.int(0, 30));
    const replaces = phase === 'before' && REPLACING.test(label);
    if (replaces) this.replacing.add(label);
    for (let n = this.rng.int(0, 2); n > 0; n--) await turn();
    if (replaces) this.replacing.delete(label);
    // Another task may have crashed the engine while this one waited.
    if (generation !== this.generation) return never;
  }

  private fault(label: string): Fault {
    if (!this.chaos || !this.rng.chance(0.05)) return 'none';
    const fault: Fault = this.rng.chance(0.5) ? 'before' : 'after';
    this.schedule.push(`network fault ${fault} the service applied: ${label}`);
    return fault;
  }

  /** The process died: what it had not committed is lost, its timers never fire, and a new one opens the store. */
  private async restart(): Promise<void> {
    this.clock.reset();
    this.store.close();
    this.store = await openSyncStore(this.scratch);
  }

  /**
   * Runs `work` (a pass, or a loop's rounds) with a seeded crash point when chaotic. Resolves to
   * what it returned, or to 'crashed' after a restart.
   */
  async guarded<T>(chaos: boolean, work: () => Promise<T>): Promise<T | 'crashed'> {
    this.chaos = chaos;
    this.points = 0;
    this.crashAt = chaos && this.rng.chance(0.4) ? this.rng.int(1, 160) : 0;
    const crash = new Promise<'crashed'>((resolve) => (this.crashed = () => resolve('crashed')));
    const outcome = await Promise.race([work(), crash]);
    this.chaos = false;
    if (outcome !== 'crashed') return outcome;
    await this.restart();
    return outcome;
  }

  /** One pass of a fresh engine (a process that starts, syncs, and exits, as `folio sync --once`). */
  async pass(chaos: boolean): Promise<SyncSummary | 'crashed'> {
    const outcome = await this.guarded(chaos, () => this.engine().syncOnce());
    if (outcome !== 'crashed') this.settleBlock(outcome);
    return outcome;
  }

  /** A user who is asked to confirm a mass delete confirms it: the simulation is about what follows. */
  settleBlock(summary: SyncSummary): void {
    if (!summary.blocked) return;
    const owner = PairOwner.of(this.store, PAIR);
    if (owner.record().condition.kind !== 'mass-delete') throw new Error(`the pair is blocked: ${summary.blocked}`);
    this.schedule.push(`the user confirms: ${summary.blocked}`);
    owner.confirmDeletes();
  }

  /** Users stop; passes run, without faults or crashes, until one ends in sync. */
  async quiesce(): Promise<boolean> {
    for (let i = 0; i < 8; i++) {
      // Past the racy window: a scan then trusts what it hashes.
      this.clock.advance(5_000);
      const summary = await this.pass(false);
      if (summary !== 'crashed' && summary.converged) return true;
      if (summary !== 'crashed') this.schedule.push(`quiet pass ${i + 1} did not converge: ${summary.errors.join('; ') || summary.blocked}`);
    }
    return false;
  }

  /** The loop, driven on virtual time: users act, time passes, the watcher and the timers start rounds. */
  async loopRounds(steps: number): Promise<void> {
    const engine = this.engine();
    const loop = new PairLoop(engine, { dir: DIR, pollMs: 2_000, fullScanMs: 60_000, debounceMs: 300, retryMs: 1_000, clock: this.clock, watch: this.fs.watcher(),
      onRound: (r) => this.schedule.push(`loop round ${r.seq} (${r.scope === 'full' ? 'full' : `hints: ${r.scope.join(', ') || 'the feed only'}`}): ${r.outcome.kind === 'summary' ? (r.outcome.summary.converged ? 'in sync' : 'not yet in sync') : r.outcome.reason}`),
    });
    let crashed = false;
    const outcome = await this.guarded(true, async () => {
      await loop.ready;
      for (let step = 0; step < steps; step++) {
        this.users.actSome(this.rng.int(0, 3), 'while the loop runs');
        this.clock.advance(this.rng.int(0, 3_000));
        await this.idleOnVirtualTime(loop);
      }
    });
    if (outcome === 'crashed') crashed = true;
    else await loop.stop();
    this.fs.unwatch();
    if (crashed) this.schedule.push('the loop is abandoned with its engine');
  }

  /**
   * The loop's idle() waits for the round its quiet time starts, and on virtual time that time
   * passes only when the world moves the clock: between turns of the event loop, it moves on by
   * a tenth of a second until the loop is idle.
   */
  private async idleOnVirtualTime(loop: PairLoop): Promise<void> {
    let idle = false;
    const done = loop.idle().then(() => {
      idle = true;
    });
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (idle) break;
      this.clock.advance(100);
    }
    await done;
  }

  newIds(): number {
    return this.ids;
  }
}

/**
 * The calls that replace, move or delete what the engine checked just before (Executor's
 * assertUnchanged, a synchronous stat, then one of these). A user's change to that file in
 * between is the window docs/sync.md says the simulation does not model (one system call on a
 * real disk, and no engine can close it without a compare-and-swap on the file system). A user
 * acting at another task's await point (concurrent transfers) could change it all the same, and
 * the engine lost the edit (seed 2599): such a call's paths are busy for every user's action.
 */
const REPLACING = /^fs\.(rename|unlink|rm|rmdir) /;

/** What calls' labels name: paths in the folder, and service ids (containers, documents, versions). */
function busyIn(labels: string[]): Busy {
  const words = labels.flatMap((label) => label.split(/[ /]/));
  const paths = labels
    .flatMap((label) => label.split(' '))
    .filter((w) => w === DIR || w.startsWith(`${DIR}/`))
    .map((w) => w.slice(DIR.length + 1));
  return { paths, ids: new Set(words.filter((w) => /^[cdv]\d+$/.test(w))) };
}

/** Runs the schedule of one seed, start to end. */
export async function runSchedule(seed: number): Promise<ScheduleResult> {
  const world = new SimWorld(seed);
  await world.open();
  try {
    const { rng, users, schedule } = world;
    users.actSome(rng.int(2, 8), 'before the first round');
    const useLoop = rng.chance(0.2);
    if (useLoop) {
      schedule.push('the loop runs');
      await world.loopRounds(rng.int(2, 6));
    } else {
      for (let round = rng.int(2, 5); round > 0; round--) {
        schedule.push('a pass');
        const outcome = await world.pass(true);
        if (outcome === 'crashed') schedule.push('a new engine starts on the same store and folder');
        users.actSome(rng.int(0, 4), 'between rounds');
        world.clock.advance(rng.int(0, 3_000));
      }
    }
    schedule.push('the world goes quiet');
    const converged = await world.quiesce();
    const problems = converged ? checkInvariants(world) : ['no convergence: 8 quiet passes did not end in sync'];
    return { seed, schedule, problems };
  } catch (err) {
    return { seed, schedule: world.schedule, problems: [`the engine threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`] };
  } finally {
    await world.close();
  }
}

export function describeFailure(r: ScheduleResult): string {
  return [`simulation seed ${r.seed} failed; replay: SIM_SEED=${r.seed} npx vitest run test/sim`, ...r.problems.map((p) => `  broken: ${p}`), 'schedule:', ...r.schedule.map((s) => `  ${s}`)].join('\n');
}
