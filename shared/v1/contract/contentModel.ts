/** The content model: /v1/contentTypes/* (spec 4.10, 4.13, 4.15), /v1/fieldDefinitions/*, /v1/termSets/* and /v1/templates/* (spec 4.3). */
import {
  ContentType,
  ContentTypePageRequest,
  ContentTypeSave,
  ContentTypeUpdate,
  FieldDefinition,
  FieldDefinitionPageRequest,
  FieldDefinitionSave,
  FieldIdQuery,
  Template,
  TemplateIdQuery,
  TemplatePageRequest,
  TemplateSave,
  TermSet,
  TermSetIdQuery,
  TermSetSave,
  TypeIdBody,
  TypeIdQuery,
} from '../contentModel.ts';
import { Page } from '../resources.ts';
import { route } from './route.ts';

const APP_ONLY = 'Needs an API-client token context: under a user channel it fails with 102002.';
const ANY_CALLER = 'Any caller of the tenant.';

const types = ['contentTypes'];
const TYPES_APP_ONLY = 'Needs an API-client token context (spec 4.10): under a user channel it fails with 102002.';

export const contentTypes = {
  save: route({
    method: 'POST',
    path: '/v1/contentTypes/save',
    tags: types,
    summary: `Create a container or document type (spec 4.10); code is unique per targetKind (130001); parentTypeId must be a type of the same targetKind. ${TYPES_APP_ONLY}`,
    body: ContentTypeSave,
    reply: { kind: 'envelope', data: ContentType },
  }),
  get: route({
    method: 'GET',
    path: '/v1/contentTypes/get',
    tags: types,
    summary: `One content type (spec 4.15). ${ANY_CALLER}`,
    querystring: TypeIdQuery,
    reply: { kind: 'envelope', data: ContentType },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/contentTypes/getPage',
    tags: types,
    summary: `Content types (spec 4.13); filters targetKind, parentTypeId, status, name (substring). orderByColumn: sortOrder, name, code, createTime, updateTime. ${ANY_CALLER}`,
    body: ContentTypePageRequest,
    reply: { kind: 'envelope', data: Page(ContentType) },
  }),
  update: route({
    method: 'POST',
    path: '/v1/contentTypes/update',
    tags: types,
    summary: `Change the given fields of a type; parentTypeId '' removes the parent, and a parent that descends from the type gives 131001. ${TYPES_APP_ONLY}`,
    body: ContentTypeUpdate,
    reply: { kind: 'envelope', data: ContentType },
  }),
  disable: route({
    method: 'POST',
    path: '/v1/contentTypes/disable',
    tags: types,
    summary: `Disable a type: no new items take it. System types give 131002. ${TYPES_APP_ONLY}`,
    body: TypeIdBody,
    reply: { kind: 'envelope', data: ContentType },
  }),
  enable: route({
    method: 'POST',
    path: '/v1/contentTypes/enable',
    tags: types,
    summary: `Enable a disabled type again. ${TYPES_APP_ONLY}`,
    body: TypeIdBody,
    reply: { kind: 'envelope', data: ContentType },
  }),
} as const;

export const fieldDefinitions = {
  get: route({
    method: 'GET',
    path: '/v1/fieldDefinitions/get',
    tags: ['fieldDefinitions'],
    summary: `One field definition (spec endpoint 7). ${ANY_CALLER}`,
    querystring: FieldIdQuery,
    reply: { kind: 'envelope', data: FieldDefinition },
  }),
  save: route({
    method: 'POST',
    path: '/v1/fieldDefinitions/save',
    tags: ['fieldDefinitions'],
    summary: `Create a field (without fieldId; attributeKey, displayName and valueType needed) or change the given properties of one; attributeKey never changes. ${APP_ONLY}`,
    body: FieldDefinitionSave,
    reply: { kind: 'envelope', data: FieldDefinition },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/fieldDefinitions/getPage',
    tags: ['fieldDefinitions'],
    summary: `Field definitions; filters attributeKey, displayName (substring), valueType, status, applicableTarget. orderByColumn: sortOrder, attributeKey, displayName, createTime, updateTime. ${ANY_CALLER}`,
    body: FieldDefinitionPageRequest,
    reply: { kind: 'envelope', data: Page(FieldDefinition) },
  }),
} as const;

export const termSets = {
  save: route({
    method: 'POST',
    path: '/v1/termSets/save',
    tags: ['termSets'],
    summary: `Create a term set (without termSetId; code and name needed) or change one; terms are replaced whole. ${APP_ONLY}`,
    body: TermSetSave,
    reply: { kind: 'envelope', data: TermSet },
  }),
  get: route({
    method: 'GET',
    path: '/v1/termSets/get',
    tags: ['termSets'],
    summary: `One term set with its terms. ${ANY_CALLER}`,
    querystring: TermSetIdQuery,
    reply: { kind: 'envelope', data: TermSet },
  }),
} as const;

export const templates = {
  save: route({
    method: 'POST',
    path: '/v1/templates/save',
    tags: ['templates'],
    summary: `Create a template (without templateId) or change one; fieldIds are replaced whole, in order. ${APP_ONLY}`,
    body: TemplateSave,
    reply: { kind: 'envelope', data: Template },
  }),
  get: route({
    method: 'GET',
    path: '/v1/templates/get',
    tags: ['templates'],
    summary: `One template. ${ANY_CALLER}`,
    querystring: TemplateIdQuery,
    reply: { kind: 'envelope', data: Template },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/templates/getPage',
    tags: ['templates'],
    summary: `Templates; filters name (substring), status. orderByColumn: name, createTime, updateTime. ${ANY_CALLER}`,
    body: TemplatePageRequest,
    reply: { kind: 'envelope', data: Page(Template) },
  }),
} as const;
