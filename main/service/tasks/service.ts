/**
 * Reading tasks (GET /v1/tasks/get). A task belongs to its tenant; an application (APP_ONLY)
 * sees all of its tenant's tasks, a user (through a user channel) only the tasks they started.
 */
import type { Task } from '../../../shared/v1/ingest.ts';
import type { TaskRecord } from '../../store/async/repos/tasks.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { notFound } from '../errors.ts';

export class TaskService {
  constructor(private readonly deps: AreaDeps<'tasks'>) {}

  async get(ctx: RequestContext, taskId: string): Promise<Task> {
    const task = await this.deps.repos.tasks.get(ctx.tenantId, taskId);
    if (!task || (ctx.userId !== null && task.createBy !== actorOf(ctx))) return notFound('task', taskId);
    return toTask(task);
  }
}

export function toTask(t: TaskRecord): Task {
  return {
    taskId: t.taskId,
    taskType: t.kind,
    taskStatus: t.status,
    result: t.result,
    failCode: t.failCode,
    failReason: t.failReason,
    attempts: t.attempts,
    createBy: t.createBy,
    createTime: t.createTime,
    updateTime: t.updateTime,
  };
}
