/** Who is calling: resolved once per request from the bearer token and the user-channel headers (spec §5). */
export type AuthMode = 'APP_ONLY' | 'USER_TOKEN' | 'ACT_AS_USER';

export interface RequestContext {
  tenantId: string;
  clientId: string;
  mode: AuthMode;
  /** The user the work is attributed to, or null when the application acts as itself. */
  userId: string | null;
}

/** The id written to createBy/updateBy: the user when a channel is in effect, else the client. */
export function actorOf(ctx: RequestContext): string {
  return ctx.userId ?? ctx.clientId;
}
