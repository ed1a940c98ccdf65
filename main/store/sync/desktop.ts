/**
 * The desktop core's repository over its tables in the sync database (migration 0010): the account
 * (no secrets), app settings and each pair's last round. It shares SyncStore's connection
 * (SyncStore.desktop()); the migrations run when the sync store opens.
 */
import { Repository, type Db } from '../db.ts';
import { nowIso } from '../ids.ts';

export interface StoredAccount {
  serviceUrl: string;
  clientId: string;
  userName: string;
  tenantId: string;
  userId: string;
}

export interface PairRun {
  lastSyncAt: string;
  lastRound: Record<string, number>;
  containerName: string;
}

interface AccountRow {
  service_url: string;
  client_id: string;
  user_name: string;
  tenant_id: string;
  user_id: string;
}

export class DesktopStore extends Repository {
  /** `settle` commits a group of the engine's left open on the shared connection (SyncStore.settleGroup). */
  constructor(db: Db, private readonly settle: () => void) {
    super(db);
  }

  getAccount(): StoredAccount | undefined {
    const r = this.prepared<[], AccountRow>('SELECT service_url, client_id, user_name, tenant_id, user_id FROM desktop_account WHERE id = 1').get();
    return r && { serviceUrl: r.service_url, clientId: r.client_id, userName: r.user_name, tenantId: r.tenant_id, userId: r.user_id };
  }

  setAccount(a: StoredAccount): void {
    this.prepared('INSERT OR REPLACE INTO desktop_account (id, service_url, client_id, user_name, tenant_id, user_id, update_time) VALUES (1, ?, ?, ?, ?, ?, ?)')
      .run(a.serviceUrl, a.clientId, a.userName, a.tenantId, a.userId, nowIso());
    this.settle();
  }

  clearAccount(): void {
    this.prepared('DELETE FROM desktop_account').run();
    this.settle();
  }

  /** Stored settings as JSON values by name; the caller owns their meaning and defaults. */
  getSettings(): Record<string, unknown> {
    const rows = this.prepared<[], { name: string; value: string }>('SELECT name, value FROM desktop_settings').all();
    return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  }

  putSettings(values: Record<string, unknown>): void {
    const put = this.prepared('INSERT OR REPLACE INTO desktop_settings (name, value) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const [name, value] of Object.entries(values)) put.run(name, JSON.stringify(value));
    })();
    this.settle();
  }

  getPairRun(pairId: string): PairRun | undefined {
    const r = this.prepared<[string], { last_sync_at: string; last_round: string; container_name: string }>('SELECT last_sync_at, last_round, container_name FROM desktop_pair_runs WHERE pair_id = ?')
      .get(pairId);
    return r && { lastSyncAt: r.last_sync_at, lastRound: JSON.parse(r.last_round) as Record<string, number>, containerName: r.container_name };
  }

  putPairRun(pairId: string, run: PairRun): void {
    this.prepared('INSERT OR REPLACE INTO desktop_pair_runs (pair_id, last_sync_at, last_round, container_name) VALUES (?, ?, ?, ?)')
      .run(pairId, run.lastSyncAt, JSON.stringify(run.lastRound), run.containerName);
  }
}
