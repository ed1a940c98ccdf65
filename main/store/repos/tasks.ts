/**
 * Persisted background tasks (async ingest from URL). A task survives a restart: RUNNING rows left
 * by a crash or a shutdown go back to PENDING and run again (see main/service/tasks/runner.ts).
 */
import type { VersionResult } from '../../../shared/v1/resources.ts';
import type { TaskKind, TaskStatus } from '../../../shared/v1/ingest.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

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
}

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
});

export type NewTask = Pick<TaskRecord, 'tenantId' | 'kind' | 'input' | 'clientId' | 'userId' | 'authMode' | 'createBy'>;

export class TaskRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM tasks WHERE tenant_id = ? AND task_id = ?');

  create(input: NewTask): TaskRecord {
    const taskId = newId('tsk');
    const now = nowIso();
    this.prepared(
        `INSERT INTO tasks (task_id, tenant_id, kind, status, input, client_id, user_id, auth_mode, create_by, create_time, update_time)
         VALUES (?, ?, ?, 'PENDING', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(taskId, input.tenantId, input.kind, input.input, input.clientId, input.userId, input.authMode, input.createBy, now, now);
    return this.get(input.tenantId, taskId) as TaskRecord;
  }

  get(tenantId: string, taskId: string): TaskRecord | undefined {
    const row = this.getStmt.get(tenantId, taskId);
    return row && toRecord(row);
  }

  /** Takes a PENDING task for a run: RUNNING, one more attempt. Undefined if it is not PENDING. */
  claim(taskId: string): TaskRecord | undefined {
    const row = this.prepared<[string, string], Row>("UPDATE tasks SET status = 'RUNNING', attempts = attempts + 1, update_time = ? WHERE task_id = ? AND status = 'PENDING' RETURNING *")
      .get(nowIso(), taskId);
    return row && toRecord(row);
  }

  succeed(taskId: string, result: VersionResult): void {
    this.prepared("UPDATE tasks SET status = 'SUCCEEDED', result = ?, update_time = ? WHERE task_id = ? AND status = 'RUNNING'")
      .run(JSON.stringify(result), nowIso(), taskId);
  }

  fail(taskId: string, failCode: number, failReason: string): void {
    this.prepared("UPDATE tasks SET status = 'FAILED', fail_code = ?, fail_reason = ?, update_time = ? WHERE task_id = ? AND status IN ('PENDING', 'RUNNING')")
      .run(failCode, failReason, nowIso(), taskId);
  }

  /** Puts a RUNNING task back in line (its run was interrupted, not failed). */
  requeue(taskId: string): void {
    this.prepared("UPDATE tasks SET status = 'PENDING', update_time = ? WHERE task_id = ? AND status = 'RUNNING'").run(nowIso(), taskId);
  }

  /** After a crash, RUNNING rows belong to no process: they go back in line. */
  requeueAllRunning(): number {
    return this.prepared("UPDATE tasks SET status = 'PENDING', update_time = ? WHERE status = 'RUNNING'").run(nowIso()).changes;
  }

  pendingIds(): string[] {
    return this.prepared<[], { task_id: string }>("SELECT task_id FROM tasks WHERE status = 'PENDING' ORDER BY create_time, task_id")
      .all()
      .map((r) => r.task_id);
  }
}
