/**
 * DesktopCore: the app core the UI talks to (docs/architecture.md, "The desktop app"). It holds the account (secrets in the
 * keychain only), runs one sync loop (main/sync/loop.ts) per sync pair, keeps the activity stream, finds and resolves
 * conflicts, and relays shares, versions and text from the service. Every method here is a
 * DesktopApi method; the Dispatcher checks arguments before they arrive and turns what they throw
 * into error values.
 *
 * The core is transport-free and Electron-free: the Electron main and the headless web UI host the
 * same object, and with it the embedded local server (main/desktop/local.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type {
  Account,
  AppSettings,
  ArgsOf,
  Conflict,
  Offline,
  OverallState,
  PairSettings,
  PairStatus,
  LeftOutItem,
  ResultOf,
  SettingsView,
  Status,
  SyncCounts,
} from '../../shared/desktop/api.ts';
import { replaceFile } from '../platform/durable.ts';
import { silentLogger, type Logger } from '../platform/log/logger.ts';
import { logDir } from '../platform/log/rotating.ts';
import { allPages, FolioClient, type ClientOptions, type Credentials } from '../remote/client.ts';
import { BrowserSession, DESKTOP_CLIENT, parseSessionTokens, type SessionTokens } from '../remote/signIn.ts';
import type { DesktopStore, StoredAccount } from '../store/sync/desktop.ts';
import type { Checkpointer } from '../store/checkpointer.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import type { NodeState, PairRecord } from '../sync/model.ts';
import { missingCaseError } from '../../shared/missingCaseError.ts';
import { isLeftOutReason } from '../../shared/leftOut.ts';
import { shownState } from './pairState.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import type { Container } from '../../shared/v1/resources.ts';
import { isGuard } from '../sync/condition.ts';
import { IGNORE_FILE, IgnoreRules } from '../sync/ignore.ts';
import { PairSync } from '../sync/engine.ts';
import { PairLoop, type Round } from '../sync/loop.ts';
import { fileCount } from '../sync/massDelete.ts';
import { PairOwner } from '../sync/owner.ts';
import { makeRootFolder } from '../sync/rootFolder.ts';
import { SyncLog } from '../sync/syncLog.ts';
import { ActivityLog } from './activity.ts';
import { findConflicts, parseConflictId, resolveConflict, within } from './conflicts.ts';
import type { Handlers } from './dispatcher.ts';
import { EventHub } from './events.ts';
import { failure } from './failure.ts';
import type { Keychain } from './keychain.ts';
import { hostedRound, type HostedRound } from '../offline/daemon.ts';
import { createFolder, listFolders, requireFolder } from './localFolders.ts';
import { NO_MANAGED_SETTINGS, type ManagedSettings } from './managedSettings.ts';
import { MirrorReads } from './mirrorReads.ts';
import { nearestExisting, type Opener } from './opener.ts';
import { getSharers, searchDirectory } from './people.ts';
import { searchDocuments } from './search.ts';
import { BrowserSignIn, explainSignInFailure } from './signIn.ts';
import { downloadVersion, restoreVersion } from './versionActions.ts';
import { containerView, documentView, shareView, versionTextView, versionView } from './views.ts';

export interface CoreOptions {
  stateDir: string;
  keychain: Keychain;
  managed?: ManagedSettings;
  /** Opens a file with the system's default app (Electron: shell.openPath); headless: none. */
  openPath?: (path: string) => Promise<void>;
  /** Opens the sign-in page in the system browser (Electron: shell.openExternal); headless: the UI opens a tab. */
  openExternal?: (url: string) => Promise<void>;
  /** Shows and opens the files of Activity's rows (Electron: its shell; headless: the OS opener); none: the UI shows the path. */
  opener?: Opener;
  /** The system's folder dialog (Electron: dialog.showOpenDialog), null when cancelled; headless: none, the UI browses through listFolders. */
  pickFolder?: () => Promise<string | null>;
  /** The embedded local server beside the core; without it the outbox and the count of files waiting are 0. */
  local?: LocalLink;
  /**
   * The state database, opened by the host and shared with the local server: one connection and
   * one checkpoint thread for both. The host checkpoints and closes it; without it the core opens its own.
   */
  store?: SyncStore;
  /** Overrides the poll interval of settings (tests). */
  pollMs?: number;
  /** The desktop's log (main/platform/log/rotating.ts): rounds, transfers, failures; none by default. */
  log?: Logger;
  /** Passed to every FolioClient (tests shorten the retry back-off). */
  client?: Pick<ClientOptions, 'retry'>;
  now?: () => Date;
}

/**
 * What the core tells the embedded local server (the offline Daemon, hosted) and asks of it: the
 * core's loops sync the pairs, the daemon keeps the mirror and the outbox after them.
 */
export interface LocalLink {
  /** The local /v1 server, for the settings screen. */
  readonly url: string;
  setAccount(account: { serverUrl: string; credentials: Credentials | null } | null): void;
  roundStarted(pairId: string): void;
  roundEnded(pairId: string, round: HostedRound): void;
  outboxLength(): number;
  pendingUploads(): number;
}

export const DEFAULT_APP_SETTINGS: AppSettings = { startAtLogin: false, notifications: true, autoUpdate: true, pauseAll: false, pollSeconds: 30, theme: 'system', localOnly: false };

/** What the keychain holds for the account: a client secret (Advanced sign-in) or a browser sign-in's tokens. */
type Secret = { clientSecret: string; password?: string } | { session: SessionTokens };

interface PairFacts {
  files: number;
  folders: number;
  conflicts: Conflict[];
}

const EMPTY_ROUND: SyncCounts = { uploaded: 0, downloaded: 0, moved: 0, deleted: 0, conflicts: 0 };
const STATUS_THROTTLE_MS = 200;
/**
 * The watcher names what changed; a full scan every this many polls catches what it missed (a
 * file made while the watcher was starting is one it never learns of, nor of its deletion).
 */
const POLLS_PER_FULL_SCAN = 10;
const DEBOUNCE_MS = 300;

export function secretAccount(a: Pick<StoredAccount, 'serviceUrl' | 'clientId' | 'userName'>): string {
  return `${a.clientId}${a.userName ? `/${a.userName}` : ''}@${a.serviceUrl}`;
}

