import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DesktopMethods, METHOD_NAMES, type MethodName } from '../../../shared/desktop/api.ts';
import { Dispatcher, type Handlers } from '../../../main/desktop/dispatcher.ts';
import { DesktopFailure } from '../../../main/desktop/failure.ts';
import { FolioApiError, ServiceUnreachable } from '../../../main/remote/errors.ts';

const ACCOUNT = { signedIn: false, serviceUrl: '', clientId: '', userName: '', tenantId: '', userId: '', keychain: { available: false, backend: 'memory', detail: 'x' } };

/** Handlers that record what reached them; each answers with `answer(method)`. */
function recording(answer: (m: MethodName, args: unknown) => Promise<unknown>) {
  const calls: [MethodName, unknown][] = [];
  const handlers = Object.fromEntries(
    METHOD_NAMES.map((m) => [
      m,
      (args: unknown) => {
        calls.push([m, args]);
        return answer(m, args);
      },
    ]),
  ) as unknown as Handlers;
  return { calls, dispatcher: new Dispatcher(handlers, () => {}) };
}

describe('Dispatcher', () => {
  it('refuses names that are not DesktopApi methods, including inherited ones, without calling anything', async () => {
    const { calls, dispatcher } = recording(async () => ACCOUNT);
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 42, null, undefined, { m: 'getAccount' }]) {
      const r = await dispatcher.dispatch(name, {});
      expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    }
    expect(calls).toEqual([]);
  });

  it('checks arguments against the schema before the handler runs', async () => {
    const { calls, dispatcher } = recording(async () => ACCOUNT);
    const bad: [MethodName, unknown][] = [
      ['signIn', { serviceUrl: 'ftp://x.example', clientId: 'a', clientSecret: 'b' }],
      ['signIn', { serviceUrl: 'http://x.example', clientId: 'a' }],
      ['signIn', { serviceUrl: 'http://x.example', clientId: 'a', clientSecret: 'b', admin: true }],
      ['addPair', { dir: '/tmp/x', containerId: 42 }],
      ['addPair', { dir: '/tmp/x', containerId: 'c', settings: { concurrency: 0 } }],
      ['updatePairSettings', { pairId: 'p', settings: { uploadLimit: -1 } }],
      ['resolveConflict', { conflictId: 'c', keep: 'neither' }],
      ['getAccount', { extra: 1 }],
      ['getAccount', 'a string'],
      ['getAccount', null],
      ['listActivity', { limit: 1_000_000 }],
      ['updateSettings', { pollSeconds: 1 }],
    ];
    for (const [m, args] of bad) {
      const r = await dispatcher.dispatch(m, args);
      expect(r, `${m} ${JSON.stringify(args)}`).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    }
    expect(calls).toEqual([]);
  });

  it('treats missing arguments as {}', async () => {
    const { calls, dispatcher } = recording(async () => ACCOUNT);
    expect(await dispatcher.dispatch('getAccount', undefined)).toEqual({ ok: true, value: ACCOUNT });
    expect(calls).toEqual([['getAccount', {}]]);
  });

  it('rejects any extra argument on every method (property)', async () => {
    const { calls, dispatcher } = recording(async () => ACCOUNT);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHOD_NAMES), fc.string({ minLength: 1, maxLength: 12 }), async (m, key) => {
        const props = (DesktopMethods[m].args as { properties?: Record<string, unknown> }).properties ?? {};
        fc.pre(!Object.hasOwn(props, key));
        const r = await dispatcher.dispatch(m, { [key]: 'x' });
        expect(r.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
    expect(calls).toEqual([]);
  });

  it('turns what a handler throws into error values, and never leaks an unexpected error', async () => {
    const thrown: Record<string, unknown> = {
      getAccount: new DesktopFailure('NOT_SIGNED_IN', 'sign in first'),
      signOut: new FolioApiError(120001, 'not found', 'rid', 404),
      getStatus: new FolioApiError(120001, 'no route POST /v1/share-grants/getPage', 'rid', 404),
      getSettings: new FolioApiError(102001, 'permission denied', 'rid', 403),
      listActivity: new ServiceUnreachable(new Error('ECONNREFUSED')),
      listConflicts: new Error('secret-looking internals at /home/x'),
    };
    const { dispatcher } = recording(async (m) => {
      throw thrown[m];
    });
    expect(await dispatcher.dispatch('getAccount', {})).toEqual({ ok: false, error: { code: 'NOT_SIGNED_IN', message: 'sign in first' } });
    expect(await dispatcher.dispatch('signOut', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', serviceCode: 120001 } });
    expect(await dispatcher.dispatch('getStatus', {})).toMatchObject({ ok: false, error: { code: 'NOT_SUPPORTED' } });
    expect(await dispatcher.dispatch('getSettings', {})).toMatchObject({ ok: false, error: { code: 'SERVICE_ERROR', serviceCode: 102001 } });
    expect(await dispatcher.dispatch('listActivity', {})).toMatchObject({ ok: false, error: { code: 'SERVICE_UNREACHABLE' } });
    const internal = await dispatcher.dispatch('listConflicts', {});
    expect(internal).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(internal)).not.toContain('/home/x');
  });

  it('refuses a result outside the method schema (the contract cannot drift)', async () => {
    const { dispatcher } = recording(async () => ({ signedIn: 'yes' }));
    expect(await dispatcher.dispatch('getAccount', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('api() offers every method of DesktopApi', async () => {
    const { dispatcher } = recording(async () => ACCOUNT);
    const api = dispatcher.api();
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES].sort());
    expect(await api.getAccount({})).toEqual({ ok: true, value: ACCOUNT });
  });
});
