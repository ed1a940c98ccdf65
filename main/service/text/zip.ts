/**
 * Reads entries of a ZIP package (ODT, EPUB) within bounds, so that a small file cannot expand
 * into gigabytes (a zip bomb). yauzl refuses to inflate past an entry's declared size, so the
 * declared sizes are checked against the budget before anything is inflated.
 */
import { buffer as collect } from 'node:stream/consumers';
import yauzl from 'yauzl';

export const ZIP_LIMITS = {
  /** Entries in the central directory, counted before anything is inflated. */
  maxEntries: 20_000,
  /** Uncompressed bytes of all the entries one document reads together. */
  maxUnzippedBytes: 256 * 1024 * 1024,
};

/** The package is not a ZIP file Folio will read; the message says why. */
export class ZipError extends Error {}

export class ZipPackage {
  private unzipped = 0;

  private constructor(
    private readonly file: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  static async open(bytes: Uint8Array): Promise<ZipPackage> {
    let file: yauzl.ZipFile;
    try {
      file = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, autoClose: false, strictFileNames: false });
    } catch (err) {
      throw new ZipError(`not a readable ZIP package: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (file.entryCount > ZIP_LIMITS.maxEntries) {
      file.close();
      throw new ZipError(`the package has ${file.entryCount} entries; text extraction reads at most ${ZIP_LIMITS.maxEntries}`);
    }
    const entries = new Map<string, yauzl.Entry>();
    try {
      for await (const entry of file.eachEntry()) entries.set(entry.fileName, entry);
    } catch (err) {
      file.close();
      throw new ZipError(`not a readable ZIP package: ${err instanceof Error ? err.message : String(err)}`);
    }
    return new ZipPackage(file, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes; fails when it is missing, encrypted, or would take the package past its budget. */
  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipError(`the package has no ${name}`);
    if (entry.isEncrypted()) throw new ZipError(`${name} is encrypted`);
    if (this.unzipped + entry.uncompressedSize > ZIP_LIMITS.maxUnzippedBytes) {
      throw new ZipError(`the package expands to more than ${ZIP_LIMITS.maxUnzippedBytes} bytes, the limit for text extraction`);
    }
    this.unzipped += entry.uncompressedSize;
    try {
      return await collect(await this.file.openReadStreamPromise(entry));
    } catch (err) {
      throw new ZipError(`${name} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async text(name: string): Promise<string> {
    return new TextDecoder('utf-8').decode(await this.read(name));
  }

  close(): void {
    this.file.close();
  }
}
