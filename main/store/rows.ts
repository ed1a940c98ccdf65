/**
 * A table's row as a record's schema predicts it: each field under its snake_case column, a
 * boolean as SQLite's 0/1 and an object as JSON text. Records are TypeBox schemas derived from the
 * v1 resources (shared/v1/resources.ts), so the row type and the row→record function both follow
 * from the one schema rather than from a second list of columns.
 */
import * as Type from 'typebox/type';
import type { Static, TObject, TSchema } from 'typebox';

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

type Column<V> = undefined extends V ? ColumnOf<Exclude<V, undefined>> | null : ColumnOf<V>;
type ColumnOf<V> = V extends boolean ? number : V extends object ? string : V;

/** The SELECT * row of a table whose record is `Rec`. */
export type RowOf<Rec> = { [K in keyof Rec & string as SnakeCase<K>]: Column<Rec[K]> };

export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Decode = (column: unknown) => unknown;

const fromBoolean: Decode = (column) => column === 1;
const fromJson: Decode = (column) => JSON.parse(column as string) as unknown;

function decoderOf(schema: TSchema): Decode | undefined {
  if (Type.IsBoolean(schema)) return fromBoolean;
  if (Type.IsObject(schema) || Type.IsRecord(schema) || Type.IsArray(schema)) return fromJson;
  return undefined;
}

/**
 * The one row→record function of a table: the columns are found once, from the schema's fields,
 * and only booleans and objects are decoded. Columns the record does not name are left out, and
 * an optional field whose column is NULL is absent.
 */
export function rowReader<S extends TObject>(record: S): (row: RowOf<Static<S>>) => Static<S> {
  const fields = Object.entries(record.properties as Record<string, TSchema>).map(([field, schema]) => ({
    field,
    column: snakeCase(field),
    decode: decoderOf(schema),
    optional: Type.IsOptional(schema),
  }));
  return (row) => {
    const columns = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const { field, column, decode, optional } of fields) {
      const value = columns[column];
      // An optional field is a nullable column: NULL means the field is absent.
      if (optional && value === null) continue;
      out[field] = decode ? decode(value) : value;
    }
    return out as Static<S>;
  };
}
