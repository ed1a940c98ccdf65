/** The webhook events of spec §6. Payload shapes are ours (the spec does not show them); docs/api.md describes them. */
export interface DocumentUpdatedEvent {
  type: 'document.updated';
  tenantId: string;
  data: { docId: string; versionId: string; versionNo: number; contentHash: string; taskId: string };
}

export interface RenditionUploadedEvent {
  type: 'rendition.uploaded';
  tenantId: string;
  data: { versionId: string; kind: string; renditionId: string; status: string };
}

export type ServiceEvent = DocumentUpdatedEvent | RenditionUploadedEvent;
export type ServiceEventType = ServiceEvent['type'];
