/** The tenant's directory (our addition to the spec): people, departments and roles found by name. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { NAME_MAX, PageRequestFields } from './requests.ts';

/** The kinds are the principal types a share grant or an ACL entry names. */
export const DirectoryKindSchema = Type.Union([Type.Literal('USER'), Type.Literal('DEPARTMENT'), Type.Literal('ROLE')]);

export const DirectoryPageRequest = Type.Object({
  /** A substring of the name, matched literally and without regard to ASCII case; '' lists everything. */
  query: Type.String({ maxLength: NAME_MAX }),
  /** Only these kinds; all three when omitted. */
  kinds: Type.Optional(Type.Array(DirectoryKindSchema, { minItems: 1, maxItems: 3, uniqueItems: true })),
  pageSize: PageRequestFields.pageSize,
  pageNumber: PageRequestFields.pageNumber,
});
export type DirectoryPageRequest = Static<typeof DirectoryPageRequest>;

export const DirectoryEntry = Type.Object({
  kind: DirectoryKindSchema,
  id: Type.String(),
  name: Type.String(),
  /** A user's departments, a department's parent, a role's key; '' when there is none. */
  detail: Type.String(),
});
export type DirectoryEntry = Static<typeof DirectoryEntry>;

export const SharersRequest = Type.Object({
  resourceType: Type.Union([Type.Literal('CONTAINER'), Type.Literal('DOCUMENT')]),
  resourceId: Type.String({ maxLength: 64 }),
});
export type SharersRequest = Static<typeof SharersRequest>;

/** Whether the caller may share an item, and who may: the principals named on it with SHARE. */
export const Sharers = Type.Object({
  canShare: Type.Boolean(),
  sharers: Type.Array(Type.Object({ kind: Type.String(), id: Type.String(), name: Type.String() })),
});
export type Sharers = Static<typeof Sharers>;
