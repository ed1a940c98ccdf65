/**
 * The /v1 contract: every route of the service, once, by area. The service registers each entry
 * (main/service/serve.ts) and the client calls by them (main/remote/client.ts), so a route's
 * method, path and schemas cannot differ between the two.
 */
import { acl } from './acl.ts';
import { auth } from './auth.ts';
import { changes } from './changes.ts';
import { containers } from './containers.ts';
import { contentTypes, fieldDefinitions, templates, termSets } from './contentModel.ts';
import { documents } from './documents.ts';
import { ingest } from './ingest.ts';
import { meta } from './meta.ts';
import { departments, directory, roles } from './org.ts';
import { renditions } from './renditions.ts';
import type { Route } from './route.ts';
import { search } from './search.ts';
import { shareGrants } from './shareGrants.ts';
import { tasks } from './tasks.ts';
import { tenant } from './tenant.ts';
import { versions } from './versions.ts';
import { webhooks } from './webhooks.ts';

export const contract = {
  meta,
  auth,
  containers,
  documents,
  versions,
  changes,
  tenant,
  tasks,
  search,
  ingest,
  acl,
  directory,
  departments,
  roles,
  shareGrants,
  renditions,
  webhooks,
  contentTypes,
  fieldDefinitions,
  termSets,
  templates,
} as const;

/** Every route of the contract, in no particular order. */
export const ALL_ROUTES: readonly Route[] = Object.values(contract).flatMap((area) => Object.values(area) as Route[]);

export { FORM } from './auth.ts';
export { OCTET_STREAM } from './versions.ts';
export { routeKey, type BodyOf, type DataOf, type EnvelopeRoute, type HeadersOf, type QueryOf, type Route } from './route.ts';
