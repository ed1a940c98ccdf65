/** /v1/containers/*: spec 4.3 (form schema, issue #3) and 4.5, plus the tree operations of docs/architecture.md, "Service conventions". */
import { Container, Page } from '../../../shared/v1/resources.ts';
import { ContainerCreate, ContainerIdBody, ContainerPageRequest, ContainerUpdate, IdQuery } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['containers'];

export function containerRoutes(app: FolioApp, services: Services): void {
  const { containers } = services;

  app.post('/v1/containers/create', {
    schema: { tags, summary: 'Create a container; an empty parentId means the system root (spec 4.5). Needs WRITE on the parent.', body: ContainerCreate, response: replies(Container) },
  }, async (req) => ok(req, containers.create(callerOf(req), req.body)));

  app.get('/v1/containers/get', {
    schema: { tags, summary: 'Get a container, deleted ones included. Needs READ.', querystring: IdQuery.container, response: replies(Container) },
  }, async (req) => ok(req, containers.get(callerOf(req), req.query.containerId)));

  app.post('/v1/containers/getPage', {
    schema: {
      tags,
      summary: "A container's child containers (the root's when parentId is empty). orderByColumn: name, createTime, updateTime, sortOrder. Needs READ.",
      body: ContainerPageRequest,
      response: replies(Page(Container)),
    },
  }, async (req) => ok(req, containers.page(callerOf(req), req.body)));

  app.post('/v1/containers/update', {
    schema: { tags, summary: 'Rename, move, describe, or set metadata. Needs WRITE (and WRITE on a new parent).', body: ContainerUpdate, response: replies(Container) },
  }, async (req) => ok(req, containers.update(callerOf(req), req.body)));

  app.post('/v1/containers/delete', {
    schema: { tags, summary: 'Move a container and its contents to the recycle bin; sets purgeAt. Needs DELETE.', body: ContainerIdBody, response: replies(Container) },
  }, async (req) => ok(req, containers.delete(callerOf(req), req.body.containerId)));

  app.post('/v1/containers/restore', {
    schema: { tags, summary: 'Restore a container, with what was deleted with it. Needs DELETE.', body: ContainerIdBody, response: replies(Container) },
  }, async (req) => ok(req, containers.restore(callerOf(req), req.body.containerId)));
}

