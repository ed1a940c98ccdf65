/**
 * What the engine needs of the service, behind one interface, so a simulation can run the real
 * engine against an in-memory service (docs/sync.md, "The simulation"). The production side is a
 * thin adapter over FolioClient and main/remote/transfer.ts. Failures are the client's: a refusal
 * is a FolioApiError with the service's code, a network failure a ServiceUnreachable.
 */
import type { FolioClient } from '../remote/client.ts';
import { downloadVersion, uploadFile, type DownloadOptions, type UploadOptions, type UploadTarget } from '../remote/transfer.ts';
import type { ChangePage, Container, Document, VersionResult } from '../../shared/v1/resources.ts';

export type RemoteFolder = Pick<Container, 'containerId' | 'name' | 'status'>;
export type RemoteDocument = Pick<Document, 'docId' | 'containerId' | 'title' | 'contentHash' | 'currentVersionId' | 'sizeBytes' | 'currentVersionNo'>;
export type Uploaded = Pick<VersionResult, 'docId' | 'versionId' | 'contentHash' | 'sizeBytes'>;

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
  deleteDocument(docId: string): Promise<void>;
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
      await client.deleteDocument(docId);
    },
    upload: (path, target, options) => uploadFile(client, path, target, options),
    download: (versionId, expectedHash, totalBytes, dest, options) => downloadVersion(client, versionId, expectedHash, totalBytes, dest, options),
  };
}
