/**
 * The one dispatcher both transports share: the method name is allow-listed against DesktopApi,
 * the arguments are checked against the method's schema before any code runs, and whatever
 * happens comes back as a Result value. Results are checked too, so the contract cannot drift.
 */
import { Compile } from 'typebox/compile';
import { DesktopMethods, isMethodName, METHOD_NAMES, type ArgsOf, type DesktopApi, type MethodName, type Result, type ResultOf } from '../../shared/desktop/api.ts';
import { toDesktopError } from './failure.ts';

/** What the core implements: each method takes checked arguments, and throws to fail. */
export type Handlers = { [M in MethodName]: (args: ArgsOf<M>) => Promise<ResultOf<M>> };

type Validator = { Check(value: unknown): boolean; Errors(value: unknown): Iterable<{ instancePath: string; message: string }> };

export interface DispatchLog {
  (line: string): void;
}

export class Dispatcher {
  private readonly args = new Map<MethodName, Validator>();
  private readonly results = new Map<MethodName, Validator>();

  constructor(
    private readonly handlers: Handlers,
    private readonly log: DispatchLog = (line) => console.error(line),
  ) {
    for (const m of METHOD_NAMES) {
      this.args.set(m, Compile(DesktopMethods[m].args) as Validator);
      this.results.set(m, Compile(DesktopMethods[m].result) as Validator);
    }
  }

  async dispatch(method: unknown, args: unknown): Promise<Result<unknown>> {
    if (!isMethodName(method)) return { ok: false, error: { code: 'UNKNOWN_METHOD', message: `no method ${describe(method)}` } };
    const input = args === undefined ? {} : args;
    const check = this.args.get(method) as Validator;
    if (!check.Check(input)) return { ok: false, error: { code: 'INVALID_ARGUMENTS', message: firstError(check, input) } };
    let value: unknown;
    try {
      const handler = this.handlers[method] as (a: unknown) => Promise<unknown>;
      value = await handler.call(this.handlers, input);
    } catch (err) {
      const error = toDesktopError(err);
      if (error.code === 'INTERNAL') this.log(`desktop: ${method} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return { ok: false, error };
    }
    const out = this.results.get(method) as Validator;
    if (!out.Check(value)) {
      this.log(`desktop: ${method} returned a result outside its schema: ${firstError(out, value)}`);
      return { ok: false, error: { code: 'INTERNAL', message: 'internal error in the desktop core' } };
    }
    return { ok: true, value };
  }

  /** DesktopApi over this dispatcher: for in-process callers (tests, the Electron main's own use). */
  api(): DesktopApi {
    return Object.fromEntries(METHOD_NAMES.map((m) => [m, (a: unknown) => this.dispatch(m, a)])) as unknown as DesktopApi;
  }
}

function firstError(v: Validator, value: unknown): string {
  for (const e of v.Errors(value)) return `${e.instancePath || '(arguments)'} ${e.message}`;
  return 'invalid arguments';
}

function describe(method: unknown): string {
  if (typeof method !== 'string') return `(a ${typeof method})`;
  return JSON.stringify(method.length > 64 ? `${method.slice(0, 64)}…` : method);
}
