/** The answers of the load balancer's probes, /healthz and /readyz (docs/api.md, "Probes"). */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

export const Health = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof Health>;

const Check = Type.Union([Type.Literal('ok'), Type.Literal('failing')]);

export const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('draining'), Type.Literal('unavailable')]),
  database: Check,
  blobs: Check,
});
export type Readiness = Static<typeof Readiness>;
