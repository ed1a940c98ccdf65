/** Change-feed additions beyond spec §4 (docs/architecture.md, "Service conventions"): where the feed stands now. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

/** The cursor of the newest change: start here after walking the tree, to see only what comes next. */
export const ChangeCursor = Type.Object({ cursor: Type.String() });
export type ChangeCursor = Static<typeof ChangeCursor>;
