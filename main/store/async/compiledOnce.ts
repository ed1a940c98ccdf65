/**
 * A query built and compiled to SQL once per dialect, then run with each call's values. Kysely
 * builds and compiles a query on every call, which measured here costs about as much as SQLite
 * takes to run a primary-key read: on the per-request paths (a token, a client, a display name)
 * that is kept out of the SQLite path's time.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Stands in for the n-th argument while the query is compiled; found again among its parameters. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** Where each parameter comes from: an argument's index, or a constant of the query (a LIMIT). */
  sources: ReadonlyArray<{ argument: number } | { constant: unknown }>;
}

export interface CompiledOnce<S, A extends unknown[], O> {
  run(q: Kysely<S>, ...args: A): Promise<QueryResult<O>>;
}

/**
 * `build` must place each argument as a value of the query as it is (no test, loop or change of it
 * in JavaScript), since it runs once, with stand-ins, for every later call.
 */
export function compiledOnce<S, A extends unknown[], O>(build: (q: Kysely<S>, ...args: A) => Compilable<O>): CompiledOnce<S, A, O> {
  const arity = build.length - 1;
  const byDialect = new Map<unknown, Compiled<O>>();
  const compile = (q: Kysely<S>): Compiled<O> => {
    const stand = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as A;
    const query = build(q, ...stand).compile();
    const sources = query.parameters.map((p) => (p instanceof Slot ? { argument: p.index } : { constant: p }));
    const placed = new Set(sources.flatMap((s) => ('argument' in s ? [s.argument] : [])));
    if (placed.size !== arity) throw new Error(`compiledOnce: the query places ${placed.size} of its ${arity} arguments`);
    return { query, sources };
  };
  return {
    async run(q, ...args) {
      const dialect = q.getExecutor().adapter.constructor;
      let compiled = byDialect.get(dialect);
      if (!compiled) {
        compiled = compile(q);
        byDialect.set(dialect, compiled);
      }
      const parameters = compiled.sources.map((s) => ('argument' in s ? args[s.argument] : s.constant));
      return q.executeQuery<O>({ ...compiled.query, parameters });
    },
  };
}
