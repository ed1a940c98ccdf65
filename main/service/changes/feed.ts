/**
 * Reading the change feed. A cursor is the opaque form of the last seq the client has seen. Each
 * change carries the node's state after it, so a client can apply changes without reading nodes.
 *
 * Old changes are pruned (see housekeeping). A cursor from before a tenant's horizon, including
 * no cursor at all once anything was pruned, would silently miss changes, so it gets 130006: the
 * client walks the tree again, starting from latestCursor taken before the walk. So does a cursor
 * beyond anything this store issued (a store restored from a backup).
 */
import { Perm } from '../../../shared/permissions.ts';
import type { ChangeCursor } from '../../../shared/v1/changes.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/v1/requests.ts';
import type { Change, ChangePage } from '../../../shared/v1/resources.ts';
import type { AccessSnapshot } from '../acl/snapshot.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';

const CURSOR = /^c1\.(\d{1,15})$/;

export function encodeCursor(seq: number): string {
  return `c1.${seq}`;
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = CURSOR.exec(cursor);
  if (!m?.[1]) fail('VALIDATION', 'cursor is not one this service issued', { field: 'cursor' });
  return Number(m[1]);
}

export class ChangeFeed {
  constructor(private readonly deps: AreaDeps<'changes'>) {}

  private get changes() {
    return this.deps.repos.changes;
  }

  async page(ctx: RequestContext, cursor: string | undefined, pageSize = DEFAULT_PAGE_SIZE): Promise<ChangePage> {
    const after = decodeCursor(cursor);
    if (after < (await this.changes.horizon(ctx.tenantId))) fail('CURSOR_EXPIRED');
    if (after > (await this.changes.lastIssuedSeq(ctx.tenantId))) fail('CURSOR_EXPIRED', 'this cursor is ahead of the change feed; walk the tree again');
    // One row more than asked tells whether another page follows.
    const rows = await this.changes.after(ctx.tenantId, after, pageSize + 1);
    const hasMore = rows.length > pageSize;
    const page = hasMore ? rows.slice(0, pageSize) : rows;
    const last = page.at(-1)?.seq ?? after;
    // One snapshot for the page: the caller's principals, shares and policies are read once.
    const snapshot = this.deps.access.snapshot(ctx);
    const changes: Change[] = [];
    for (const c of page) if (await readable(snapshot, c)) changes.push(c);
    return { changes, nextCursor: encodeCursor(last), hasMore };
  }

  async latest(ctx: RequestContext): Promise<ChangeCursor> {
    return { cursor: encodeCursor(await this.changes.latestSeq(ctx.tenantId)) };
  }

}

/** A change is visible when the caller may read the node (a node gone for good: its last parent). */
async function readable(snapshot: AccessSnapshot, c: Change): Promise<boolean> {
  const mask = c.kind === 'container' ? await snapshot.containerMask(c.id, c.parentId) : await snapshot.documentMask(c.id, c.parentId);
  return (mask & Perm.READ) !== 0;
}
