/** /v1/templates/* and GET /v1/containers/getFormSchema (spec 4.3). */
import { FormSchema, Template, TemplateIdQuery, TemplatePageRequest, TemplateSave } from '../../../shared/v1/contentModel.ts';
import { IdQuery } from '../../../shared/v1/requests.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';
import { containerFormSchema } from './formSchema.ts';

const APP_ONLY = 'Needs an API-client token context: under a user channel it fails with 102002.';
const ANY_CALLER = 'Any caller of the tenant.';

export function formRoutes(app: FolioApp, deps: ServiceDeps, services: Services): void {
  const { templates } = services;

  app.post('/v1/templates/save', {
    schema: { tags: ['templates'], summary: `Create a template (without templateId) or change one; fieldIds are replaced whole, in order. ${APP_ONLY}`, body: TemplateSave, response: replies(Template) },
  }, async (req) => ok(req, templates.save(callerOf(req), req.body)));

  app.get('/v1/templates/get', {
    schema: { tags: ['templates'], summary: `One template. ${ANY_CALLER}`, querystring: TemplateIdQuery, response: replies(Template) },
  }, async (req) => ok(req, templates.get(callerOf(req), req.query.templateId)));

  app.post('/v1/templates/getPage', {
    schema: { tags: ['templates'], summary: `Templates; filters name (substring), status. orderByColumn: name, createTime, updateTime. ${ANY_CALLER}`, body: TemplatePageRequest, response: replies(Page(Template)) },
  }, async (req) => ok(req, templates.page(callerOf(req), req.body)));

  app.get('/v1/containers/getFormSchema', {
    schema: {
      tags: ['containers'],
      summary: "A container's form (spec 4.3): its type's templates with their fields and current values, inherited ones included, and legacyFields. Needs READ on the container.",
      querystring: IdQuery.container,
      response: replies(FormSchema),
    },
  }, async (req) => ok(req, containerFormSchema(deps, callerOf(req), req.query.containerId)));
}
