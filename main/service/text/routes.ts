/** GET /v1/versions/text (spec 4.8). */
import { VersionText, VersionTextQuery } from '../../../shared/v1/text.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

export function textRoutes(app: FolioApp, services: Services): void {
  const { text } = services;

  app.get('/v1/versions/text', {
    schema: {
      tags: ['versions'],
      summary:
        'The text of a version (spec 4.8): status READY with source, text and pages; PENDING with nothing else; FAILED or NOT_APPLICABLE with failReason only. page (1-based) returns one page; includeLayout=true adds the OCR layout. Needs DOWNLOAD.',
      querystring: VersionTextQuery,
      response: replies(VersionText),
    },
  }, async (req) => ok(req, await text.get(callerOf(req), req.query)));
}
