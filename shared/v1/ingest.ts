/**
 * Ingest from URL (spec 4.2) and the task-status query it needs (spec 4.2 rule 5 leaves it open:
 * ours is GET /v1/tasks/get?taskId=). docs/api.md ("Ingest from URL, tasks and webhooks")
 * describes the decisions.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX, NAME_MAX } from './requests.ts';
import { VersionResult } from './resources.ts';

const OptId = Type.Optional(Type.String({ maxLength: ID_MAX }));
const OptStr = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** The longest URL we accept to fetch or to deliver webhooks to. */
export const URL_MAX = 2048;

export const IngestRequest = Type.Object({
  docId: OptId,
  containerId: OptId,
  title: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  documentTypeId: OptId,
  url: Type.String({ minLength: 1, maxLength: URL_MAX }),
  mimeType: OptStr(255),
  originalFilename: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  comment: OptStr(4000),
  label: OptStr(255),
  declaredSizeBytes: Type.Optional(Type.Integer({ minimum: 0 })),
  metadata: OptStr(65536),
});
export type IngestRequest = Static<typeof IngestRequest>;

export const IngestMode = Type.Union([Type.Literal('sync_completed'), Type.Literal('async_accepted')]);
export type IngestMode = Static<typeof IngestMode>;

export const TaskStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('RUNNING'), Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]);
export type TaskStatus = Static<typeof TaskStatus>;

/** Spec §2 IngestResult. On the sync path taskId and taskStatus are empty; on the async path syncResult is null. */
export const IngestResult = Type.Object({
  mode: IngestMode,
  syncResult: Type.Union([VersionResult, Type.Null()]),
  taskId: Type.String(),
  taskStatus: Type.Union([TaskStatus, Type.Literal('')]),
});
export type IngestResult = Static<typeof IngestResult>;

export const TaskKind = Type.Literal('INGEST_FROM_URL');
export type TaskKind = Static<typeof TaskKind>;

export const Task = Type.Object({
  taskId: Type.String(),
  taskType: TaskKind,
  taskStatus: TaskStatus,
  /** The version created, once SUCCEEDED. */
  result: Type.Union([VersionResult, Type.Null()]),
  /** The business code of the failure (docs/api.md's table), 0 unless FAILED. */
  failCode: Type.Integer(),
  failReason: Type.String(),
  attempts: Type.Integer(),
  createBy: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type Task = Static<typeof Task>;

export const TaskQuery = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: ID_MAX }) });
export type TaskQuery = Static<typeof TaskQuery>;
