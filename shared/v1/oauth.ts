/**
 * The browser sign-in's wire shapes (RFC 6749, RFC 7636, RFC 7009, RFC 8414). Parameter names are
 * the RFCs' own (snake_case), so any OAuth library can speak to the service; what comes back is
 * the envelope, as everywhere in /v1, with Folio's TokenResult inside.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { TokenResult } from './resources.ts';

const Param = (description: string, maxLength = 2048) => Type.Optional(Type.String({ maxLength, description }));

export const AuthorizeQuery = Type.Object({
  response_type: Param('code, the only type offered', 64),
  client_id: Param("a tenant's public client id, or folio-desktop (the page then asks for the organisation)", 128),
  redirect_uri: Param('a registered redirect URI; a loopback one (http://127.0.0.1/…) on any port'),
  state: Param('returned unchanged to the redirect URI', 1024),
  code_challenge: Param('base64url(SHA-256(code_verifier)), 43 characters', 128),
  code_challenge_method: Param('S256 (plain is refused)', 16),
});
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

/** The sign-in form: the authorization request again, the CSRF token, and what the person typed. */
export const SignInForm = Type.Object({
  ...AuthorizeQuery.properties,
  csrf: Param('the form token of the page', 256),
  tenant: Param("the organisation's name, asked when the service has several and the client names none", 255),
  userName: Param('the user name', 255),
  password: Param('the password', 1024),
});
export type SignInForm = Static<typeof SignInForm>;

export const GrantRequest = Type.Object({
  grant_type: Type.String({ maxLength: 64, description: 'authorization_code or refresh_token' }),
  code: Param('authorization_code: the code from the redirect', 256),
  redirect_uri: Param('authorization_code: exactly the redirect_uri of the authorization request'),
  code_verifier: Param('authorization_code: the PKCE verifier, 43 to 128 characters', 256),
  client_id: Param('the public client id (or folio-desktop) the code or refresh token was issued through', 128),
  refresh_token: Param("refresh_token: a refresh token of the app's or of the user's pair", 256),
});
export type GrantRequest = Static<typeof GrantRequest>;

export const GrantResult = Type.Intersect([
  TokenResult,
  Type.Object({
    /** authorization_code only: the user's session pair; send its accessToken as X-Svc-User-Token. */
    userSession: Type.Optional(TokenResult),
  }),
]);
export type GrantResult = Static<typeof GrantResult>;

export const RevokeRequest = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 256, description: 'an access, user or refresh token' }),
  token_type_hint: Param('access_token or refresh_token; accepted and not needed (RFC 7009 §2.1)', 64),
  client_id: Param('the public client id; accepted for RFC 7009 clients', 128),
});
export type RevokeRequest = Static<typeof RevokeRequest>;

export const RevokeResult = Type.Object({ revoked: Type.Literal(true) });

export const AuthorizationServerMetadata = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  response_types_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
  service_documentation: Type.String(),
});
export type AuthorizationServerMetadata = Static<typeof AuthorizationServerMetadata>;
