/** Acting as a user in integration tests: a user session through the app token, sent as X-Svc-User-Token (spec §5). */
import type { TokenResult } from '../../shared/v1/resources.ts';
import { createUser, data, type Api } from './server.ts';

export interface TestUser {
  userId: string;
  api: Api;
}

export async function loginAs(app: Api, userName: string): Promise<Api> {
  const t = data(await app.post<TokenResult>('/v1/auth/userSession', { userName, password: 'correct horse' }));
  return app.with({ 'X-Svc-User-Token': t.accessToken });
}

/** Creates the users (with `folio admin`, in parallel) and logs each in. */
export async function createUsers<N extends string>(dataDir: string, tenantId: string, app: Api, names: readonly N[]): Promise<Record<N, TestUser>> {
  const ids = await Promise.all(names.map((n) => createUser(dataDir, tenantId, n)));
  const apis = await Promise.all(names.map((n) => loginAs(app, n)));
  return Object.fromEntries(names.map((n, i) => [n, { userId: ids[i] as string, api: apis[i] as Api }])) as Record<N, TestUser>;
}
