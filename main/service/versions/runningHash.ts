/**
 * The SHA-256 of a chunked upload, computed while its chunks arrive, so that completing a large
 * upload does not read the whole file a second time.
 *
 * The hash advances over the longest run of stored chunks from index 0, reading each chunk back
 * from the assembly file right after it is stored, while the operating system still caches it.
 * Chunks that arrive out of order wait until the gap before them is filled. A chunk that is
 * written again after being hashed (a client retry) resets the hash to zero. After a restart the
 * hash starts from zero too, with every chunk already stored: that fallback is simply this same
 * walk over the whole file, so both paths give the same digest by construction.
 *
 * The reading and hashing itself is a RangeHasher's: the service's reads and hashes on a thread of
 * its own (main/store/hashThread.ts), so that it keeps up with chunks arriving on the main thread.
 *
 * Reading a chunk back is a copy of every byte that the request already held. So a chunk stored
 * with the pieces its write put in the file keeps them until its turn, and they are hashed
 * instead: handed to the thread, not read. That holds only if the writes of one chunk never
 * overlap (the caller runs them one at a time), so that the last stored write's pieces are what
 * the file holds; a new write of the chunk drops them. They are kept while the service's budget
 * of kept bytes allows (chunks far ahead of a gap would otherwise pin memory), and always for the
 * chunk next in line, which is hashed at once; else the file is read.
 */
import type { RangeHasher } from '../../store/hashThread.ts';

export interface ChunkGeometry {
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
}

/** The bytes that every running hash of a service may keep at once, waiting for their turn. */
export class KeptBytes {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes room for `bytes` if there is some, or, when `always`, even if there is not. */
  take(bytes: number, always = false): boolean {
    if (!always && this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }

  get inUse(): number {
    return this.used;
  }
}

export class RunningHash {
  private hash: RangeHasher;
  /** Chunks [0, next) are in `hash`. */
  private next = 0;
  /** The chunk being read into `hash` right now, if any. */
  private reading: number | null = null;
  /** Bumped by every reset; a read that started under an older generation is dropped. */
  private generation = 0;
  private readonly stored: Set<number>;
  private walking: Promise<void> | null = null;
  private failure: unknown = null;
  /** Stored chunks not hashed yet whose bytes are at hand. */
  private readonly kept = new Map<number, Buffer[]>();

  constructor(
    private readonly geometry: ChunkGeometry,
    private readonly newHasher: () => RangeHasher,
    storedChunks: Iterable<number> = [],
    private readonly budget = new KeptBytes(0),
  ) {
    this.hash = newHasher();
    this.stored = new Set(storedChunks);
    this.advance();
  }

  /** Frees the hash and the bytes kept; the session is over. */
  close(): void {
    this.generation++;
    this.hash.close();
    for (const index of [...this.kept.keys()]) this.release(index);
  }

  /** Chunks [0, n) are hashed. */
  get hashedChunks(): number {
    return this.next;
  }

  /** A chunk's bytes are about to be (re)written: it no longer counts, and a hash that covered it is void. */
  changing(index: number): void {
    this.stored.delete(index);
    this.release(index);
    if (index < this.next || index === this.reading) this.reset();
  }

  /** A chunk's bytes are on disk; `pieces`, given, are those bytes in order, which the hash may use instead of the file. */
  storedChunk(index: number, pieces?: Buffer[]): void {
    this.stored.add(index);
    if (pieces) this.keep(index, pieces);
    this.advance();
  }

  private keep(index: number, pieces: Buffer[]): void {
    const bytes = pieces.reduce((n, p) => n + p.length, 0);
    const start = index * this.geometry.chunkSize;
    const length = Math.min(this.geometry.totalSize, start + this.geometry.chunkSize) - start;
    this.release(index);
    // The chunk next in line is hashed at once, not held: chunks ahead of it must not crowd it out.
    if (bytes !== length || index < this.next || !this.budget.take(bytes, index === this.next)) return;
    this.kept.set(index, pieces);
  }

  /** Forgets a chunk's kept bytes and gives their room back. */
  private release(index: number): Buffer[] | undefined {
    const pieces = this.kept.get(index);
    if (!pieces) return undefined;
    this.kept.delete(index);
    this.budget.give(pieces.reduce((n, p) => n + p.length, 0));
    return pieces;
  }

  /** The digest of the whole file; every chunk must be stored. */
  async digest(): Promise<string> {
    this.failure = null;
    this.advance();
    while (this.walking) await this.walking;
    if (this.failure) throw this.failure;
    if (this.next !== this.geometry.totalChunks) throw new Error(`only ${this.next} of ${this.geometry.totalChunks} chunks could be hashed`);
    return this.hash.digest();
  }

  private reset(): void {
    this.hash.close();
    this.hash = this.newHasher();
    this.next = 0;
    this.generation++;
  }

  private advance(): void {
    if (this.walking || !this.stored.has(this.next)) return;
    this.walking = this.walk()
      .catch((err: unknown) => {
        this.failure = err;
        this.reset();
      })
      .finally(() => {
        this.walking = null;
        // A chunk stored just as the walk ended found it still running; pick it up. After a failure, wait for the next call.
        if (!this.failure) this.advance();
      });
  }

  private async walk(): Promise<void> {
    while (this.next < this.geometry.totalChunks && this.stored.has(this.next)) {
      const index = this.next;
      const generation = this.generation;
      const hash = this.hash;
      const start = index * this.geometry.chunkSize;
      const end = Math.min(this.geometry.totalSize, start + this.geometry.chunkSize);
      this.reading = index;
      try {
        const pieces = this.release(index);
        // A chunk written again meanwhile resets the hash: this one is then thrown away.
        if (end > start) await (pieces ? hash.updateBytes(pieces) : hash.update(start, end));
      } finally {
        this.reading = null;
      }
      if (generation === this.generation) this.next = index + 1;
    }
  }
}
