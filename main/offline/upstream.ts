/**
 * The service behind the local server: one request at a time, as the account of the pairs, with
 * the service's envelope passed back as it came. A request that cannot reach the service flips
 * the connectivity to offline and throws ServiceUnreachable, saying whether it may have arrived.
 */
import type { Readable } from 'node:stream';
import type { Envelope } from '../../shared/envelope.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import { FolioClient, type Credentials } from '../remote/client.ts';
import { FolioApiError, isUnreachable, REAUTH_CODES, ServiceUnreachable } from '../remote/errors.ts';
import type { Connectivity } from './connectivity.ts';

export interface UpstreamAnswer {
  status: number;
  envelope: Envelope<unknown>;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** Raw bytes (application/octet-stream), instead of json. */
  stream?: Readable;
  headers?: Record<string, string>;
}

export class Upstream {
  private client: FolioClient;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials,
    readonly connectivity: Connectivity,
    private readonly timeoutMs = 30_000,
  ) {
    this.client = this.newClient();
  }

  private newClient(): FolioClient {
    return new FolioClient({ baseUrl: this.baseUrl, credentials: this.credentials, retry: { attempts: 2, baseDelayMs: 100 } });
  }

  /** A typed client over the same account, for the mirror's refresh and the outbox's checks. */
  get typed(): FolioClient {
    return this.client;
  }

  /** Sends one request; a stale token is renewed once (a stream body cannot be sent twice). */
  async send(req: UpstreamRequest): Promise<UpstreamAnswer> {
    const answer = await this.once(req);
    if (!REAUTH_CODES.has(answer.envelope.code) || req.stream) return answer;
    this.client = this.newClient();
    return this.once(req);
  }

  /** True when the service answered at all: what the connectivity probe asks. */
  async probe(): Promise<boolean> {
    try {
      await this.once({ method: contract.changes.latestCursor.method, path: contract.changes.latestCursor.path });
      return true;
    } catch (err) {
      if (isUnreachable(err)) return false;
      throw err;
    }
  }

  private async once(req: UpstreamRequest): Promise<UpstreamAnswer> {
    try {
      const headers = { ...(await this.client.authHeaders()), ...req.headers };
      const res = await (await this.client.got())(req.path.replace(/^\//, ''), {
        method: req.method,
        headers: req.stream ? { ...headers, 'content-type': 'application/octet-stream' } : headers,
        ...(req.stream ? { body: req.stream } : req.method === 'POST' ? { json: req.json ?? {} } : {}),
        ...(req.query ? { searchParams: req.query } : {}),
        responseType: 'json',
        timeout: { request: this.timeoutMs },
      });
      const envelope = res.body as Envelope<unknown> | undefined;
      if (!envelope || typeof envelope.code !== 'number') {
        throw new ServiceUnreachable(new Error(`the service answered HTTP ${res.statusCode} without an envelope`), true);
      }
      this.connectivity.markOnline();
      return { status: res.statusCode, envelope };
    } catch (err) {
      if (isUnreachable(err)) throw this.unreachable(err);
      // The token request itself was refused (wrong credentials): the service is there.
      if (err instanceof FolioApiError) {
        this.connectivity.markOnline();
        return { status: err.httpStatus, envelope: { code: err.code, data: null, ts: Date.now(), rid: err.rid, msg: err.message, success: false } };
      }
      throw err;
    }
  }

  private unreachable(err: ServiceUnreachable): ServiceUnreachable {
    this.connectivity.markOffline(err.message);
    return err;
  }
}
