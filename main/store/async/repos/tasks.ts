/**
 * Persisted background tasks (async ingest from URL), over either database. A task is PENDING
 * until a node claims it (RUNNING, with a lease, one more attempt); the run marks it SUCCEEDED or
 * FAILED, or a shutdown puts it back. A RUNNING task whose lease ran out (its node died) is claimed
 * again by any node and runs again from the beginning (main/service/tasks/runner.ts). Outcomes are
 * written only by the claim that holds the task.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { VersionResult } from '../../../../shared/v1/resources.ts';
import type { TaskKind, TaskStatus } from '../../../../shared/v1/ingest.ts';
import { newId, nowIso } from '../../ids.ts';
import type { Dialect, StoreSchema } from '../schema.ts';
import { type Claim, endEveryLease, type Lease, pickedForClaim } from './leases.ts';

export interface TaskRecord {
  taskId: string;
  tenantId: string;
  kind: TaskKind;
  status: TaskStatus;
  /** The kind's input, as the service wrote it (JSON). */
  input: string;
  result: VersionResult | null;
  failCode: number;
  failReason: string;
  attempts: number;
  /** Who asked: the request context the task runs under. */
  clientId: string;
  userId: string | null;
  authMode: string;
  createBy: string;
  createTime: string;
  updateTime: string;
  /** The node holding a RUNNING task, and until when (epoch ms). */
  leaseOwner: string;
  leaseUntil: number;
}

export type NewTask = Pick<TaskRecord, 'tenantId' | 'kind' | 'input' | 'clientId' | 'userId' | 'authMode' | 'createBy'>;

const COLUMNS = [
  'task_id',
  'tenant_id',
  'kind',
  'status',
  'input',
  'result',
  'fail_code',
  'fail_reason',
  'attempts',
  'client_id',
  'user_id',
  'auth_mode',
  'create_by',
  'create_time',
  'update_time',
  'lease_owner',
  'lease_until',
] as const;

interface Row {
  task_id: string;
  tenant_id: string;
  kind: TaskKind;
  status: TaskStatus;
  input: string;
  result: string | null;
  fail_code: number;
  fail_reason: string;
  attempts: number;
  client_id: string;
  user_id: string | null;
  auth_mode: string;
  create_by: string;
  create_time: string;
  update_time: string;
  lease_owner: string;
  lease_until: number;
}

const toRecord = (r: Row): TaskRecord => ({
  taskId: r.task_id,
  tenantId: r.tenant_id,
  kind: r.kind,
  status: r.status,
  input: r.input,
  result: r.result === null ? null : (JSON.parse(r.result) as VersionResult),
  failCode: r.fail_code,
  failReason: r.fail_reason,
  attempts: r.attempts,
  clientId: r.client_id,
  userId: r.user_id,
  authMode: r.auth_mode,
  createBy: r.create_by,
  createTime: r.create_time,
  updateTime: r.update_time,
  leaseOwner: r.lease_owner,
  leaseUntil: r.lease_until,
});