export class DesktopCore implements Handlers {
  readonly events = new EventHub();
  private client: FolioClient | null = null;
  private account: StoredAccount | null = null;
  private readonly loops = new Map<string, PairLoop>();
  private readonly facts = new Map<string, PairFacts>();
  private readonly announced = new Map<string, Set<string>>();
  private readonly ignoreRules = new Map<string, string>();
  private readonly activity: ActivityLog;
  /** Reads go to the local server's mirror while the service is away. */
  private readonly reads: MirrorReads;
  private offline: Offline = { offline: false, since: '', reason: '', outboxLength: 0, pendingUploads: 0 };
  /** WAL checkpoints of the state database, on a thread of their own (main/store/checkpointer.ts). */
  private checkpoints: Checkpointer | null = null;
  private statusTimer: NodeJS.Timeout | null = null;
  private readonly managed: ManagedSettings;
  private readonly log: Logger;
  private readonly syncLog: SyncLog;
  /** The browser sign-in under way, if any. */
  private pendingSignIn: { attempt: BrowserSignIn; serviceUrl: string } | null = null;
  /** The browser sign-in's tokens, shared by every FolioClient of the account (the local server's too). */
  private session: BrowserSession | null = null;

  private constructor(
    private readonly o: CoreOptions,
    private readonly store: SyncStore,
    private readonly desk: DesktopStore,
  ) {
    this.managed = o.managed ?? NO_MANAGED_SETTINGS;
    this.log = o.log ?? silentLogger();
    this.syncLog = new SyncLog(this.log);
    this.reads = new MirrorReads({ stateDir: o.stateDir, localUrl: o.local?.url ?? '', ...(o.client ? { client: o.client } : {}) });
    this.activity = new ActivityLog({
      onEntry: (entry) => {
        this.events.emit({ type: 'activity', entry });
        this.statusSoon();
      },
      ...(o.now ? { now: o.now } : {}),
    });
  }

  /** Opens the state, and signs back in when the keychain still holds the account's secret. */
  static async open(o: CoreOptions): Promise<DesktopCore> {
    const store = o.store ?? (await openSyncStore(o.stateDir));
    const desk = store.desktop();
    const core = new DesktopCore(o, store, desk);
    if (!o.store) core.checkpoints = store.checkpointInBackground();
    await core.restore();
    return core;
  }

  private async restore(): Promise<void> {
    const stored = this.desk.getAccount();
    if (!stored) return;
    this.account = stored;
    // An account from before IT fixed the service stays signed out: its pairs must not sync there.
    const raw = this.serverAllowed(stored.serviceUrl) ? await this.o.keychain.get(secretAccount(stored)).catch(() => null) : null;
    const secret = raw ? parseSecret(raw) : null;
    this.o.local?.setAccount({ serverUrl: stored.serviceUrl, credentials: secret ? this.credentialsOf(stored, secret) : null });
    if (!secret) return;
    this.client = this.newClient(stored, secret);
    await this.startLoops();
  }

  private newClient(a: StoredAccount, s: Secret): FolioClient {
    return new FolioClient({ baseUrl: a.serviceUrl, credentials: this.credentialsOf(a, s), ...this.o.client });
  }

  private credentialsOf(a: StoredAccount, s: Secret): Credentials {
    if (!('session' in s)) {
      this.session = null;
      return credentialsOf(a, s);
    }
    if (this.session?.current !== s.session) {
      // Refresh tokens rotate: each new pair goes to the keychain at once, or a restart would hold spent ones.
      this.session = new BrowserSession(s.session, (tokens) => this.o.keychain.set(secretAccount(a), JSON.stringify({ session: tokens })).catch(() => undefined));
    }
    return { clientId: a.clientId, clientSecret: '', session: this.session };
  }

