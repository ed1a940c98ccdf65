/**
 * Whether a reply's data matches its route's reply schema, built once per schema by TypeBox's
 * schema compiler; and, for data that does not, where it first departs. Not TypeBox's `Compile`:
 * its Validator class brings every value operation of TypeBox (convert, create, clean, codecs),
 * which a check never calls and every start of `folio` loaded (docs/performance.md, "Restart").
 * The report of a mismatch, wanted only when a reply is wrong, loads TypeBox's value errors then.
 */
import type { TSchema } from 'typebox';
import { Build } from 'typebox/schema';

const checks = new WeakMap<TSchema, (value: unknown) => boolean>();

export function matchesSchema(schema: TSchema, value: unknown): boolean {
  let check = checks.get(schema);
  if (!check) {
    const evaluated = Build(schema).Evaluate();
    check = (v) => evaluated.Check(v);
    checks.set(schema, check);
  }
  return check(value);
}

/** Where `value` first departs from `schema`: its path and what is wrong there. */
export async function firstMismatch(schema: TSchema, value: unknown): Promise<string> {
  const { Errors } = await import('typebox/value');
  const [first] = Errors(schema, value);
  return first ? `${first.instancePath || '/'} ${first.message}` : 'does not match';
}
