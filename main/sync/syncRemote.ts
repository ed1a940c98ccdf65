/**
 * What the engine needs of the service, behind one interface, so a simulation can run the real
 * engine against an in-memory service (docs/sync.md, "The simulation"). The production side is a
 * thin adapter over FolioClient and main/remote/transfer.ts. Failures are the client's: a refusal
 * is a FolioApiError with the service's code, a network failure a ServiceUnreachable.
 */
import type { FolioClient } from '../remote/client.ts';
import { downloadVersion, uploadFile, type DownloadOptions, type UploadOptions, type UploadTarget } from '../remote/transfer.ts';
import type { ChangePage, Container, Document, Version, VersionResult } from '../../shared/v1/resources.ts';
import { contract } from '../../shared/v1/contract/index.ts';

export type RemoteFolder = Pick<Container, 'containerId' | 'name' | 'status'>;
export type RemoteDocument = Pick<Document, 'docId' | 'containerId' | 'title' | 'contentHash' | 'currentVersionId' | 'sizeBytes' | 'currentVersionNo'>;
export type Uploaded = Pick<VersionResult, 'docId' | 'versionId' | 'contentHash' | 'sizeBytes'>;
export type RemoteVersion = Pick<Version, 'versionId' | 'contentHash' | 'sizeBytes'>;
/** What a deleted document held when it went to the recycle bin. */
export type DeletedDocument = Pick<Document, 'currentVersionId' | 'contentHash' | 'sizeBytes'>;

export interface SyncRemote {
  /** One page of the change feed after `cursor`. */
  changes(cursor: string): Promise<ChangePage>;
  /** The feed's end now: reading from it yields only what happens later. */
  latestCursor(): Promise<string>;
  getContainer(containerId: string): Promise<RemoteFolder>;
  children(containerId: string): Promise<{ containers: RemoteFolder[]; documents: RemoteDocument[] }>;
  createContainer(input: { parentId: string; name: string }): Promise<RemoteFolder>;
  updateContainer(input: { containerId: string; parentId: string; name: string }): Promise<void>;
  updateDocument(input: { docId: string; containerId: string; title: string }): Promise<void>;
  deleteContainer(containerId: string): Promise<void>;
  /** Moves a document to the recycle bin; tells what it held then. */
  deleteDocument(docId: string): Promise<DeletedDocument>;
  /** A document's newest versions, newest first, at most `count`. */
  recentVersions(docId: string, count: number): Promise<RemoteVersion[]>;
  /** Sends the local file at `path` as a new document or a new version of one. */
  upload(path: string, target: UploadTarget, options: UploadOptions): Promise<Uploaded>;
  /** Fetches a version into `options.partPath`, checks its hash, and has `options.place` put it at `dest`. */
  download(versionId: string, expectedHash: string, totalBytes: number, dest: string, options: DownloadOptions): Promise<void>;
}

/** The real service, through the /v1 client. */
export function clientRemote(client: FolioClient): SyncRemote {
  return {
    changes: (cursor) => client.changes(cursor),
    latestCursor: () => client.latestCursor(),
    getContainer: (containerId) => client.getContainer(containerId),
    children: (containerId) => client.children(containerId),
    createContainer: (input) => client.createContainer(input),
    updateContainer: async (input) => {
      await client.updateContainer(input);
    },
    updateDocument: async (input) => {
      await client.updateDocument(input);
    },
    deleteContainer: async (containerId) => {
      await client.deleteContainer(containerId);
    },
    deleteDocument: async (docId) => {
      const { currentVersionId, contentHash, sizeBytes } = await client.deleteDocument(docId);
      return { currentVersionId, contentHash, sizeBytes };
    },
    recentVersions: async (docId, count) => {
      const page = await client.v1(contract.versions.getPage, { docId, pageSize: count, pageNumber: 1 });
      return page.content.map(({ versionId, contentHash, sizeBytes }) => ({ versionId, contentHash, sizeBytes }));
    },
    upload: (path, target, options) => uploadFile(client, path, target, options),
    download: (versionId, expectedHash, totalBytes, dest, options) => downloadVersion(client, versionId, expectedHash, totalBytes, dest, options),
  };
}
