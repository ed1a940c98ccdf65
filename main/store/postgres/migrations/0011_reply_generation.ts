/**
 * The reply cache's generation per tenant (docs/architecture.md, "The reply cache"), in place of the
 * one row of 0009_tree. That row was a lock every write of the tree took from its first statement
 * to its commit: the writes of every tenant on every node queued on it. A remembered reply reads
 * only its own tenant's rows, so it needs to know only that one of them moved.
 *
 * A tenant's row moves in the writer's own transaction, once a statement, for the tenants whose
 * rows the statement inserted, updated (before or after) or deleted, read from the statement's
 * transition tables; a statement that touched no row moves and locks nothing. Rows are taken in
 * tenant order, so two statements spanning the same tenants (the recycle bin's purge) never
 * deadlock on them. A tenant without a row is at generation 0. Transition tables admit one event a
 * trigger, hence three triggers a table.
 */
const TABLES = ['containers', 'documents', 'content_types', 'users', 'api_clients'] as const;

const triggersOn = (table: string): string => `
CREATE TRIGGER ${table}_insert_moves_replies AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_generations_move();
CREATE TRIGGER ${table}_update_moves_replies AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_generations_move();
CREATE TRIGGER ${table}_delete_moves_replies AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_generations_move();`;

export const up = `
${TABLES.map((table) => `DROP TRIGGER ${table}_move_replies ON ${table};`).join('\n')}
DROP FUNCTION reply_generation_moves();
DROP TABLE reply_generation;

CREATE TABLE reply_generations (
  tenant_id TEXT PRIMARY KEY,
  n BIGINT NOT NULL
);
CREATE FUNCTION reply_generations_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reply_generations AS g (tenant_id, n)
      SELECT DISTINCT tenant_id, 1 FROM new_rows ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET n = g.n + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO reply_generations AS g (tenant_id, n)
      SELECT tenant_id, 1 FROM (SELECT tenant_id FROM old_rows UNION SELECT tenant_id FROM new_rows) AS touched ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET n = g.n + 1;
  ELSE
    INSERT INTO reply_generations AS g (tenant_id, n)
      SELECT DISTINCT tenant_id, 1 FROM old_rows ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET n = g.n + 1;
  END IF;
  RETURN NULL;
END
$$;
${TABLES.map(triggersOn).join('\n')}
`;
