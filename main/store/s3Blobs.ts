/**
 * Blobs in an S3-compatible bucket (`--blobs s3://…`), shared by every node of a cluster.
 *
 * Objects are named <prefix><ab>/<sha256>, as the files are. Bytes are staged and hashed in a local
 * temp file first (./blobStaging.ts), so an object is only ever written under the hash of what it
 * holds; `commit` returns once the store has acknowledged the whole object, which S3 does only when
 * it is durable. Large objects go up as a multipart upload (@aws-sdk/lib-storage), so neither side
 * holds a whole file in memory, and reads stream, ranges included.
 *
 * `withContent` serialises work on one content within this process only. Across nodes, adding and
 * dropping references is arbitrated by the database; see docs/architecture.md, "Several nodes".
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobStaging } from './blobStaging.ts';
import type { S3Location } from './blobLocation.ts';
import { checkedHash, isContentHash, type BlobStore, type BufferedBlob, type StagedBlob } from './blobStore.ts';
import { KeyedLock } from './keyedLock.ts';

// The SDK is pinned (package.json): its releases from January 2027 need Node 22, and it says so on
// every start under Node 20. The pin is the answer to that warning.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PART_BYTES = 16 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The one place the S3 client's options are written: the service, the cluster script and the tests use it. */
export function s3ClientFor(location: S3Location, credentials?: { accessKeyId: string; secretAccessKey: string }): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    // Absent, the SDK reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from the environment.
    ...(credentials ? { credentials } : {}),
    forcePathStyle: true,
    // S3-compatible stores (Swift's s3api among them) refuse the aws-chunked bodies that the SDK's
    // default checksums need; content is checked by its sha-256 name instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export class S3Blobs implements BlobStore {
  private readonly contentLocks = new KeyedLock();
  private readonly staging: BlobStaging;
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(
    location: S3Location,
    /** Object name prefix, ending in '/': version blobs and renditions live apart. */
    private readonly prefix: string,
    /** Where temp files are staged, on this machine. */
    localDir: string,
  ) {
    this.s3 = s3ClientFor(location);
    this.bucket = location.bucket;
    this.staging = new BlobStaging(join(localDir, 'tmp'));
  }

  get tmpDir(): string {
    return this.staging.tmpDir;
  }

  withContent<T>(contentHash: string, work: () => Promise<T>): Promise<T> {
    return this.contentLocks.run(contentHash, work);
  }

  stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    return this.staging.stage(source, maxBytes);
  }

  async commit(staged: StagedBlob): Promise<void> {
    if (await this.has(staged.contentHash)) return;
    const upload = new Upload({
      client: this.s3,
      params: { Bucket: this.bucket, Key: this.keyOf(staged.contentHash), Body: createReadStream(staged.tempPath), ContentLength: staged.sizeBytes },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putBuffered(blob: BufferedBlob): Promise<void> {
    if (await this.has(blob.contentHash)) return;
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(blob.contentHash), Body: blob.bytes, ContentLength: blob.sizeBytes }));
  }

  discard(tempPath: string): Promise<void> {
    return this.staging.discard(tempPath);
  }

  async has(contentHash: string): Promise<boolean> {
    return (await this.head(contentHash)) !== undefined;
  }

  read(contentHash: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const request = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(contentHash),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    this.s3.send(request).then(
      (answer) => pipeline(answer.Body as Readable, out, () => undefined),
      (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return out;
  }

  async remove(contentHash: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(contentHash) }));
  }

  async linkedAt(contentHash: string): Promise<number | undefined> {
    return (await this.head(contentHash))?.getTime();
  }

  async *list(): AsyncGenerator<string> {
    for await (const page of paginateListObjectsV2({ client: this.s3 }, { Bucket: this.bucket, Prefix: this.prefix })) {
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(object.Key.lastIndexOf('/') + 1) ?? '';
        if (isContentHash(name)) yield name;
      }
    }
  }

  async ready(): Promise<void> {
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Old local temp files, and old unfinished multipart uploads: the bucket's temp files, left by a node that died storing a blob. */
  async clearTemp(olderThanMs: number): Promise<void> {
    await this.staging.clearTemp(olderThanMs);
    await this.abortUploadsBegunBefore(Date.now() - olderThanMs);
  }

  private async abortUploadsBegunBefore(cutoff: number): Promise<void> {
    let from: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.s3.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix, ...from }));
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (Key && UploadId && Initiated && Initiated.getTime() < cutoff) await this.s3.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }));
      }
      if (!page.IsTruncated) return;
      from = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  async close(): Promise<void> {
    this.s3.destroy();
  }

  private keyOf(contentHash: string): string {
    return `${this.prefix}${checkedHash(contentHash).slice(0, 2)}/${contentHash}`;
  }

  /** The object's last-modified time, or undefined when there is no such object. */
  private async head(contentHash: string): Promise<Date | undefined> {
    try {
      const answer = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(contentHash) }));
      return answer.LastModified ?? new Date(0);
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
      throw err;
    }
  }
}
