/** GET /v1/versions/text (spec 4.8; shared/v1/contract/versions.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function textRoutes(app: FolioApp, services: Services): void {
  const { text } = services;
  serve(app, contract.versions.text, (req) => text.get(callerOf(req), req.query));
}
