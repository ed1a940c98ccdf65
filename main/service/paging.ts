/** The shared page request (docs/architecture.md, "Service conventions"): 1-based pageNumber, pageSize 20 by default and 500 at most, allow-listed orderByColumn. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/v1/requests.ts';
import { fail } from './errors.ts';

export interface PageInput {
  pageSize?: number;
  pageNumber?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
}

export interface PageWindow<C extends string> {
  limit: number;
  offset: number;
  order: { column: C; asc: boolean };
}

export function pageWindow<C extends string>(input: PageInput, columns: readonly C[], defaultColumn: C, defaultAsc = true): PageWindow<C> {
  const limit = Math.min(input.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = ((input.pageNumber ?? 1) - 1) * limit;
  const column = input.orderByColumn ?? defaultColumn;
  if (!(columns as readonly string[]).includes(column)) {
    fail('VALIDATION', `orderByColumn must be one of: ${columns.join(', ')}`, { field: 'orderByColumn' });
  }
  return { limit, offset, order: { column: column as C, asc: input.isAsc ? input.isAsc === 'asc' : defaultAsc } };
}
