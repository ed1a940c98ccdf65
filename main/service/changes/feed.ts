/**
 * Reading the change feed. A cursor is the opaque form of the last seq the client has seen. Each
 * change carries the node's state after it, so a client can apply changes without reading nodes.
 */
import { Perm } from '../../../shared/permissions.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/v1/requests.ts';
import type { Change, ChangePage } from '../../../shared/v1/resources.ts';
import type { ServiceDeps } from '../app.ts';
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
  constructor(private readonly deps: ServiceDeps) {}

  page(ctx: RequestContext, cursor: string | undefined, pageSize = DEFAULT_PAGE_SIZE): ChangePage {
    const after = decodeCursor(cursor);
    const oldest = this.deps.store.changes.oldestSeq(ctx.tenantId);
    if (after > 0 && oldest !== undefined && after < oldest - 1) fail('CURSOR_EXPIRED');
    // One row more than asked tells whether another page follows.
    const rows = this.deps.store.changes.after(ctx.tenantId, after, pageSize + 1);
    const hasMore = rows.length > pageSize;
    const page = hasMore ? rows.slice(0, pageSize) : rows;
    const last = page.at(-1)?.seq ?? after;
    return { changes: page.filter((c) => this.readable(ctx, c)), nextCursor: encodeCursor(last), hasMore };
  }

  /** A change is visible when the caller may read the node (a node gone for good: its last parent). */
  private readable(ctx: RequestContext, c: Change): boolean {
    const mask = c.kind === 'container' ? this.deps.access.maskOn(ctx, c.id, c.parentId) : this.deps.access.maskOnDocument(ctx, c.id, c.parentId);
    return (mask & Perm.READ) !== 0;
  }
}
