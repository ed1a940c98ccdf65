/** /v1/containers/*: spec 4.3 (form schema) and 4.5, plus the tree operations of docs/architecture.md, "Service conventions". */
import { FormSchema } from '../contentModel.ts';
import { ContainerCreate, ContainerIdBody, ContainerPageRequest, ContainerUpdate, IdQuery } from '../requests.ts';
import { Container, Page } from '../resources.ts';
import { route } from './route.ts';

const tags = ['containers'];

export const containers = {
  create: route({
    method: 'POST',
    path: '/v1/containers/create',
    tags,
    summary: 'Create a container; an empty parentId means the system root (spec 4.5). Needs WRITE on the parent.',
    body: ContainerCreate,
    reply: { kind: 'envelope', data: Container },
  }),
  get: route({
    method: 'GET',
    path: '/v1/containers/get',
    tags,
    summary: 'Get a container, deleted ones included. Needs READ.',
    querystring: IdQuery.container,
    reply: { kind: 'envelope', data: Container },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/containers/getPage',
    tags,
    summary: "A container's child containers (the root's when parentId is empty). orderByColumn: name, createTime, updateTime, sortOrder. Needs READ.",
    body: ContainerPageRequest,
    reply: { kind: 'envelope', data: Page(Container) },
  }),
  update: route({
    method: 'POST',
    path: '/v1/containers/update',
    tags,
    summary: 'Rename, move, describe, or set metadata. Needs WRITE (and WRITE on a new parent).',
    body: ContainerUpdate,
    reply: { kind: 'envelope', data: Container },
  }),
  delete: route({
    method: 'POST',
    path: '/v1/containers/delete',
    tags,
    summary: 'Move a container and its contents to the recycle bin; sets purgeAt. Needs DELETE.',
    body: ContainerIdBody,
    reply: { kind: 'envelope', data: Container },
  }),
  restore: route({
    method: 'POST',
    path: '/v1/containers/restore',
    tags,
    summary: 'Restore a container, with what was deleted with it. Needs DELETE.',
    body: ContainerIdBody,
    reply: { kind: 'envelope', data: Container },
  }),
  getFormSchema: route({
    method: 'GET',
    path: '/v1/containers/getFormSchema',
    tags,
    summary: "A container's form (spec 4.3): its type's templates with their fields and current values, inherited ones included, and legacyFields. Needs READ on the container.",
    querystring: IdQuery.container,
    reply: { kind: 'envelope', data: FormSchema },
  }),
} as const;
