/** Conditions the repositories' page filters share, written once for both databases. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * A case-insensitive substring of a text column. SQLite's `instr` is `strpos` in PostgreSQL; LIKE
 * is the same in both, once the pattern's own wildcards in `text` are escaped.
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  const escaped = text.replace(/[!%_]/g, '!$&');
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE '%' || lower(${escaped}) || '%' ESCAPE '!'`;
}
