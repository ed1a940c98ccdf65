/**
 * Reads while the service is away (docs/desktop.md, "Offline"): the embedded local server answers
 * them from its mirror, the copy of the synced folders' tree, versions and text on this computer.
 * The core asks the service first unless it already knows the service is away; a read the service
 * cannot be reached for goes to the local server instead, with the local client's own credentials.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_FILE, type LocalCredentials } from '../offline/mirror.ts';
import { FolioClient, type ClientOptions } from '../remote/client.ts';
import { isUnreachable } from '../remote/errors.ts';

export interface MirrorReadsOptions {
  stateDir: string;
  /** The local /v1 server; '' when none runs beside the core. */
  localUrl: string;
  client?: Pick<ClientOptions, 'retry'>;
}

export interface Read<T> {
  value: T;
  /** The local server's mirror answered, not the service. */
  fromMirror: boolean;
}

export class MirrorReads {
  private local: Promise<FolioClient> | null = null;

  constructor(private readonly o: MirrorReadsOptions) {}

  /**
   * The service's answer, or the mirror's when the service is known to be away or cannot be
   * reached now. Without a local server, the service's failure stands.
   */
  async read<T>(service: FolioClient, serviceAway: boolean, work: (client: FolioClient) => Promise<T>): Promise<Read<T>> {
    if (!serviceAway || !this.o.localUrl) {
      try {
        return { value: await work(service), fromMirror: false };
      } catch (err) {
        if (!this.o.localUrl || !isUnreachable(err)) throw err;
      }
    }
    return { value: await work(await this.localClient()), fromMirror: true };
  }

  private localClient(): Promise<FolioClient> {
    this.local ??= readFile(join(this.o.stateDir, CLIENT_FILE), 'utf8').then((text) => {
      const c = JSON.parse(text) as LocalCredentials;
      return new FolioClient({ baseUrl: this.o.localUrl, credentials: { clientId: c.clientId, clientSecret: c.clientSecret }, ...this.o.client });
    });
    // A failed read of the file is tried again next time, not remembered.
    this.local.catch(() => (this.local = null));
    return this.local;
  }
}
