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
 */
import type { ChunkGeometry } from '../../store/assemblyStore.ts';
import type { RangeHasher } from '../../store/hashThread.ts';

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

  constructor(
    private readonly geometry: ChunkGeometry,
    private readonly newHasher: () => RangeHasher,
    storedChunks: Iterable<number> = [],
  ) {
    this.hash = newHasher();
    this.stored = new Set(storedChunks);
    this.advance();
  }

  /** Frees the hash; the session is over. */
  close(): void {
    this.generation++;
    this.hash.close();
  }

  /** Chunks [0, n) are hashed. */
  get hashedChunks(): number {
    return this.next;
  }

  /** A chunk's bytes are about to be (re)written: it no longer counts, and a hash that covered it is void. */
  changing(index: number): void {
    this.stored.delete(index);
    if (index < this.next || index === this.reading) this.reset();
  }

  /** A chunk's bytes are on disk. */
  storedChunk(index: number): void {
    this.stored.add(index);
    this.advance();
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
        // A chunk written again meanwhile resets the hash: this one is then thrown away.
        if (end > start) await hash.update(start, end);
      } finally {
        this.reading = null;
      }
      if (generation === this.generation) this.next = index + 1;
    }
  }
}
