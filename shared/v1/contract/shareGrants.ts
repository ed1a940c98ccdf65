/** /v1/share-grants/*: in-site shares (spec 4.12, §2 ShareGrant). */
import { ShareGrant, ShareGrantCreate, ShareGrantIdBody, ShareGrantIdQuery, ShareGrantPageRequest, ShareGrantUpdate } from '../access.ts';
import { Sharers, SharersRequest } from '../directory.ts';
import { Page } from '../resources.ts';
import { route } from './route.ts';

const tags = ['share-grants'];

export const shareGrants = {
  create: route({
    method: 'POST',
    path: '/v1/share-grants/create',
    tags,
    summary:
      'Share a container (with everything below it) or a document with a user, department or role. permissionPreset VIEW = READ, DOWNLOAD = READ+DOWNLOAD, EDIT = READ+DOWNLOAD+WRITE. expiresAt is ISO 8601, empty for never. Needs SHARE on the resource, and every bit of the preset.',
    body: ShareGrantCreate,
    reply: { kind: 'envelope', data: ShareGrant },
  }),
  update: route({
    method: 'POST',
    path: '/v1/share-grants/update',
    tags,
    summary:
      'Change permissionPreset, expiresAt or message (spec 4.12); any other field of the grant sent with a different value gives 191006. Needs to be the grantor or hold SHARE on the resource; a raised preset needs its bits.',
    body: ShareGrantUpdate,
    reply: { kind: 'envelope', data: ShareGrant },
  }),
  revoke: route({
    method: 'POST',
    path: '/v1/share-grants/revoke',
    tags,
    summary: 'Revoke a grant; it grants nothing from then on. Idempotent. Needs to be the grantor, the user it was made to, or hold SHARE on the resource.',
    body: ShareGrantIdBody,
    reply: { kind: 'envelope', data: ShareGrant },
  }),
  get: route({
    method: 'GET',
    path: '/v1/share-grants/get',
    tags,
    summary: 'One share grant. Needs to be the grantor, a grantee, or hold SHARE on the resource.',
    querystring: ShareGrantIdQuery,
    reply: { kind: 'envelope', data: ShareGrant },
  }),
  sharers: route({
    method: 'POST',
    path: '/v1/share-grants/sharers',
    tags,
    summary:
      'Whether the caller may share a container or document, and who may: the users, departments and roles whose ACL entries on it (its own and inherited) allow SHARE, by name. For a person who cannot share, to know whom to ask. Needs READ.',
    body: SharersRequest,
    reply: { kind: 'envelope', data: Sharers },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/share-grants/getPage',
    tags,
    summary:
      'Share grants: with resourceType + resourceId, those on the resource (needs SHARE on it); with grantedByMe, those the caller made; otherwise those made to the caller (to the user, their departments or roles; APP_ONLY sees all). Filter by status ACTIVE, EXPIRED or REVOKED. orderByColumn: createTime (default, newest first), updateTime, expiresAt.',
    body: ShareGrantPageRequest,
    reply: { kind: 'envelope', data: Page(ShareGrant) },
  }),
} as const;
