/**
 * A list handed to a query as one JSON text parameter, so that a list of any length is one SQL text
 * (one prepared statement, one compiledOnce query). Each database unpacks JSON its own way: SQLite
 * through json_each, PostgreSQL through jsonb_array_elements.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

export const isPostgres = <S>(q: Kysely<S>): boolean => q.getExecutor().adapter instanceof PostgresAdapter;

/** `column IN` the strings of the JSON array `list`. */
export function inJsonList<S>(q: Kysely<S>, column: string, list: unknown): RawBuilder<SqlBool> {
  return isPostgres(q)
    ? sql<SqlBool>`${sql.ref(column)} IN (SELECT jsonb_array_elements_text(CAST(${list} AS jsonb)))`
    : sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`;
}

/** `(first, second) IN` the [first, second] pairs of the JSON array `pairs`. */
export function inJsonPairs<S>(q: Kysely<S>, first: string, second: string, pairs: unknown): RawBuilder<SqlBool> {
  return isPostgres(q)
    ? sql<SqlBool>`(${sql.ref(first)}, ${sql.ref(second)}) IN (SELECT e->>0, e->>1 FROM jsonb_array_elements(CAST(${pairs} AS jsonb)) e)`
    : sql<SqlBool>`(${sql.ref(first)}, ${sql.ref(second)}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs}))`;
}
