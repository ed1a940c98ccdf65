/** /v1/share-grants/*: in-site shares (spec 4.12, §2 ShareGrant). */
import { ShareGrant, ShareGrantCreate, ShareGrantIdBody, ShareGrantIdQuery, ShareGrantPageRequest, ShareGrantUpdate } from '../../../shared/v1/access.ts';
import { Sharers, SharersRequest } from '../../../shared/v1/directory.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { sharersOf } from '../acl/sharers.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['share-grants'];

export function shareRoutes(app: FolioApp, deps: ServiceDeps, services: Services): void {
  const { shares } = services;

  app.post('/v1/share-grants/create', {
    schema: {
      tags,
      summary:
        'Share a container (with everything below it) or a document with a user, department or role. permissionPreset VIEW = READ, DOWNLOAD = READ+DOWNLOAD, EDIT = READ+DOWNLOAD+WRITE. expiresAt is ISO 8601, empty for never. Needs SHARE on the resource, and every bit of the preset.',
      body: ShareGrantCreate,
      response: replies(ShareGrant),
    },
  }, async (req) => ok(req, shares.create(callerOf(req), req.body)));

  app.post('/v1/share-grants/update', {
    schema: {
      tags,
      summary:
        'Change permissionPreset, expiresAt or message (spec 4.12); any other field of the grant sent with a different value gives 191006. Needs to be the grantor or hold SHARE on the resource; a raised preset needs its bits.',
      body: ShareGrantUpdate,
      response: replies(ShareGrant),
    },
  }, async (req) => ok(req, shares.update(callerOf(req), req.body)));

  app.post('/v1/share-grants/revoke', {
    schema: {
      tags,
      summary: 'Revoke a grant; it grants nothing from then on. Idempotent. Needs to be the grantor, the user it was made to, or hold SHARE on the resource.',
      body: ShareGrantIdBody,
      response: replies(ShareGrant),
    },
  }, async (req) => ok(req, shares.revoke(callerOf(req), req.body.shareGrantId)));

  app.get('/v1/share-grants/get', {
    schema: {
      tags,
      summary: 'One share grant. Needs to be the grantor, a grantee, or hold SHARE on the resource.',
      querystring: ShareGrantIdQuery,
      response: replies(ShareGrant),
    },
  }, async (req) => ok(req, shares.get(callerOf(req), req.query.shareGrantId)));

  app.post('/v1/share-grants/sharers', {
    schema: {
      tags,
      summary:
        "Whether the caller may share a container or document, and who may: the users, departments and roles whose ACL entries on it (its own and inherited) allow SHARE, by name. For a person who cannot share, to know whom to ask. Needs READ.",
      body: SharersRequest,
      response: replies(Sharers),
    },
  }, async (req) => ok(req, sharersOf(deps, callerOf(req), req.body.resourceType, req.body.resourceId)));

  app.post('/v1/share-grants/getPage', {
    schema: {
      tags,
      summary:
        'Share grants: with resourceType + resourceId, those on the resource (needs SHARE on it); with grantedByMe, those the caller made; otherwise those made to the caller (to the user, their departments or roles; APP_ONLY sees all). Filter by status ACTIVE, EXPIRED or REVOKED. orderByColumn: createTime (default, newest first), updateTime, expiresAt.',
      body: ShareGrantPageRequest,
      response: replies(Page(ShareGrant)),
    },
  }, async (req) => ok(req, shares.page(callerOf(req), req.body)));
}
