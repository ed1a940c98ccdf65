/**
 * The browser sign-in's routes (RFC 8252): the metadata (RFC 8414), the sign-in page (the
 * authorization endpoint), the token endpoint and revocation. The page answers HTML, for a person;
 * the token and revocation endpoints answer the envelope, and take JSON or an HTML form's encoding.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorValue } from '../../../shared/errors.ts';
import { contract, FORM } from '../../../shared/v1/contract/index.ts';
import type { AuthorizationServerMetadata, SignInForm } from '../../../shared/v1/oauth.ts';
import type { FolioApp, AreaDeps } from '../kernel.ts';
import { ServiceError } from '../errors.ts';
import { serve } from '../serve.ts';
import { checkClient, checkRequest, issueCode, RedirectedError, redirectWith, tenantNamed, type CheckedClient } from './authorize.ts';
import { grant, revoke } from './grant.ts';
import { cookieOf, CSRF_COOKIE, CsrfGuard, errorPage, pageHeaders, signInPage, styleNonce } from './signInPage.ts';

const FORM_LIMIT = 16 * 1024;
const { auth: routes } = contract;

export function oauthRoutes(app: FolioApp, { repos, dataDir }: AreaDeps<'authorizationCodes' | 'identity' | 'tokens'>): void {
  const csrf = new CsrfGuard(dataDir);
  acceptForms(app);

  serve(app, contract.meta.authorizationServer, (req) => metadata(origin(req)));

  serve(app, routes.authorize, (req, reply) => {
    const q = req.query;
    return respond(reply, async () => {
      const client = await checkClient(repos, q);
      return afterClient(reply, client, () => {
        checkRequest(client, q);
        return show(reply, client, q, { tenant: '', userName: '', error: '' });
      });
    });
  });

  serve(app, routes.authorizeSubmit, (req, reply) => {
    const form = req.body;
    return respond(reply, async () => {
      const client = await checkClient(repos, form);
      return afterClient(reply, client, async () => {
        const checked = checkRequest(client, form);
        if (!sameOrigin(req) || !csrf.verify(cookieOf(req.headers.cookie, CSRF_COOKIE), form.csrf)) {
          return show(reply, client, form, { tenant: form.tenant ?? '', userName: form.userName ?? '', error: 'This form expired. Sign in again.' });
        }
        try {
          const tenantId = client.tenantId || (await tenantNamed(repos, form.tenant ?? ''));
          const code = await issueCode(repos, { ...checked, tenantId }, form.userName ?? '', form.password ?? '');
          return reply.redirect(redirectWith(client.redirectUri, { code, state: client.state }), 302);
        } catch (err) {
          if (!(err instanceof ServiceError) || err.value.name !== 'INVALID_USER_CREDENTIALS') throw err;
          return show(reply, client, form, { tenant: form.tenant ?? '', userName: form.userName ?? '', error: err.value.message });
        }
      });
    });
  });

  /** Shows the form, with a fresh CSRF pair. */
  function show(reply: FastifyReply, client: CheckedClient, q: SignInForm, values: { tenant: string; userName: string; error: string }): FastifyReply {
    const { nonce: csrfNonce, token } = csrf.issue();
    const nonce = styleNonce();
    const secure = q.redirect_uri?.startsWith('https:') ? '; Secure' : '';
    const hidden = pick(q, ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']);
    return reply
      .code(values.error ? 400 : 200)
      .headers(pageHeaders(nonce, new URL(client.redirectUri).origin))
      .header('set-cookie', `${CSRF_COOKIE}=${csrfNonce}; Path=${routes.authorize.path}; HttpOnly; SameSite=Strict; Max-Age=1800${secure}`)
      .send(signInPage({ hidden, askTenant: !client.tenantId, ...values, csrf: token, nonce }));
  }

  serve(app, routes.oauthToken, (req) => grant(repos, req.body));
  serve(app, routes.revoke, (req) => revoke(repos, req.body.token));
}

/**
 * HTML forms (and RFC 6749 clients) send form encoding; only the routes that declare it take it,
 * elsewhere it stays the wrong media type, as before.
 */
function acceptForms(app: FolioApp): void {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT }, (req: FastifyRequest, body: string | Buffer, done: (e: Error | null, b?: unknown) => void) => {
    if (!req.routeOptions.schema?.consumes?.includes(FORM)) return done(new ServiceError(errorValue('UNSUPPORTED_MEDIA_TYPE')));
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
}

/** Runs a page handler; a failure before the redirect URI is trusted is shown on an error page. */
async function respond(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ServiceError) || err.value.name !== 'INVALID_AUTHORIZATION_REQUEST') throw err;
    const nonce = styleNonce();
    return reply.code(400).headers(pageHeaders(nonce, '')).send(errorPage(nonce, err.value.message));
  }
}

/** Once the redirect URI is trusted, a bad request goes back to the app there (RFC 6749 §4.1.2.1). */
async function afterClient(reply: FastifyReply, client: CheckedClient, work: () => FastifyReply | Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof RedirectedError)) throw err;
    return reply.redirect(redirectWith(client.redirectUri, { error: err.error, error_description: err.description, state: client.state }), 302);
  }
}

function metadata(issuer: string): AuthorizationServerMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}${routes.authorize.path}`,
    token_endpoint: `${issuer}${routes.oauthToken.path}`,
    revocation_endpoint: `${issuer}${routes.revoke.path}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    service_documentation: `${issuer}${contract.meta.openapi.path}`,
  };
}

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** A browser names the page's origin on a form post; another origin is a cross-site post. */
function sameOrigin(req: FastifyRequest): boolean {
  const sent = req.headers.origin;
  return sent === undefined || sent === origin(req);
}

function pick(q: SignInForm, keys: (keyof SignInForm)[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, q[k] ?? '']));
}
