/**
 * One write of a chunk's bytes. The same chunk may be sent again while an earlier copy is still
 * arriving (a client's retry, perhaps with the file's newer bytes): the copy that arrived last
 * counts. Starting it supersedes the earlier write, which from then on puts nothing more in place
 * and is not recorded, so a chunk's bytes are never pieces of two copies, and never change after
 * the chunk was counted and hashed.
 */

/** The write was superseded by a later copy of the same chunk. */
export class ChunkSuperseded extends Error {
  constructor() {
    super('a later copy of this chunk superseded this one');
  }
}

export class ChunkWrite {
  private superseded = false;
  /** The last batch of bytes this write sent on its way, until it has landed. */
  private landing: Promise<unknown> = Promise.resolve();

  /** False once a later copy of the chunk has begun. */
  get current(): boolean {
    return !this.superseded;
  }

  /** Stops this write; resolves once none of its bytes can land any more. */
  async supersede(): Promise<void> {
    this.superseded = true;
    await this.landing.catch(() => undefined);
  }

  /** Throws ChunkSuperseded once a later copy has begun. */
  check(): void {
    if (this.superseded) throw new ChunkSuperseded();
  }

  /** Starts the next batch of bytes, unless superseded; `supersede` waits for it to land. */
  admit(batch: () => Promise<void>): Promise<void> {
    this.check();
    const started = batch();
    this.landing = started;
    return started;
  }
}