  private now(): string {
    return (this.o.now ?? (() => new Date()))().toISOString();
  }

  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    await this.stopLoops();
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.activity.close();
    await this.checkpoints?.stop();
    if (!this.o.store) this.store.close();
  }

  /** Resolves when no pair has a round under way (tests, and a clean shutdown). */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.loops.values()].map((r) => r.idle()));
  }

  // -------------------------------------------------------------------------------------------
  // Accounts

  async getAccount(): Promise<Account> {
    return this.accountView();
  }

  private accountView(): Account {
    const a = this.account;
    return {
      signedIn: this.client !== null,
      serviceUrl: a?.serviceUrl ?? '',
      clientId: a?.clientId ?? '',
      userName: a?.userName ?? '',
      tenantId: a?.tenantId ?? '',
      userId: a?.userId ?? '',
      keychain: this.o.keychain.status(),
    };
  }

  async signIn(args: ArgsOf<'signIn'>): Promise<Account> {
    const userName = args.userName?.trim() ?? '';
    const password = args.password ?? '';
    if (Boolean(userName) !== Boolean(password)) throw failure('INVALID_ARGUMENTS', 'a user name and a password go together');
    // Refused before any request: the secret is never sent to a service IT did not choose.
    if (!this.serverAllowed(args.serviceUrl)) throw failure('SERVER_LOCKED_BY_POLICY', `your administrator set the service to ${this.managed.serverUrl}`);
    const next: StoredAccount = { serviceUrl: args.serviceUrl.replace(/\/+$/, ''), clientId: args.clientId, userName, tenantId: '', userId: '' };
    const secret: Secret = { clientSecret: args.clientSecret, ...(userName ? { password } : {}) };
    const client = this.newClient(next, secret);
    let who: { tenantId: string; userId: string | null };
    try {
      who = await client.whoAmI();
    } catch (err) {
      throw explainSignInFailure(err, next.serviceUrl);
    }
    next.tenantId = who.tenantId;
    next.userId = who.userId ?? '';
    return this.establish(next, secret, client);
  }

  async beginBrowserSignIn(args: ArgsOf<'beginBrowserSignIn'>): Promise<ResultOf<'beginBrowserSignIn'>> {
    const serviceUrl = (this.managed.serverUrl || args.serviceUrl?.trim() || '').replace(/\/+$/, '');
    if (!serviceUrl) throw failure('SIGN_IN_FAILED', 'Type the address of your Folio service, such as https://folio.example.com.');
    if (!this.serverAllowed(serviceUrl)) throw failure('SERVER_LOCKED_BY_POLICY', `your administrator set the service to ${this.managed.serverUrl}`);
    this.pendingSignIn?.attempt.cancel('Another sign-in was started.');
    this.pendingSignIn = null;
    let attempt: BrowserSignIn;
    try {
      attempt = await BrowserSignIn.start(serviceUrl, this.managed.clientId || DESKTOP_CLIENT);
    } catch (err) {
      throw explainSignInFailure(err, serviceUrl);
    }
    this.pendingSignIn = { attempt, serviceUrl };
    const opened = this.o.openExternal ? await this.o.openExternal(attempt.authorizationUrl).then(() => true, () => false) : false;
    return { authorizationUrl: attempt.authorizationUrl, opened };
  }

  async finishBrowserSignIn(): Promise<Account> {
    const pending = this.pendingSignIn;
    if (!pending) throw failure('INVALID_STATE', 'No sign-in is under way. Start it again.');
    let tokens: SessionTokens;
    try {
      tokens = await pending.attempt.finish();
    } catch (err) {
      throw explainSignInFailure(err, pending.serviceUrl);
    } finally {
      if (this.pendingSignIn === pending) this.pendingSignIn = null;
    }
    const next: StoredAccount = { serviceUrl: pending.serviceUrl, clientId: tokens.clientId, userName: tokens.userName, tenantId: tokens.tenantId, userId: tokens.userId };
    const secret: Secret = { session: tokens };
    return this.establish(next, secret, this.newClient(next, secret));
  }

  async cancelBrowserSignIn(): Promise<ResultOf<'cancelBrowserSignIn'>> {
    this.pendingSignIn?.attempt.cancel('The sign-in was cancelled.');
    this.pendingSignIn = null;
    return { done: true };
  }

  /** Makes a checked account the signed-in one: its secret into the keychain, then its pairs run. */
  private async establish(next: StoredAccount, secret: Secret, client: FolioClient): Promise<Account> {
    await this.stopLoops();
    const previous = this.account;
    try {
      await this.o.keychain.set(secretAccount(next), JSON.stringify(secret));
    } catch (err) {
      throw failure('KEYCHAIN_ERROR', `the keychain refused to store the secret: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (previous && secretAccount(previous) !== secretAccount(next)) await this.o.keychain.delete(secretAccount(previous)).catch(() => false);
    this.desk.setAccount(next);
    // Connected now: signing out later leads back to the sign-in screen, where local-only is a choice again.
    this.desk.putSettings({ localOnly: false });
    this.account = next;
    this.client = client;
    this.o.local?.setAccount({ serverUrl: next.serviceUrl, credentials: this.credentialsOf(next, secret) });
    this.offline = { ...this.offline, offline: false, since: '', reason: '' };
    await this.startLoops();
    this.log.info({ service: next.serviceUrl, client: next.clientId, tenant: next.tenantId, ...(next.userName ? { user: next.userName } : {}) }, 'signed in');
    this.events.emit({ type: 'account', account: this.accountView() });
    this.events.emit({ type: 'settings', settings: this.settingsView() });
    this.statusNow();
    return this.accountView();
  }

  /**
   * Revokes a browser sign-in's tokens on the service and forgets the secret; the account's service
   * URL stays, to prefill the next sign-in. Pairs stay, and sync again on the next sign-in.
   */
  async signOut(): Promise<Account> {
    await this.stopLoops();
    const previous = this.account;
    const session = this.session;
    this.client = null;
    this.session = null;
    this.o.local?.setAccount(null);
    this.log.info({ service: previous?.serviceUrl ?? '' }, 'signed out');
    await session?.revoke();
    if (previous) {
      try {
        await this.o.keychain.delete(secretAccount(previous));
      } catch (err) {
        throw failure('KEYCHAIN_ERROR', `signed out, but the keychain refused to delete the secret: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.events.emit({ type: 'account', account: this.accountView() });
    this.statusNow();
    return this.accountView();
  }

  /** Whether managed settings let the app talk to this service: any one, unless IT set ServerUrl. */
  private serverAllowed(url: string): boolean {
    return !this.managed.serverUrl || sameService(url, this.managed.serverUrl);
  }

  /** The signed-in service's URL, '' when signed out (for the shell's openExternal allow-list). */
  accountServiceUrl(): string {
    return this.client && this.account ? this.account.serviceUrl : '';
  }

  private requireClient(): FolioClient {
    if (!this.client) throw failure('NOT_SIGNED_IN', 'sign in to a Folio service first');
    return this.client;
  }

  /** A read from the service, or from the local server's mirror while the service is away. */
  private async read<T>(work: (client: FolioClient) => Promise<T>): Promise<T> {
    return (await this.reads.read(this.requireClient(), this.offline.offline, work)).value;
  }

  // -------------------------------------------------------------------------------------------
  // The service tree

  async listChildren(args: ArgsOf<'listChildren'>): Promise<ResultOf<'listChildren'>> {
    return this.read(async (client) => {
      const id = args.containerId ?? '';
      if (!id) return { container: { containerId: '', name: '', parentId: '' }, containers: (await childContainers(client, '')).map(containerView), documents: [] };
      const here = await client.getContainer(id);
      const { containers, documents } = args.includeDocuments
        ? await client.children(id)
        : { containers: await childContainers(client, id), documents: [] };
      const byName = <T extends { name?: string; title?: string }>(a: T, b: T) => (a.name ?? a.title ?? '').localeCompare(b.name ?? b.title ?? '');
      return {
        container: { containerId: here.containerId, name: here.name, parentId: here.parentId },
        containers: containers.map(containerView).sort(byName),
        documents: documents.map(documentView).sort(byName),
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Search

  async search(args: ArgsOf<'search'>): Promise<ResultOf<'search'>> {
    const { value, fromMirror } = await this.reads.read(this.requireClient(), this.offline.offline, (client) => searchDocuments(client, args));
    return { ...value, fromMirror };
  }

  // -------------------------------------------------------------------------------------------
  // Pairs and status

  async getStatus(): Promise<Status> {
    return this.status();
  }

  async addPair(args: ArgsOf<'addPair'>): Promise<PairStatus> {
    const client = this.requireClient();
    const account = this.account as StoredAccount;
    if (!isAbsolute(args.dir)) throw failure('INVALID_ARGUMENTS', 'the folder must be an absolute path');
    const dir = resolve(args.dir);
    for (const p of this.store.listPairs()) {
      if (overlaps(p.dir, dir)) throw failure('ALREADY_EXISTS', `${dir} overlaps the folder of another pair (${p.dir})`);
    }
    const container = await client.getContainer(args.containerId);
    if (container.status !== 'ACTIVE') throw failure('INVALID_STATE', `the service folder ${container.name} is in the recycle bin`);
    if (!args.create) await requireFolder(dir);
    if (!(await makeRootFolder(dir))) throw failure('INVALID_ARGUMENTS', `${dir} is a file, not a folder`);
    const { ignoreRules, ...engineSettings } = args.settings ?? {};
    if (ignoreRules !== undefined) checkIgnoreRules(ignoreRules);
    const pairId = randomBytes(8).toString('hex');
    PairOwner.add(this.store, { pairId, serverUrl: account.serviceUrl, containerId: container.containerId, dir, settings: engineSettings });
    this.desk.putPairRun(pairId, { lastSyncAt: '', lastRound: {}, containerName: container.name });
    if (ignoreRules !== undefined) await this.writeIgnoreRules(pairId, dir, ignoreRules);
    else this.ignoreRules.set(pairId, '');
    await this.startLoop(this.store.getPair(pairId) as PairRecord);
    this.log.info({ pair: pairId, dir, container: container.containerId }, 'pair added');
    this.statusNow();
    return this.pairStatus(pairId);
  }

  /** Stops syncing the folder. Nothing is deleted, on disk or on the service. */
  async removePair(args: ArgsOf<'removePair'>): Promise<ResultOf<'removePair'>> {
    this.requirePair(args.pairId);
    await this.loops.get(args.pairId)?.stop();
    this.loops.delete(args.pairId);
    this.facts.delete(args.pairId);
    this.announced.delete(args.pairId);
    this.ignoreRules.delete(args.pairId);
    this.activity.forgetPair(args.pairId);
    this.owner(args.pairId).remove();
    this.log.info({ pair: args.pairId }, 'pair removed');
    this.statusNow();
    return { done: true };
  }

  async pausePair(args: ArgsOf<'pausePair'>): Promise<PairStatus> {
    this.requirePair(args.pairId);
    this.owner(args.pairId).pause();
    this.statusNow();
    return this.pairStatus(args.pairId);
  }

  async resumePair(args: ArgsOf<'resumePair'>): Promise<PairStatus> {
    this.requirePair(args.pairId);
    this.owner(args.pairId).resume();
    this.loops.get(args.pairId)?.syncNow();
    this.statusNow();
    return this.pairStatus(args.pairId);
  }

  async syncNow(args: ArgsOf<'syncNow'>): Promise<PairStatus> {
    this.requirePair(args.pairId);
    this.loops.get(args.pairId)?.syncNow();
    return this.pairStatus(args.pairId);
  }

  async confirmDeletes(args: ArgsOf<'confirmDeletes'>): Promise<PairStatus> {
    const pair = this.requirePair(args.pairId);
    if (!isGuard(pair.condition)) throw failure('INVALID_STATE', 'this pair is not waiting for a confirmation');
    const loop = this.loops.get(args.pairId);
    if (!loop) throw failure('NOT_SIGNED_IN', 'sign in to the service of this pair first');
    this.owner(args.pairId).confirmDeletes();
    loop.syncNow();
    this.statusNow();
    return this.pairStatus(args.pairId);
  }

  async listPendingDeletes(args: ArgsOf<'listPendingDeletes'>): Promise<ResultOf<'listPendingDeletes'>> {
    this.requirePair(args.pairId);
    const all = this.owner(args.pairId).pendingDeletes();
    const size = args.pageSize ?? 100;
    const from = ((args.pageNumber ?? 1) - 1) * size;
    return { totalElements: all.length, files: fileCount(all), items: all.slice(from, from + size).map(({ path, kind, side }) => ({ path, kind, side })) };
  }

  async restoreDeletes(args: ArgsOf<'restoreDeletes'>): Promise<PairStatus> {
    const pair = this.requirePair(args.pairId);
    if (pair.condition.kind !== 'mass-delete') throw failure('INVALID_STATE', 'this pair is not holding back a mass delete');
    const loop = this.loops.get(args.pairId);
    if (!loop) throw failure('NOT_SIGNED_IN', 'sign in to the service of this pair first');
    // The restore rewrites the merge base: not while a round reads it.
    await loop.idle();
    const owner = this.owner(args.pairId);
    if (owner.pendingDeletes().length === 0) throw failure('INVALID_STATE', 'the held-back items are not known yet; try again after the next round');
    const restored = owner.restoreDeletes();
    this.log.info({ pair: args.pairId, items: restored }, 'mass delete refused: restoring');
    loop.syncNow();
    this.statusNow();
    return this.pairStatus(args.pairId);
  }

  async updatePairSettings(args: ArgsOf<'updatePairSettings'>): Promise<PairStatus> {
    const pair = this.requirePair(args.pairId);
    const { ignoreRules, ...engine } = args.settings;
    if (ignoreRules !== undefined) checkIgnoreRules(ignoreRules);
    if (Object.keys(engine).length > 0) this.owner(pair.pairId).changeSettings(engine);
    if (ignoreRules !== undefined) await this.writeIgnoreRules(pair.pairId, pair.dir, ignoreRules);
    this.loops.get(pair.pairId)?.syncNow();
    this.statusNow();
    return this.pairStatus(pair.pairId);
  }

  private requirePair(pairId: string): PairRecord {
    const pair = this.store.getPair(pairId);
    if (!pair) throw failure('NOT_FOUND', `no sync pair ${pairId}`);
    return pair;
  }

  private owner(pairId: string): PairOwner {
    return PairOwner.of(this.store, pairId);
  }

  private async writeIgnoreRules(pairId: string, dir: string, text: string): Promise<void> {
    await replaceFile(join(dir, IGNORE_FILE), text);
    this.ignoreRules.set(pairId, text);
  }

  private async loadIgnoreRules(pair: PairRecord): Promise<void> {
    this.ignoreRules.set(pair.pairId, await readFile(join(pair.dir, IGNORE_FILE), 'utf8').catch(() => ''));
  }

  private async startLoops(): Promise<void> {
    for (const pair of this.store.listPairs()) await this.startLoop(pair);
  }

  private async startLoop(pair: PairRecord): Promise<void> {
    await this.loadIgnoreRules(pair);
    await this.refreshFacts(pair, !this.announced.has(pair.pairId));
    if (!this.client || !this.account || pair.serverUrl !== this.account.serviceUrl || this.loops.has(pair.pairId)) return;
    const engine = new PairSync({
      store: this.store,
      pairId: pair.pairId,
      client: this.client,
      onProgress: (path, done, total, direction) => this.activity.progress(pair.pairId, path, done, total, direction),
      onChange: (change) => this.activity.change(pair.pairId, change),
      onTransfer: (report) => this.syncLog.transfer(pair.pairId, report),
      onFailure: (failure) => this.syncLog.failure(pair.pairId, failure),
      onLeftOut: (change) => this.syncLog.leftOut(pair.pairId, change),
    });
    const loop = new PairLoop(engine, {
      dir: pair.dir,
      pollMs: this.pollMs(),
      fullScanMs: POLLS_PER_FULL_SCAN * this.pollMs(),
      debounceMs: DEBOUNCE_MS,
      // A paused pair starts no round (the engine would only report it paused).
      enabled: () => !this.settings().pauseAll && this.store.getPair(pair.pairId)?.condition.kind !== 'paused',
      onRoundStart: () => {
        this.activity.startRound(pair.pairId);
        this.o.local?.roundStarted(pair.pairId);
        this.statusNow();
      },
      onRound: (round) => {
        this.roundEnded(pair.pairId, round).catch((err: unknown) => this.log.error({ err, pair: pair.pairId }, 'recording the end of a round failed'));
      },
    });
    this.loops.set(pair.pairId, loop);
  }

  private async stopLoops(): Promise<void> {
    const all = [...this.loops.values()];
    this.loops.clear();
    await Promise.all(all.map((r) => r.stop()));
  }

  private pollMs(): number {
    return this.o.pollMs ?? this.settings().pollSeconds * 1000;
  }

  private async roundEnded(pairId: string, round: Round): Promise<void> {
    const { outcome } = round;
    this.syncLog.loopRound(pairId, round);
    this.o.local?.roundEnded(pairId, hostedRound(round));
    const pair = this.store.getPair(pairId);
    if (!pair) return;
    if (outcome.kind === 'summary') {
      const s = outcome.summary;
      this.activity.endRound(pairId, s.errors);
      const run = this.desk.getPairRun(pairId) ?? { lastSyncAt: '', lastRound: {}, containerName: '' };
      const lastRound: SyncCounts = { uploaded: s.uploaded, downloaded: s.downloaded, moved: s.moved, deleted: s.deleted, conflicts: s.conflicts };
      this.desk.putPairRun(pairId, { ...run, lastRound, ...(s.converged ? { lastSyncAt: this.now() } : {}) });
      if (this.offline.offline) this.offline = { ...this.offline, offline: false, since: '', reason: '' };
      if (s.blocked && isGuard(pair.condition)) this.notice('warning', 'Sync is waiting for you', s.blocked);
      for (const e of s.errors) this.activity.add({ pairId, path: '', kind: 'error', direction: 'none', state: 'failed', bytesDone: 0, bytesTotal: 0, message: e });
      if (s.uploaded + s.downloaded + s.moved + s.deleted + s.conflicts > 0) {
        this.activity.add({ pairId, path: '', kind: 'round', direction: 'none', state: 'done', bytesDone: 0, bytesTotal: 0, message: `Synced: ${roundLine(s)}` });
      }
    } else {
      this.activity.endRound(pairId, [outcome.reason]);
      if (outcome.kind === 'offline' && !this.offline.offline) {
        this.offline = { ...this.offline, offline: true, since: this.now(), reason: outcome.reason };
        this.notice('warning', 'Folio is offline', 'The service cannot be reached; changes wait and sync when it is back.');
      }
      if (outcome.kind === 'error') {
        this.activity.add({ pairId, path: '', kind: 'error', direction: 'none', state: 'failed', bytesDone: 0, bytesTotal: 0, message: outcome.reason });
        this.notice('error', 'Sync failed', outcome.reason);
      }
    }
    await this.refreshFacts(pair);
    this.statusNow();
  }

  /**
   * Counts files and folders from the engine's last look at the disk, and finds conflicts; a new
   * one is announced once (those found when the app starts were announced by an earlier run).
   */
  private async refreshFacts(pair: PairRecord, starting = false): Promise<void> {
    const tree = this.store.loadTree(pair.pairId, 'local');
    let files = 0;
    let folders = 0;
    for (const n of tree.values()) {
      if (n.kind === 'file') files++;
      else folders++;
    }
    const conflicts = await findConflicts(pair.pairId, pair.dir, filePaths(tree, pair.containerId));
    this.facts.set(pair.pairId, { files, folders, conflicts });
    let announced = this.announced.get(pair.pairId);
    if (!announced) this.announced.set(pair.pairId, (announced = new Set()));
    for (const c of conflicts) {
      if (announced.has(c.conflictId)) continue;
      announced.add(c.conflictId);
      if (starting) continue;
      this.events.emit({ type: 'conflict', conflict: c });
      this.activity.add({ pairId: pair.pairId, path: c.copyPath, kind: 'conflict', direction: 'none', state: 'done', bytesDone: 0, bytesTotal: 0, message: `conflict with ${c.path}` });
      this.notice('warning', 'A file was changed in two places', `${c.path}: your copy was kept as ${c.copyPath.split('/').pop() ?? c.copyPath}`);
    }
  }

  private notice(level: 'info' | 'warning' | 'error', title: string, body: string): void {
    this.events.emit({ type: 'notice', level, title, body });
  }

  private pairStatus(pairId: string): PairStatus {
    const pair = this.requirePair(pairId);
    return this.pairView(pair);
  }

  private pairView(pair: PairRecord): PairStatus {
    const run = this.desk.getPairRun(pair.pairId);
    const facts = this.facts.get(pair.pairId) ?? { files: 0, folders: 0, conflicts: [] };
    const loop = this.loops.get(pair.pairId);
    const outcome = loop?.lastOutcome;
    const errors = outcome?.kind === 'summary' ? outcome.summary.errors : [];
    const leftOut = this.store.leftOut(pair.pairId).length;
    const [state, stateReason] = shownState(this.pairState(pair, loop), { leftOut, conflicts: facts.conflicts.length });
    const settings: PairSettings = {
      concurrency: pair.settings.concurrency,
      uploadLimit: pair.settings.uploadLimit,
      downloadLimit: pair.settings.downloadLimit,
      excludedFolders: pair.settings.excludedFolders,
      ignoreRules: this.ignoreRules.get(pair.pairId) ?? '',
    };
    return {
      pairId: pair.pairId,
      dir: pair.dir,
      serviceUrl: pair.serverUrl,
      containerId: pair.containerId,
      containerName: run?.containerName ?? '',
      state,
      stateReason,
      settings,
      files: facts.files,
      folders: facts.folders,
      conflicts: facts.conflicts.length,
      leftOut,
      lastSyncAt: run?.lastSyncAt ?? '',
      lastRound: { ...EMPTY_ROUND, ...(run?.lastRound ?? {}) },
      errors,
      progress: this.activity.roundProgress(pair.pairId),
    };
  }

  private pairState(pair: PairRecord, loop: PairLoop | undefined): [PairStatus['state'], string] {
    if (!this.client || !this.account) return ['OFFLINE', 'not signed in'];
    if (pair.serverUrl !== this.account.serviceUrl) return ['OFFLINE', `belongs to ${pair.serverUrl}, not the signed-in service`];
    const pausing = loop?.phase === 'SYNCING';
    const c = pair.condition;
    if (c.kind === 'paused') return pausing ? ['SYNCING', 'pausing when this round ends'] : ['PAUSED', 'paused'];
    if (this.settings().pauseAll) return pausing ? ['SYNCING', 'pausing when this round ends'] : ['PAUSED', 'every pair is paused'];
    switch (c.kind) {
      case 'mass-delete':
      case 'root-missing':
      case 'remote-root-missing':
        return ['WAITING', c.message];
      case 'active':
      case 'deletes-confirmed':
        break;
      default:
        throw missingCaseError(c);
    }
    if (!loop) return ['STARTING', ''];
    const outcome = loop.lastOutcome;
    switch (loop.phase) {
      case 'OFFLINE':
      case 'ERROR':
        return [loop.phase, outcome && outcome.kind !== 'summary' ? outcome.reason : ''];
      case 'IDLE':
        if (outcome?.kind === 'summary' && !outcome.summary.converged && outcome.summary.errors.length > 0) return ['ERROR', outcome.summary.errors[0] as string];
        return ['IDLE', ''];
      default:
        // A round that runs while the service is away is a retry: it is still offline.
        return this.offline.offline ? ['OFFLINE', 'waiting for the service; retrying'] : [loop.phase, ''];
    }
  }

  private status(): Status {
    const pairs = this.store.listPairs().map((p) => this.pairView(p));
    const progress = { filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 };
    for (const p of pairs) for (const k of Object.keys(progress) as (keyof typeof progress)[]) progress[k] += p.progress[k];
    const offline: Offline = { ...this.offline, outboxLength: this.o.local?.outboxLength() ?? 0, pendingUploads: this.o.local?.pendingUploads() ?? 0 };
    return { state: this.overall(pairs, offline), pairs, progress, offline };
  }

  private overall(pairs: PairStatus[], offline: Offline): OverallState {
    if (!this.client) return this.settings().localOnly ? 'LOCAL_ONLY' : 'SIGNED_OUT';
    if (pairs.some((p) => p.state === 'WAITING' || p.state === 'ERROR' || p.state === 'ATTENTION')) return 'ATTENTION';
    if (offline.offline) return 'OFFLINE';
    if (pairs.some((p) => p.state === 'SYNCING' || p.state === 'STARTING')) return 'SYNCING';
    if (pairs.length > 0 && pairs.every((p) => p.state === 'PAUSED')) return 'PAUSED';
    return 'IDLE';
  }

  /** A round of every pair soon (the local server's host asks: the service is back, a folder changed). */
  syncAll(): void {
    for (const r of this.loops.values()) r.syncNow();
  }

  /** The local server's outbox or count of files waiting changed: the UI hears of it. */
  localChanged(): void {
    this.statusSoon();
  }

  private statusNow(): void {
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    this.events.emit({ type: 'status', status: this.status() });
  }

  /** Progress moves often: one status event per STATUS_THROTTLE_MS at most. */
  private statusSoon(): void {
    // The local server's last pass, after the core closed, still reports changes: nobody listens.
    if (this.closed) return;
    this.statusTimer ??= setTimeout(() => this.statusNow(), STATUS_THROTTLE_MS);
  }

  // -------------------------------------------------------------------------------------------
  // Folders on this computer

  async pickFolder(): Promise<ResultOf<'pickFolder'>> {
    if (!this.o.pickFolder) return { native: false, path: '' };
    return { native: true, path: (await this.o.pickFolder()) ?? '' };
  }

  async listFolders(args: ArgsOf<'listFolders'>): Promise<ResultOf<'listFolders'>> {
    return listFolders(args);
  }

  async createFolder(args: ArgsOf<'createFolder'>): Promise<ResultOf<'createFolder'>> {
    return createFolder(args);
  }

  // -------------------------------------------------------------------------------------------
  // Activity and conflicts

  async listActivity(args: ArgsOf<'listActivity'>): Promise<ResultOf<'listActivity'>> {
    return this.activity.list(args.afterSeq ?? 0, args.limit ?? 1000);
  }

  /** A file that is gone (deleted, moved away) is shown by the nearest folder of it that is left. */
  async showActivityInFolder(args: ArgsOf<'showActivityInFolder'>): Promise<ResultOf<'showActivityInFolder'>> {
    const { dir, path } = this.activityFile(args.seq);
    const shown = await nearestExisting(dir, path);
    if (!this.o.opener) return { path: shown, opened: false };
    await this.o.opener.showInFolder(shown);
    return { path: shown, opened: true };
  }

  async openActivityFile(args: ArgsOf<'openActivityFile'>): Promise<ResultOf<'openActivityFile'>> {
    const { path } = this.activityFile(args.seq);
    if (!(await stat(path).catch(() => null))?.isFile()) throw failure('NOT_FOUND', `${path} is no longer on this computer`);
    if (!this.o.opener) return { path, opened: false };
    await this.o.opener.open(path);
    return { path, opened: true };
  }

  /** The file of an activity entry, inside its pair's folder: the entry's path never leads out of it. */
  private activityFile(seq: number): { dir: string; path: string } {
    const entry = this.activity.entry(seq);
    if (!entry) throw failure('NOT_FOUND', `no activity entry ${seq}`);
    const pair = this.store.getPair(entry.pairId);
    if (!pair) throw failure('NOT_FOUND', 'the folder of this entry no longer syncs');
    return { dir: pair.dir, path: entry.path ? within(pair.dir, entry.path) : pair.dir };
  }

  async listLeftOut(args: ArgsOf<'listLeftOut'>): Promise<LeftOutItem[]> {
    const pairs = args.pairId ? [this.requirePair(args.pairId)] : this.store.listPairs();
    return pairs.flatMap((pair) => this.store.leftOut(pair.pairId).flatMap((r): LeftOutItem[] => (isLeftOutReason(r.reason) ? [{ pairId: pair.pairId, side: r.side, path: r.path, reason: r.reason }] : [])));
  }

  async listConflicts(args: ArgsOf<'listConflicts'>): Promise<Conflict[]> {
    const pairs = args.pairId ? [this.requirePair(args.pairId)] : this.store.listPairs();
    const out: Conflict[] = [];
    for (const pair of pairs) {
      await this.refreshFacts(pair);
      out.push(...(this.facts.get(pair.pairId)?.conflicts ?? []));
    }
    return out;
  }

  async openConflict(args: ArgsOf<'openConflict'>): Promise<ResultOf<'openConflict'>> {
    const { pair, copyPath, path } = this.conflictOf(args.conflictId);
    const paths = { original: within(pair.dir, path), copy: within(pair.dir, copyPath) };
    if (this.o.openPath) await Promise.all([this.o.openPath(paths.original), this.o.openPath(paths.copy)]);
    return paths;
  }

  async resolveConflict(args: ArgsOf<'resolveConflict'>): Promise<ResultOf<'resolveConflict'>> {
    const { pair, copyPath } = this.conflictOf(args.conflictId);
    const kept = await resolveConflict(pair.dir, copyPath, args.keep);
    await this.refreshFacts(pair);
    this.loops.get(pair.pairId)?.syncNow();
    this.statusNow();
    return { kept };
  }

  private conflictOf(id: string): { pair: PairRecord; copyPath: string; path: string } {
    const { pairId, copyPath } = parseConflictId(id);
    const pair = this.store.getPair(pairId);
    if (!pair) throw failure('NOT_FOUND', 'no such conflict');
    const known = this.facts.get(pairId)?.conflicts.find((c) => c.copyPath === copyPath);
    if (!known) throw failure('NOT_FOUND', 'no such conflict (resolved already?)');
    return { pair, copyPath, path: known.path };
  }

  // -------------------------------------------------------------------------------------------
  // Shares

  async listShares(args: ArgsOf<'listShares'>): Promise<ResultOf<'listShares'>> {
    return this.read(async (client) => {
      const out: ResultOf<'listShares'> = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await client.v1(contract.shareGrants.getPage, {
          resourceType: args.resourceType,
          resourceId: args.resourceId,
          pageSize: 500,
          pageNumber,
          ...(args.includeInactive ? {} : { status: 'ACTIVE' as const }),
        });
        out.push(...page.content.map(shareView));
        if (page.content.length === 0 || out.length >= page.totalElements) return out;
      }
    });
  }

  async createShare(args: ArgsOf<'createShare'>): Promise<ResultOf<'createShare'>> {
    return shareView(await this.requireClient().v1(contract.shareGrants.create, args));
  }

  async updateShare(args: ArgsOf<'updateShare'>): Promise<ResultOf<'updateShare'>> {
    return shareView(await this.requireClient().v1(contract.shareGrants.update, args));
  }

  async revokeShare(args: ArgsOf<'revokeShare'>): Promise<ResultOf<'revokeShare'>> {
    return shareView(await this.requireClient().v1(contract.shareGrants.revoke, args));
  }

  async searchDirectory(args: ArgsOf<'searchDirectory'>): Promise<ResultOf<'searchDirectory'>> {
    return searchDirectory(this.requireClient(), args);
  }

  async getSharers(args: ArgsOf<'getSharers'>): Promise<ResultOf<'getSharers'>> {
    return getSharers(this.requireClient(), args);
  }

  // -------------------------------------------------------------------------------------------
  // Documents

  async getDocument(args: ArgsOf<'getDocument'>): Promise<ResultOf<'getDocument'>> {
    return documentView(await this.read((client) => client.getDocument(args.docId)));
  }

  /** The service document behind a synced file of a pair. */
  async documentByPath(args: ArgsOf<'documentByPath'>): Promise<ResultOf<'documentByPath'>> {
    const pair = this.requirePair(args.pairId);
    const tree = this.store.loadTree(pair.pairId, 'synced');
    const wanted = args.path.replace(/^\/+|\/+$/g, '');
    for (const [id, path] of filePaths(tree, pair.containerId, true)) {
      if (path === wanted) return documentView(await this.requireClient().getDocument(id));
    }
    throw failure('NOT_FOUND', `${wanted} is not a synced file of this pair`);
  }

  async listVersions(args: ArgsOf<'listVersions'>): Promise<ResultOf<'listVersions'>> {
    const page = await this.read((client) => client.v1(contract.versions.getPage, { docId: args.docId, pageNumber: args.pageNumber ?? 1, pageSize: args.pageSize ?? 50 }));
    return { totalElements: page.totalElements, versions: page.content.map(versionView) };
  }

  async getVersionText(args: ArgsOf<'getVersionText'>): Promise<ResultOf<'getVersionText'>> {
    const text = await this.read((client) => client.v1(contract.versions.text, { versionId: args.versionId, ...(args.page ? { page: args.page } : {}) }));
    return versionTextView(text);
  }

  async downloadVersion(args: ArgsOf<'downloadVersion'>): Promise<ResultOf<'downloadVersion'>> {
    return this.read((client) => downloadVersion(client, args));
  }

  /** The restored version reaches the disk with the pairs' next round, started now rather than at the next poll. */
  async restoreVersion(args: ArgsOf<'restoreVersion'>): Promise<ResultOf<'restoreVersion'>> {
    const restored = await restoreVersion(this.requireClient(), args);
    this.syncAll();
    return restored;
  }

  // -------------------------------------------------------------------------------------------
  // Settings

  settings(): AppSettings {
    return { ...DEFAULT_APP_SETTINGS, ...(this.desk.getSettings() as Partial<AppSettings>), ...this.managed.forced };
  }

  async getSettings(): Promise<SettingsView> {
    return this.settingsView();
  }

  private settingsView(): SettingsView {
    return {
      settings: this.settings(),
      locked: [...this.managed.locked],
      managed: { serverUrl: this.managed.serverUrl, clientId: this.managed.clientId },
      stateDir: this.o.stateDir,
      localApiUrl: this.o.local?.url ?? '',
    };
  }

  /** Electron shows the folder in the file manager; headless, there is none to ask, and the UI shows the path. */
  async openLogFolder(): Promise<ResultOf<'openLogFolder'>> {
    const path = logDir(this.o.stateDir);
    await mkdir(path, { recursive: true });
    if (!this.o.openPath) return { path, opened: false };
    await this.o.openPath(path);
    return { path, opened: true };
  }

  async updateSettings(args: ArgsOf<'updateSettings'>): Promise<SettingsView> {
    const locked = Object.keys(args).filter((k) => this.managed.locked.includes(k as keyof AppSettings));
    if (locked.length > 0) throw failure('LOCKED_BY_POLICY', `set by your administrator: ${locked.join(', ')}`);
    const before = this.settings();
    this.desk.putSettings(args);
    const after = this.settings();
    if (before.pollSeconds !== after.pollSeconds) for (const r of this.loops.values()) r.setPoll(this.pollMs());
    if (before.pauseAll && !after.pauseAll) for (const r of this.loops.values()) r.syncNow();
    const view = this.settingsView();
    this.events.emit({ type: 'settings', settings: view });
    this.statusNow();
    return view;
  }
}

/** Every child container of a container ('' for the tenant's root), page by page. */
function childContainers(client: FolioClient, parentId: string): Promise<Container[]> {
  return allPages((pageNumber) => client.v1(contract.containers.getPage, { ...(parentId ? { parentId } : {}), pageSize: 500, pageNumber, orderByColumn: 'name', isAsc: 'asc' }));
}

/** The same service: URLs equal once parsed (host case, default port) and without a trailing slash. */
function sameService(a: string, b: string): boolean {
  const canonical = (u: string) => {
    try {
      return new URL(u).href.replace(/\/+$/, '');
    } catch {
      return null;
    }
  };
  const x = canonical(a);
  return x !== null && x === canonical(b);
}

/** The editor is refused a line that would be skipped or match nothing, rather than saving a rule that silently does nothing. */
function checkIgnoreRules(text: string): void {
  const { problems } = IgnoreRules.fromPatterns(text.split(/\r?\n/));
  if (problems.length > 0) throw failure('INVALID_ARGUMENTS', `ignore rules: ${problems.map((p) => `line ${p.line} ${p.reason}`).join('; ')}`);
}

function overlaps(a: string, b: string): boolean {
  const inside = (x: string, y: string) => {
    const r = relative(x, y);
    return r === '' || (!r.startsWith('..') && !isAbsolute(r));
  };
  return inside(a, b) || inside(b, a);
}

/** Paths ('/'-separated, relative to the pair's root) of a tree's files, by id. */
function filePaths(tree: ReadonlyMap<string, NodeState>, rootId: string): string[];
function filePaths(tree: ReadonlyMap<string, NodeState>, rootId: string, withIds: true): [string, string][];
function filePaths(tree: ReadonlyMap<string, NodeState>, rootId: string, withIds = false): string[] | [string, string][] {
  const memo = new Map<string, string | null>([[rootId, '']]);
  const pathOf = (id: string, depth = 0): string | null => {
    if (memo.has(id)) return memo.get(id) as string | null;
    const node = tree.get(id);
    const parent = node && depth <= tree.size ? pathOf(node.parentId, depth + 1) : null;
    const p = node && parent !== null ? (parent ? `${parent}/${node.name}` : node.name) : null;
    memo.set(id, p);
    return p;
  };
  const out: [string, string][] = [];
  for (const n of tree.values()) {
    if (n.kind !== 'file') continue;
    const p = pathOf(n.id);
    if (p !== null) out.push([n.id, p]);
  }
  return withIds ? out : out.map(([, p]) => p);
}

function credentialsOf(a: Pick<StoredAccount, 'clientId' | 'userName'>, s: { clientSecret: string; password?: string }): Credentials {
  return {
    clientId: a.clientId,
    clientSecret: s.clientSecret,
    ...(a.userName && s.password !== undefined ? { user: { userName: a.userName, password: s.password } } : {}),
  };
}

function parseSecret(raw: string): Secret | null {
  try {
    const s = JSON.parse(raw) as { clientSecret?: unknown; password?: unknown; session?: unknown };
    const session = parseSessionTokens(s.session);
    if (session) return { session };
    return typeof s.clientSecret === 'string' ? { clientSecret: s.clientSecret, ...(typeof s.password === 'string' ? { password: s.password } : {}) } : null;
  } catch {
    return null;
  }
}

function roundLine(s: SyncCounts): string {
  const parts = (Object.keys(EMPTY_ROUND) as (keyof SyncCounts)[]).filter((k) => s[k] > 0).map((k) => `${k} ${s[k]}`);
  return parts.join(', ');
}