export class AsyncTaskRepository {
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly dialect: Dialect,
  ) {}

  async create(input: NewTask): Promise<TaskRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('tasks')
      .values({
        task_id: newId('tsk'),
        tenant_id: input.tenantId,
        kind: input.kind,
        status: 'PENDING',
        input: input.input,
        result: null,
        client_id: input.clientId,
        user_id: input.userId,
        auth_mode: input.authMode,
        create_by: input.createBy,
        create_time: now,
        update_time: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, taskId: string): Promise<TaskRecord | undefined> {
    const row = await this.q.selectFrom('tasks').select(COLUMNS).where('tenant_id', '=', tenantId).where('task_id', '=', taskId).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Takes this task for a run, if it is PENDING or its lease ran out by `now`. Undefined otherwise. */
  claim(taskId: string, lease: Lease, now = Date.now()): Promise<TaskRecord | undefined> {
    return this.take(taskId, lease, now);
  }

  /** Takes the oldest task that is PENDING, or RUNNING under a lease that ran out by `now`. */
  claimNext(lease: Lease, now = Date.now()): Promise<TaskRecord | undefined> {
    return this.take(undefined, lease, now);
  }

  /** Extends the lease of each of `claims` still held; returns the ids of those that were. */
  async renew(claims: ReadonlyArray<{ taskId: string } & Claim>, until: number): Promise<Set<string>> {
    const held = new Set<string>();
    for (const c of claims) {
      const result = await this.held(c.taskId, c).set({ lease_until: until }).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) held.add(c.taskId);
    }
    return held;
  }

  /** SUCCEEDED with its version. False when `claim` no longer holds the task: another node's run owns its outcome. */
  async succeed(taskId: string, claim: Claim, result: VersionResult): Promise<boolean> {
    return this.settle(taskId, claim, { status: 'SUCCEEDED', result: JSON.stringify(result) });
  }

  /** FAILED with an error's code and message. False when `claim` no longer holds the task. */
  async fail(taskId: string, claim: Claim, failCode: number, failReason: string): Promise<boolean> {
    return this.settle(taskId, claim, { status: 'FAILED', fail_code: failCode, fail_reason: failReason });
  }

  /** Ends every lease on the rows at once (leases.ts, `endEveryLease`). */
  endEveryLease(): Promise<number> {
    return endEveryLease(this.q, 'tasks');
  }

  /** Puts a RUNNING task back in line (its run was interrupted, not failed). */
  async release(taskId: string, claim: Claim): Promise<boolean> {
    return this.settle(taskId, claim, { status: 'PENDING' });
  }

  /** The earliest time a RUNNING task's lease runs out, or undefined when none is RUNNING. */
  async nextLeaseEnd(): Promise<number | undefined> {
    const row = await this.q
      .selectFrom('tasks')
      .select((eb) => eb.fn.min<number | null>('lease_until').as('t'))
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    return row?.t ?? undefined;
  }

  /**
   * Claims `taskId`, or when it is undefined a task RUNNING under a lease that ran out (the oldest
   * lease first), else the oldest PENDING one: each one probe of an index in its own order (an OR
   * of the two made SQLite read and sort every task of both kinds, as it did the jobs' backlog).
   */
  private async take(taskId: string | undefined, lease: Lease, now: number): Promise<TaskRecord | undefined> {
    const open = this.q.selectFrom('tasks').select('task_id');
    if (taskId !== undefined) {
      return this.takePicked(open.where('task_id', '=', taskId).where((eb) => eb.or([eb('status', '=', 'PENDING'), eb.and([eb('status', '=', 'RUNNING'), eb('lease_until', '<', now)])])), lease);
    }
    const interrupted = open.where('status', '=', 'RUNNING').where('lease_until', '<', now).orderBy('lease_until').orderBy('task_id').limit(1);
    const pending = open.where('status', '=', 'PENDING').orderBy('create_time').orderBy('task_id').limit(1);
    return (await this.takePicked(interrupted, lease)) ?? (await this.takePicked(pending, lease));
  }

  private async takePicked(picked: SelectQueryBuilder<StoreSchema, 'tasks', { task_id: string }>, lease: Lease): Promise<TaskRecord | undefined> {
    const row = await this.q
      .updateTable('tasks')
      .set({ status: 'RUNNING', attempts: sql<number>`attempts + 1`, lease_owner: lease.owner, lease_until: lease.until, update_time: nowIso() })
      .where('task_id', '=', pickedForClaim(this.dialect, picked))
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  private held(taskId: string, claim: Claim) {
    return this.q
      .updateTable('tasks')
      .where('task_id', '=', taskId)
      .where('status', '=', 'RUNNING')
      .where('lease_owner', '=', claim.owner)
      .where('attempts', '=', claim.attempts);
  }

  private async settle(taskId: string, claim: Claim, outcome: { status: TaskStatus; result?: string; fail_code?: number; fail_reason?: string }): Promise<boolean> {
    const result = await this.held(taskId, claim)
      .set({ ...outcome, lease_owner: '', lease_until: 0, update_time: nowIso() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
