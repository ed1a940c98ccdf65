/** Helpers shared by the container and document tests: two tenants on one server, unique names, the change feed. */
import type { Change, ChangePage, Container, PageOf } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, startServer, type Api, type ServerHandle } from './server.ts';

export interface TwoTenants {
  server: ServerHandle;
  /** The API client of `api`, which the service records as createBy and updateBy. */
  clientId: string;
  /** Tenant acme's app. */
  api: Api;
  /** Tenant globex's app, for isolation checks. */
  otherApi: Api;
  /** Acme's default container. */
  defaultContainer: Container;
}

export async function startTwoTenants(): Promise<TwoTenants> {
  const server = await startServer();
  const [tenant, other] = await Promise.all([createTenant(server.dataDir, 'acme'), createTenant(server.dataDir, 'globex')]);
  const [api, otherApi] = await Promise.all([appApi(server.url, tenant), appApi(server.url, other)]);
  const top = data(await api.post<PageOf<Container>>('/v1/containers/getPage', { parentId: '' }));
  const defaultContainer = top.content.find((c) => c.name === 'Default') as Container;
  return { server, clientId: tenant.clientId, api, otherApi, defaultContainer };
}

let seq = 0;
/** A name no other test uses, so tests share one tenant without colliding. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix} ${seq}`;
}

/** The change feed as `api()` sees it; a getter, because the Api exists only once beforeAll has run. */
export function changeFeed(api: () => Api): { feedEnd(): Promise<string>; changesSince(cursor: string): Promise<Change[]> } {
  return {
    /** The cursor after everything so far. */
    async feedEnd() {
      let cursor = '';
      for (;;) {
        const page = data(await api().post<ChangePage>('/v1/changes/getPage', { cursor: cursor || undefined, pageSize: 500 }));
        cursor = page.nextCursor;
        if (!page.hasMore) return cursor;
      }
    },
    async changesSince(cursor) {
      return data(await api().post<ChangePage>('/v1/changes/getPage', { cursor, pageSize: 500 })).changes;
    },
  };
}
