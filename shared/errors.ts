/**
 * The one table of business codes. The spec fixes the codes it lists (HTTP 200, as spec §7 says);
 * every other code is ours, and carries a matching HTTP status. docs/api.md publishes this table.
 */
export const ErrorCodes = {
  INTERNAL: { code: 1, http: 500, msg: 'internal error' },

  UNAUTHENTICATED: { code: 100001, http: 401, msg: 'missing or invalid access token' },
  TOKEN_EXPIRED: { code: 100002, http: 401, msg: 'access token expired' },
  INVALID_CLIENT: { code: 100003, http: 401, msg: 'invalid client credentials' },
  INVALID_REFRESH_TOKEN: { code: 100004, http: 401, msg: 'invalid or expired refresh token' },
  INVALID_USER_CREDENTIALS: { code: 100005, http: 401, msg: 'invalid user name or password' },
  INVALID_GRANT: { code: 100006, http: 400, msg: 'the authorization code or refresh token is invalid, expired, already used, or was issued for another client, redirect URI or code verifier' },
  PUBLIC_CLIENT_NEEDS_USER: { code: 100007, http: 403, msg: "a public client's token acts only for a signed-in user: send X-Svc-User-Token too" },
  INVALID_AUTHORIZATION_REQUEST: { code: 100008, http: 400, msg: 'invalid authorization request' },

  CHANNEL_BOTH: { code: 101008, http: 200, msg: 'strong and weak user channels are mutually exclusive' },
  CHANNEL_WEAK_INCOMPLETE: { code: 101009, http: 200, msg: 'X-Svc-Act-As-Source and X-Svc-Act-As-Source-Id must be sent together' },
  USER_TOKEN_INVALID: { code: 101010, http: 401, msg: 'invalid or expired user token' },
  ACT_AS_USER_UNKNOWN: { code: 101011, http: 403, msg: 'no user with this external identity' },

  FORBIDDEN: { code: 102001, http: 403, msg: 'permission denied' },
  APP_CONTEXT_REQUIRED: { code: 102002, http: 403, msg: 'this operation requires an API-client token context' },

  VALIDATION: { code: 110001, http: 400, msg: 'invalid request' },
  MALFORMED_JSON: { code: 110002, http: 400, msg: 'request body is not valid JSON' },
  PAYLOAD_TOO_LARGE: { code: 110003, http: 413, msg: 'request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { code: 110004, http: 415, msg: 'unsupported content type' },
  RANGE_NOT_SATISFIABLE: { code: 110005, http: 416, msg: 'requested range not satisfiable' },

  NOT_FOUND: { code: 120001, http: 404, msg: 'not found' },

  NAME_CONFLICT: { code: 130001, http: 409, msg: 'an item with this name already exists here' },
  INVALID_MOVE: { code: 130002, http: 409, msg: 'cannot move an item into itself or its descendants' },
  PARENT_DELETED: { code: 130003, http: 409, msg: 'the parent is in the recycle bin' },
  SYSTEM_CONTAINER: { code: 130004, http: 409, msg: 'system containers cannot be changed this way' },
  NOT_DELETED: { code: 130005, http: 409, msg: 'the item is not in the recycle bin' },
  CURSOR_EXPIRED: { code: 130006, http: 410, msg: 'change cursor is no longer available; walk the tree again' },

  UPLOAD_SESSION_EXPIRED: { code: 140001, http: 410, msg: 'upload session expired or aborted' },
  CONTENT_HASH_MISMATCH: { code: 140002, http: 422, msg: 'content hash does not match expectedContentHash' },
  UPLOAD_INCOMPLETE: { code: 140003, http: 409, msg: 'not every chunk has been uploaded' },
  CHUNK_SIZE_MISMATCH: { code: 140004, http: 400, msg: 'chunk has the wrong size' },
  CHUNK_HASH_MISMATCH: { code: 140005, http: 422, msg: 'chunk does not match X-Chunk-Sha256' },
  IDEMPOTENCY_KEY_REUSED: { code: 140006, http: 409, msg: 'idempotency key was used for a different upload' },

  QUOTA_EXCEEDED: { code: 150001, http: 507, msg: 'storage quota exceeded' },
  RATE_LIMITED: { code: 160001, http: 429, msg: 'too many requests' },

  RENDITION_KIND_UNSUPPORTED: { code: 180001, http: 200, msg: 'rendition kind unsupported' },
  RENDITION_NOT_FOUND: { code: 180002, http: 200, msg: 'rendition not found' },
  RENDITION_NOT_READY: { code: 180003, http: 200, msg: 'rendition not ready' },
  RENDITION_HAS_NO_BLOB: { code: 180004, http: 200, msg: 'rendition has no blob' },
  RENDITION_BLOB_NOT_AVAILABLE: { code: 180005, http: 200, msg: 'rendition blob not available yet' },
  RENDITION_DOWNLOAD_FAILED: { code: 180006, http: 200, msg: 'rendition download failed' },
  RENDITION_KIND_NOT_UPLOADABLE: { code: 180014, http: 200, msg: 'rendition kind not uploadable' },
  SIGNED_URL_VALIDITY_OUT_OF_RANGE: { code: 173009, http: 200, msg: 'signed URL validity period out of range' },
  SIGNED_URL_INVALID: { code: 173010, http: 200, msg: 'signed URL credential invalid' },
  PREVIEW_MIME_NOT_INLINE: { code: 173011, http: 200, msg: 'preview MIME type cannot be rendered inline' },
  SOURCE_VERSION_NOT_FOUND: { code: 187001, http: 200, msg: 'source version does not exist' },

  CONTENT_TYPE_CYCLE: { code: 131001, http: 409, msg: 'a content type cannot inherit from itself or from its descendants' },
  SYSTEM_CONTENT_TYPE: { code: 131002, http: 409, msg: 'system content types cannot be disabled' },
  URL_FORBIDDEN: { code: 190001, http: 400, msg: 'this URL may not be fetched: only public http(s) addresses are allowed' },
  FETCH_FAILED: { code: 190002, http: 502, msg: 'fetching the URL failed' },
  FETCH_TOO_LARGE: { code: 190003, http: 413, msg: 'the resource is larger than the ingest size ceiling' },
  FETCH_TIMEOUT: { code: 190004, http: 504, msg: 'fetching the URL timed out' },
  TOO_MANY_REDIRECTS: { code: 190005, http: 502, msg: 'too many redirects' },
  DEPARTMENT_CYCLE: { code: 191001, http: 409, msg: 'a department cannot be moved under itself or its sub-departments' },
  DEPARTMENT_NOT_EMPTY: { code: 191002, http: 409, msg: 'the department still has sub-departments or members' },
  ROLE_KEY_TAKEN: { code: 191003, http: 409, msg: 'roleKey is already used in this tenant' },
  PRINCIPAL_NOT_FOUND: { code: 191004, http: 404, msg: 'no such user, department or role in this tenant' },
  SHARE_GRANT_REVOKED: { code: 191005, http: 409, msg: 'the share grant is revoked' },
  SHARE_GRANT_FIELD_IMMUTABLE: { code: 191006, http: 400, msg: 'only permissionPreset, expiresAt and message of a share grant can change' },
  SHARE_GRANT_EXISTS: { code: 191007, http: 409, msg: 'an active share grant of this resource to this grantee already exists' },

  SERVICE_UNREACHABLE: { code: 170001, http: 503, msg: 'the service is unreachable and the local mirror cannot answer this request' },
  LOCAL_CHANGES_PENDING: { code: 170002, http: 409, msg: 'the synced folder holds changes the service has not seen yet; let the pair sync first' },
  PAIR_CONFLICT: { code: 170003, http: 409, msg: 'the folder or the state directory is already paired with another container or service' },
  NOT_A_FOLDER: { code: 170004, http: 400, msg: 'the path given for a synced folder is a file, not a folder' },
  CONTAINER_IN_RECYCLE_BIN: { code: 170005, http: 409, msg: 'the container to sync is in the recycle bin' },
  UNEXPECTED_REPLY: { code: 170006, http: 502, msg: 'the service answered something this client does not understand' },
} as const satisfies Record<string, { code: number; http: number; msg: string }>;

export type ErrorName = keyof typeof ErrorCodes;

/** A failure as a value: a named code, a message for people, and optional structured details. */
export interface FolioErrorValue {
  readonly name: ErrorName;
  readonly code: number;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export function errorValue(name: ErrorName, message?: string, details?: Record<string, unknown>): FolioErrorValue {
  const entry = ErrorCodes[name];
  return { name, code: entry.code, message: message ?? entry.msg, ...(details ? { details } : {}) };
}

const byCode = new Map<number, ErrorName>(
  (Object.keys(ErrorCodes) as ErrorName[]).map((name) => [ErrorCodes[name].code, name]),
);

export function errorNameOf(code: number): ErrorName | undefined {
  return byCode.get(code);
}

/** The codes of some entries of the table, for a caller that tells a family of failures apart by code. */
export function codesOf(...names: ErrorName[]): ReadonlySet<number> {
  return new Set(names.map((name) => ErrorCodes[name].code));
}
