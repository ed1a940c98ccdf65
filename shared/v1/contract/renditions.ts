/** /v1/renditions/*: upload (PREVIEW), list, signed-url, and the signed read route. */
import { Rendition, RenditionList, RenditionListQuery, RenditionUploadQuery, SignedReadQuery, SignedUrl, SignedUrlRequest } from '../renditions.ts';
import { RangeHeaders } from '../requests.ts';
import { route } from './route.ts';
import { OCTET_STREAM } from './versions.ts';

const tags = ['renditions'];

export const renditions = {
  upload: route({
    method: 'POST',
    path: '/v1/renditions/upload',
    tags,
    summary:
      'Upload a preview of a version as raw bytes. Only kind PREVIEW (else 180014); an unknown version gives 187001; a MIME type that cannot render inline gives 173011. Needs WRITE on the document. Announces rendition.uploaded.',
    querystring: RenditionUploadQuery,
    consumes: [OCTET_STREAM],
    reply: { kind: 'envelope', data: Rendition },
  }),
  list: route({
    method: 'GET',
    path: '/v1/renditions/list',
    tags,
    summary: "A version's renditions with kind and status (PREVIEW, and the TEXT rendition behind versions/text). Needs READ.",
    querystring: RenditionListQuery,
    reply: { kind: 'envelope', data: RenditionList },
  }),
  signedUrl: route({
    method: 'POST',
    path: '/v1/renditions/signed-url',
    tags,
    summary:
      'A short-lived URL that reads a READY rendition without a token (180001-180005; 173009 for a validity outside 1..3600 s). Needs READ and DOWNLOAD; a version the caller cannot see is 180002, like one without the rendition.',
    body: SignedUrlRequest,
    reply: { kind: 'envelope', data: SignedUrl },
  }),
  read: route({
    method: 'GET',
    path: '/v1/renditions/read',
    tags,
    summary:
      'Reads a rendition through a signed URL. No token needed: the signature is the credential. Honours a single Range. A bad or expired signature gives 173010. Not enveloped on success.',
    public: true,
    querystring: SignedReadQuery,
    headers: RangeHeaders,
    reply: { kind: 'bytes' },
  }),
} as const;
