/**
 * A tenant's system content type by target kind: every upload and every new container looks it up.
 * Without this index SQLite found the tenant's types of that kind and then sorted them in a
 * temporary B-tree for `ORDER BY id`, about three times the cost of the lookup itself. Index
 * entries with equal keys are in rowid order, so this one serves the order as well.
 */
export const up = `
CREATE INDEX content_types_system ON content_types (tenant_id, target_kind, system);
`;
