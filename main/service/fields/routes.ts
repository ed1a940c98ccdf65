/** /v1/fieldDefinitions/* (spec endpoint 7, plus save and getPage) and /v1/termSets/*. */
import { FieldDefinition, FieldDefinitionPageRequest, FieldDefinitionSave, FieldIdQuery, TermSet, TermSetIdQuery, TermSetSave } from '../../../shared/v1/contentModel.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const APP_ONLY = 'Needs an API-client token context: under a user channel it fails with 102002.';
const ANY_CALLER = 'Any caller of the tenant.';

export function fieldRoutes(app: FolioApp, services: Services): void {
  const { fields, termSets } = services;

  app.get('/v1/fieldDefinitions/get', {
    schema: { tags: ['fieldDefinitions'], summary: `One field definition (spec endpoint 7). ${ANY_CALLER}`, querystring: FieldIdQuery, response: replies(FieldDefinition) },
  }, async (req) => ok(req, fields.get(callerOf(req), req.query.fieldId)));

  app.post('/v1/fieldDefinitions/save', {
    schema: {
      tags: ['fieldDefinitions'],
      summary: `Create a field (without fieldId; attributeKey, displayName and valueType needed) or change the given properties of one; attributeKey never changes. ${APP_ONLY}`,
      body: FieldDefinitionSave,
      response: replies(FieldDefinition),
    },
  }, async (req) => ok(req, fields.save(callerOf(req), req.body)));

  app.post('/v1/fieldDefinitions/getPage', {
    schema: {
      tags: ['fieldDefinitions'],
      summary: `Field definitions; filters attributeKey, displayName (substring), valueType, status, applicableTarget. orderByColumn: sortOrder, attributeKey, displayName, createTime, updateTime. ${ANY_CALLER}`,
      body: FieldDefinitionPageRequest,
      response: replies(Page(FieldDefinition)),
    },
  }, async (req) => ok(req, fields.page(callerOf(req), req.body)));

  app.post('/v1/termSets/save', {
    schema: { tags: ['termSets'], summary: `Create a term set (without termSetId; code and name needed) or change one; terms are replaced whole. ${APP_ONLY}`, body: TermSetSave, response: replies(TermSet) },
  }, async (req) => ok(req, termSets.save(callerOf(req), req.body)));

  app.get('/v1/termSets/get', {
    schema: { tags: ['termSets'], summary: `One term set with its terms. ${ANY_CALLER}`, querystring: TermSetIdQuery, response: replies(TermSet) },
  }, async (req) => ok(req, termSets.get(callerOf(req), req.query.termSetId)));
}
