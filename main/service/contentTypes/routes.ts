/** /v1/contentTypes/*: spec 4.10 (save), 4.13 (getPage), 4.15 (get), plus update, disable and enable. */
import { ContentType, ContentTypePageRequest, ContentTypeSave, ContentTypeUpdate, TypeIdBody, TypeIdQuery } from '../../../shared/v1/contentModel.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['contentTypes'];
const APP_ONLY = 'Needs an API-client token context (spec 4.10): under a user channel it fails with 102002.';
const ANY_CALLER = 'Any caller of the tenant.';

export function contentTypeRoutes(app: FolioApp, services: Services): void {
  const { contentTypes: types } = services;

  app.post('/v1/contentTypes/save', {
    schema: {
      tags,
      summary: `Create a container or document type (spec 4.10); code is unique per targetKind (130001); parentTypeId must be a type of the same targetKind. ${APP_ONLY}`,
      body: ContentTypeSave,
      response: replies(ContentType),
    },
  }, async (req) => ok(req, types.save(callerOf(req), req.body)));

  app.get('/v1/contentTypes/get', {
    schema: { tags, summary: `One content type (spec 4.15). ${ANY_CALLER}`, querystring: TypeIdQuery, response: replies(ContentType) },
  }, async (req) => ok(req, types.get(callerOf(req), req.query.typeId)));

  app.post('/v1/contentTypes/getPage', {
    schema: {
      tags,
      summary: `Content types (spec 4.13); filters targetKind, parentTypeId, status, name (substring). orderByColumn: sortOrder, name, code, createTime, updateTime. ${ANY_CALLER}`,
      body: ContentTypePageRequest,
      response: replies(Page(ContentType)),
    },
  }, async (req) => ok(req, types.page(callerOf(req), req.body)));

  app.post('/v1/contentTypes/update', {
    schema: {
      tags,
      summary: `Change the given fields of a type; parentTypeId '' removes the parent, and a parent that descends from the type gives 131001. ${APP_ONLY}`,
      body: ContentTypeUpdate,
      response: replies(ContentType),
    },
  }, async (req) => ok(req, types.update(callerOf(req), req.body)));

  app.post('/v1/contentTypes/disable', {
    schema: { tags, summary: `Disable a type: no new items take it. System types give 131002. ${APP_ONLY}`, body: TypeIdBody, response: replies(ContentType) },
  }, async (req) => ok(req, types.setEnabled(callerOf(req), req.body.typeId, false)));

  app.post('/v1/contentTypes/enable', {
    schema: { tags, summary: `Enable a disabled type again. ${APP_ONLY}`, body: TypeIdBody, response: replies(ContentType) },
  }, async (req) => ok(req, types.setEnabled(callerOf(req), req.body.typeId, true)));
}
