/**
 * What containers and documents share as items of the tree: each lives under a parent, carries an
 * ACTIVE/DELETED lifecycle column and goes to the recycle bin in batches.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

export const TreeState = Type.Union([Type.Literal('ACTIVE'), Type.Literal('DELETED')]);
export type TreeState = Static<typeof TreeState>;

/** Which deleted batch an item went to the recycle bin in; null while it is active. */
export const DeletedBatch = Type.Union([Type.String(), Type.Null()]);

/** A page's order: one of the table's sortable columns, ascending or not. */
export interface PageOrder<K extends string> {
  column: K;
  asc: boolean;
}
