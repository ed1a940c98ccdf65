export interface paths {
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 description. No token needed, and not enveloped. */
        get: operations["openapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** This OpenAPI 3.1 description. No token needed, and not enveloped. */
        head: operations["openapiJsonHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange client credentials for an APP_ONLY access token (spec 4.1). expiresIn is in seconds. No token needed. */
        post: operations["authToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Spend a refresh token (each works once) for a new token pair of the same principal. No token needed. */
        post: operations["authRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/userSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log a user in with the app's bearer token; send the returned accessToken as X-Svc-User-Token. Needs the app's bearer token. */
        post: operations["authUserSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414) of the browser sign-in. No token needed, and not enveloped. */
        get: operations["wellKnownOauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** OAuth 2.0 authorization server metadata (RFC 8414) of the browser sign-in. No token needed, and not enveloped. */
        head: operations["wellKnownOauthAuthorizationServerHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/auth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in page (RFC 6749 §4.1.1 with PKCE S256, RFC 7636): the system browser opens it. Answers HTML. No token needed. */
        get: operations["authAuthorize"];
        put?: never;
        /** The sign-in page's form: checks the CSRF token, the user name and password, then redirects with a single-use code. Answers HTML or a redirect. No token needed. */
        post: operations["authAuthorizeSubmit"];
        delete?: never;
        options?: never;
        /** The sign-in page (RFC 6749 §4.1.1 with PKCE S256, RFC 7636): the system browser opens it. Answers HTML. No token needed. */
        head: operations["authAuthorizeHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oauthToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The token endpoint (RFC 6749 §4.1.3, §6): grant_type authorization_code (with the PKCE code_verifier) gives the app pair plus userSession, the user pair; grant_type refresh_token refreshes one pair. JSON or form-encoded. No token needed. */
        post: operations["authOauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revokes an access, user or refresh token (RFC 7009). An unknown token answers the same. JSON or form-encoded. No token needed. */
        post: operations["authRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a container; an empty parentId means the system root (spec 4.5). Needs WRITE on the parent. */
        post: operations["containersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a container, deleted ones included. Needs READ. */
        get: operations["containersGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get a container, deleted ones included. Needs READ. */
        head: operations["containersGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/containers/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A container's child containers (the root's when parentId is empty). orderByColumn: name, createTime, updateTime, sortOrder. Needs READ. */
        post: operations["containersGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename, move, describe, or set metadata. Needs WRITE (and WRITE on a new parent). */
        post: operations["containersUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a container and its contents to the recycle bin; sets purgeAt. Needs DELETE. */
        post: operations["containersDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a container, with what was deleted with it. Needs DELETE. */
        post: operations["containersRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a document in a container (the default container when containerId is empty). Needs WRITE on the container. */
        post: operations["documentsSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document, deleted ones included. Needs READ. */
        get: operations["documentsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get a document, deleted ones included. Needs READ. */
        head: operations["documentsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/documents/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A container's documents. orderByColumn: title, createTime, updateTime, sizeBytes. Needs READ. */
        post: operations["documentsGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename, move or set metadata. Needs WRITE (and WRITE on a new container). */
        post: operations["documentsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a document to the recycle bin; sets purgeAt. Needs DELETE. */
        post: operations["documentsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a document from the recycle bin. Needs DELETE. */
        post: operations["documentsRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Direct upload of a small file (at most 32 MiB) as raw bytes; the target and description are query parameters. Needs WRITE. */
        post: operations["versionsUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/initChunkedUpload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Declare or resume a chunked upload session (spec 4.11). Needs WRITE (upload). */
        post: operations["versionsInitChunkedUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/uploadChunk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one chunk (0-based index) as raw bytes; optional X-Chunk-Sha256. Idempotent. Needs to be the creator of the session; WRITE was checked at init. */
        post: operations["versionsUploadChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/completeChunkedUpload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assemble the chunks, check expectedContentHash, create the version. Idempotent. Needs to be the creator of the session, and WRITE on a target document again. */
        post: operations["versionsCompleteChunkedUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/abortChunkedUpload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Abandon an upload session and free its idempotency key. Needs to be the creator of the session. */
        post: operations["versionsAbortChunkedUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Versions by versionNo descending (spec 4.14). Needs READ on the document. */
        post: operations["versionsGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make an earlier version current again: its content becomes a new version on top (comment 'Restored from version N' unless given). Needs READ and DOWNLOAD on the document, and WRITE (upload). */
        post: operations["versionsRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version. Needs READ. */
        get: operations["versionsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One version. Needs READ. */
        head: operations["versionsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/versions/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream a version's bytes; honours a single Range. Not enveloped on success. Needs DOWNLOAD. */
        get: operations["versionsDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Stream a version's bytes; honours a single Range. Not enveloped on success. Needs DOWNLOAD. */
        head: operations["versionsDownloadHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/changes/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Changes to containers and documents after the cursor, in commit order, filtered to what the caller may read. An absent cursor starts from the beginning; 130006 means the history before the cursor was pruned: walk the tree again. */
        post: operations["changesGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/changes/latestCursor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cursor of the newest change. Take it before walking the tree, then poll getPage from it. Any caller of the tenant. */
        get: operations["changesLatestCursor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The cursor of the newest change. Take it before walking the tree, then poll getPage from it. Any caller of the tenant. */
        head: operations["changesLatestCursorHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a container or document type (spec 4.10); code is unique per targetKind (130001); parentTypeId must be a type of the same targetKind. Needs an API-client token context (spec 4.10): under a user channel it fails with 102002. */
        post: operations["contentTypesSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One content type (spec 4.15). Any caller of the tenant. */
        get: operations["contentTypesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One content type (spec 4.15). Any caller of the tenant. */
        head: operations["contentTypesGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Content types (spec 4.13); filters targetKind, parentTypeId, status, name (substring). orderByColumn: sortOrder, name, code, createTime, updateTime. Any caller of the tenant. */
        post: operations["contentTypesGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the given fields of a type; parentTypeId '' removes the parent, and a parent that descends from the type gives 131001. Needs an API-client token context (spec 4.10): under a user channel it fails with 102002. */
        post: operations["contentTypesUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a type: no new items take it. System types give 131002. Needs an API-client token context (spec 4.10): under a user channel it fails with 102002. */
        post: operations["contentTypesDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contentTypes/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled type again. Needs an API-client token context (spec 4.10): under a user channel it fails with 102002. */
        post: operations["contentTypesEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fieldDefinitions/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One field definition (spec endpoint 7). Any caller of the tenant. */
        get: operations["fieldDefinitionsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One field definition (spec endpoint 7). Any caller of the tenant. */
        head: operations["fieldDefinitionsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/fieldDefinitions/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a field (without fieldId; attributeKey, displayName and valueType needed) or change the given properties of one; attributeKey never changes. Needs an API-client token context: under a user channel it fails with 102002. */
        post: operations["fieldDefinitionsSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fieldDefinitions/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Field definitions; filters attributeKey, displayName (substring), valueType, status, applicableTarget. orderByColumn: sortOrder, attributeKey, displayName, createTime, updateTime. Any caller of the tenant. */
        post: operations["fieldDefinitionsGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/termSets/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a term set (without termSetId; code and name needed) or change one; terms are replaced whole. Needs an API-client token context: under a user channel it fails with 102002. */
        post: operations["termSetsSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/termSets/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One term set with its terms. Any caller of the tenant. */
        get: operations["termSetsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One term set with its terms. Any caller of the tenant. */
        head: operations["termSetsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/templates/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a template (without templateId) or change one; fieldIds are replaced whole, in order. Needs an API-client token context: under a user channel it fails with 102002. */
        post: operations["templatesSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One template. Any caller of the tenant. */
        get: operations["templatesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One template. Any caller of the tenant. */
        head: operations["templatesGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/templates/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Templates; filters name (substring), status. orderByColumn: name, createTime, updateTime. Any caller of the tenant. */
        post: operations["templatesGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/containers/getFormSchema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A container's form (spec 4.3): its type's templates with their fields and current values, inherited ones included, and legacyFields. Needs READ on the container. */
        get: operations["containersGetFormSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** A container's form (spec 4.3): its type's templates with their fields and current values, inherited ones included, and legacyFields. Needs READ on the container. */
        head: operations["containersGetFormSchemaHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/from-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fetch a public http(s) URL into a new version (spec 4.2). Target: docId, or containerId + title. Needs WRITE on the target. Known small sizes complete at once (sync_completed); large or unknown sizes return a taskId (async_accepted, see /v1/tasks/get). */
        post: operations["ingestFromUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a background task: PENDING, RUNNING, SUCCEEDED (with result) or FAILED (with failCode and failReason). Needs to be its tenant's application or the user who started it. */
        get: operations["tasksGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Status of a background task: PENDING, RUNNING, SUCCEEDED (with result) or FAILED (with failCode and failReason). Needs to be its tenant's application or the user who started it. */
        head: operations["tasksGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an endpoint for document.updated and/or rendition.uploaded. Returns the signing secret, this once only. Needs an API-client token context (APP_ONLY). */
        post: operations["webhooksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The tenant's endpoints, oldest first (secrets are never listed). Needs an API-client token context (APP_ONLY). */
        post: operations["webhooksGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove an endpoint, its delivery log and its queued deliveries. Needs an API-client token context (APP_ONLY). */
        post: operations["webhooksDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An endpoint's delivery log, newest first, optionally by status. Needs an API-client token context (APP_ONLY). */
        post: operations["webhooksDeliveriesGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/entries/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A container's own ACL entries, the entries it inherits (with the container each comes from), and the caller's effective permissions. Needs MANAGE. */
        get: operations["aclEntriesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** A container's own ACL entries, the entries it inherits (with the container each comes from), and the caller's effective permissions. Needs MANAGE. */
        head: operations["aclEntriesGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/acl/entries/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a container's own ACL entries: one per principal (USER, DEPARTMENT, ROLE, EVERYONE), each with a role and/or allowMask, and a denyMask. Deny beats allow. Needs MANAGE. */
        post: operations["aclEntriesSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/inheritance/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn ACL inheritance off (the inherited entries are copied onto the container, so no one gains or loses anything) or back on (own entries stay). Needs MANAGE. */
        post: operations["aclInheritanceSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/policy/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an ACL policy; the body is the AclPolicy input of spec 4.4 with name required. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["aclPolicyCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/policy/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update an ACL policy (spec 4.4): the fields sent change, the others stay. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["aclPolicyUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/policy/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One ACL policy, with affectedResourceCount. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        get: operations["aclPolicyGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One ACL policy, with affectedResourceCount. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        head: operations["aclPolicyGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/acl/policy/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ACL policies (spec 4.9), filtered by name (substring), matchResourceType, grantType and enabled. orderByColumn: name, createTime, updateTime. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["aclPolicyGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/acl/policy/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete an ACL policy. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["aclPolicyDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share a container (with everything below it) or a document with a user, department or role. permissionPreset VIEW = READ, DOWNLOAD = READ+DOWNLOAD, EDIT = READ+DOWNLOAD+WRITE. expiresAt is ISO 8601, empty for never. Needs SHARE on the resource, and every bit of the preset. */
        post: operations["shareGrantsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change permissionPreset, expiresAt or message (spec 4.12); any other field of the grant sent with a different value gives 191006. Needs to be the grantor or hold SHARE on the resource; a raised preset needs its bits. */
        post: operations["shareGrantsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a grant; it grants nothing from then on. Idempotent. Needs to be the grantor, the user it was made to, or hold SHARE on the resource. */
        post: operations["shareGrantsRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One share grant. Needs to be the grantor, a grantee, or hold SHARE on the resource. */
        get: operations["shareGrantsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One share grant. Needs to be the grantor, a grantee, or hold SHARE on the resource. */
        head: operations["shareGrantsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/sharers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether the caller may share a container or document, and who may: the users, departments and roles whose ACL entries on it (its own and inherited) allow SHARE, by name. For a person who cannot share, to know whom to ask. Needs READ. */
        post: operations["shareGrantsSharers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/share-grants/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share grants: with resourceType + resourceId, those on the resource (needs SHARE on it); with grantedByMe, those the caller made; otherwise those made to the caller (to the user, their departments or roles; APP_ONLY sees all). Filter by status ACTIVE, EXPIRED or REVOKED. orderByColumn: createTime (default, newest first), updateTime, expiresAt. */
        post: operations["shareGrantsGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/directory/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Users, departments and roles of the tenant whose name contains query (literally, ASCII case ignored), for people pickers: exact names first, then names that start with it, then by name. kinds narrows the kinds. Any caller of the tenant may read it. */
        post: operations["directoryGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a local department; names are unique among siblings. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["departmentsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update a department (spec 4.16); the fields sent change. An empty parentDeptId moves it to the top level; a parent below itself gives 191001. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["departmentsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One department, with memberCount. Any caller of the tenant may read it. */
        get: operations["departmentsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One department, with memberCount. Any caller of the tenant may read it. */
        head: operations["departmentsGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/departments/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Departments as a tree: a page of the children of parentDeptId (top level when empty), or of the departments whose name contains name, each with its whole subtree in children. orderByColumn: displayOrder (default), name, createTime. Any caller of the tenant may read it. */
        post: operations["departmentsGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a department without sub-departments or members (else 191002). Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["departmentsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/addMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add users to a department; existing members stay. An unknown user refuses the whole call (191004). Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["departmentsAddMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/removeMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove users from a department; non-members are ignored. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["departmentsRemoveMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departments/getMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A department's direct members, by name. Any caller of the tenant may read it. */
        post: operations["departmentsGetMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a business role (spec 4.17); roleKey is unique per tenant (else 191003). Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["rolesSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update a role; the fields sent change. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["rolesUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One role, with memberCount. Any caller of the tenant may read it. */
        get: operations["rolesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** One role, with memberCount. Any caller of the tenant may read it. */
        head: operations["rolesGetHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/roles/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Roles, filtered by name and roleKey (substrings). orderByColumn: name (default), roleKey, createTime, updateTime. Any caller of the tenant may read it. */
        post: operations["rolesGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a role with its memberships. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["rolesDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/addMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add users to a role; adding a member again changes nothing. An unknown user refuses the whole call (191004). Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["rolesAddMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/removeMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove users from a role; non-members are ignored. Needs an administrator: APP_ONLY, or a user with MANAGE on the system root. */
        post: operations["rolesRemoveMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/getMembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A role's members, by name. Any caller of the tenant may read it. */
        post: operations["rolesGetMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/versions/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The text of a version (spec 4.8): status READY with source, text and pages; PENDING with nothing else; FAILED or NOT_APPLICABLE with failReason only. page (1-based) returns one page; includeLayout=true adds the OCR layout. Needs DOWNLOAD. */
        get: operations["versionsText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The text of a version (spec 4.8): status READY with source, text and pages; PENDING with nothing else; FAILED or NOT_APPLICABLE with failReason only. page (1-based) returns one page; includeLayout=true adds the OCR layout. Needs DOWNLOAD. */
        head: operations["versionsTextHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/search/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Full-text search over the names and the extracted or OCR text of the current versions of the documents the caller may read (text only where the caller may also DOWNLOAD). query: words and "quoted phrases", all of which must match; no operators. containerId limits it to that subtree. One result per document, best first, at its best page (1 when only the name matched); snippet is plain text and highlights give the matched words as offsets into it. */
        post: operations["searchGetPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renditions/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a preview of a version as raw bytes. Only kind PREVIEW (else 180014); an unknown version gives 187001; a MIME type that cannot render inline gives 173011. Needs WRITE on the document. Announces rendition.uploaded. */
        post: operations["renditionsUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renditions/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A version's renditions with kind and status (PREVIEW, and the TEXT rendition behind versions/text). Needs READ. */
        get: operations["renditionsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** A version's renditions with kind and status (PREVIEW, and the TEXT rendition behind versions/text). Needs READ. */
        head: operations["renditionsListHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/renditions/signed-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A short-lived URL that reads a READY rendition without a token (180001-180005; 173009 for a validity outside 1..3600 s). Needs READ and DOWNLOAD; a version the caller cannot see is 180002, like one without the rendition. */
        post: operations["renditionsSignedUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/renditions/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reads a rendition through a signed URL. No token needed: the signature is the credential. Honours a single Range. A bad or expired signature gives 173010. Not enveloped on success. */
        get: operations["renditionsRead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Reads a rendition through a signed URL. No token needed: the signature is the credential. Honours a single Range. A bad or expired signature gives 173010. Not enveloped on success. */
        head: operations["renditionsReadHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's storage: usedBytes (distinct content, counted once), quotaBytes (0 = none), reservedBytes (open chunked uploads), documentCount and versionCount. Needs a valid token; any caller of the tenant. */
        get: operations["tenantUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The tenant's storage: usedBytes (distinct content, counted once), quotaBytes (0 = none), reservedBytes (open chunked uploads), documentCount and versionCount. Needs a valid token; any caller of the tenant. */
        head: operations["tenantUsageHead"];
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive. For a load balancer. No token needed; not enveloped. */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The process is alive. For a load balancer. No token needed; not enveloped. */
        head: operations["healthzHead"];
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The node can serve: its database and blob store answer and it is not draining (503 otherwise). For a load balancer. No token needed; not enveloped. */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The node can serve: its database and blob store answer and it is not draining (503 otherwise). For a load balancer. No token needed; not enveloped. */
        head: operations["readyzHead"];
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The envelope of spec §1, around every JSON answer. On success code is 0, msg is `success` and data holds the result. On failure code names the error, msg says it for people and data is null; the failures of spec §7 (101008 CHANNEL_BOTH, 101009 CHANNEL_WEAK_INCOMPLETE, 180001 RENDITION_KIND_UNSUPPORTED, 180002 RENDITION_NOT_FOUND, 180003 RENDITION_NOT_READY, 180004 RENDITION_HAS_NO_BLOB, 180005 RENDITION_BLOB_NOT_AVAILABLE, 180006 RENDITION_DOWNLOAD_FAILED, 180014 RENDITION_KIND_NOT_UPLOADABLE, 173009 SIGNED_URL_VALIDITY_OUT_OF_RANGE, 173010 SIGNED_URL_INVALID, 173011 PREVIEW_MIME_NOT_INLINE, 187001 SOURCE_VERSION_NOT_FOUND) come with HTTP 200. */
        Envelope: {
            /** @description 0 on success, else a business code (see docs/api.md, error codes). */
            code: number;
            /** @description The operation's result; null on failure. */
            data: unknown;
            /** @description Server time in milliseconds since the Unix epoch. */
            ts: number;
            /** @description The request id, also sent as the X-Request-Id header. */
            rid: string;
            msg: string;
            success: boolean;
        };
        /** @description The envelope of a failure: data is null. */
        ErrorEnvelope: components["schemas"]["Envelope"] & {
            data: null;
        };
        Change: {
            seq: number;
            op: "create" | "update" | "move" | "delete" | "restore" | "version";
            kind: "container" | "document";
            id: string;
            parentId: string;
            name: string;
            deleted: boolean;
            versionNo: number;
            versionId: string;
            contentHash: string;
            sizeBytes: number;
            time: string;
        };
        ChangePage: {
            changes: components["schemas"]["Change"][];
            nextCursor: string;
            hasMore: boolean;
        };
        ChunkedUploadSession: {
            uploadId: string;
            uploadedChunkIndexes: number[];
            alreadyCompletedVersionId: string;
            chunkSize: number;
            totalChunks: number;
            expiresAt: string;
        };
        Container: {
            id: number;
            containerId: string;
            parentId: string;
            parentName: string;
            containerTypeId: string;
            containerTypeName: string;
            name: string;
            description: string;
            sortOrder: number;
            status: string;
            createBy: string;
            createByName: string;
            createTime: string;
            updateBy: string;
            updateTime: string;
            purgeAt: string;
            metadataColumns: {
                [key: string]: unknown;
            };
            aclInheritEnabled: boolean;
            effectivePermissions: components["schemas"]["EffectivePermissionsSchema"];
            hasChildren: boolean;
        };
        Document: {
            docId: string;
            containerId: string;
            containerName: string;
            title: string;
            documentTypeId: string;
            documentTypeName: string;
            currentVersionId: string;
            state: string;
            publishedVersionId: string;
            publishedVersionNo: number;
            publishedLabel: string;
            createBy: string;
            createByName: string;
            sizeBytes: number;
            mimeType: string;
            originalFilename: string;
            currentVersionNo: number;
            contentHash: string;
            createTime: string;
            updateTime: string;
            processingState: string;
            processingFailReason: string;
            indexStatus: string;
            indexFailReason: string;
            purgeAt: string;
            metadataColumns: {
                [key: string]: unknown;
            };
        };
        EffectivePermissionsSchema: {
            read: boolean;
            download: boolean;
            write: boolean;
            share: boolean;
            manage: boolean;
            effectiveRole: string;
            delete: boolean;
        };
        TokenResult: {
            accessToken: string;
            expiresIn: number;
            refreshToken: string;
            scopes: string[];
            mode: string;
            userId: string;
            userName: string;
            tenantId: string;
            requirePasswordChange: boolean;
        };
        Version: {
            versionId: string;
            docId: string;
            versionNo: number;
            blobId: string;
            contentHash: string;
            sizeBytes: number;
            mimeType: string;
            originalFilename: string;
            comment: string;
            createBy: string;
            createByName: string;
            createTime: string;
            label: string;
            sourcePreviewable: boolean;
            /** @description The uploaded file's modification time, in ms since the epoch. */
            fileMtime?: number;
            /** @description Whether the uploaded file was executable (a POSIX x bit). */
            executable?: boolean;
        };
        VersionResult: {
            docId: string;
            versionId: string;
            blobId: string;
            versionNo: number;
            contentHash: string;
            sizeBytes: number;
            mimeType: string;
            originalFilename: string;
            /** @description The uploaded file's modification time, in ms since the epoch. */
            fileMtime?: number;
            /** @description Whether the uploaded file was executable (a POSIX x bit). */
            executable?: boolean;
        };
        ChangePageRequest: {
            cursor?: string;
            pageSize?: number;
        };
        ContainerCreate: {
            parentId?: string;
            name: string;
            containerTypeId?: string;
            description?: string;
            sortOrder?: number;
            metadataColumns?: {
                [key: string]: unknown;
            };
            aclInheritEnabled?: boolean;
        };
        ContainerIdBody: {
            containerId: string;
        };
        ContainerPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            parentId?: string;
            includeDeleted?: boolean;
        };
        ContainerUpdate: {
            containerId: string;
            name?: string;
            parentId?: string;
            description?: string;
            sortOrder?: number;
            metadataColumns?: {
                [key: string]: unknown;
            };
        };
        DocumentIdBody: {
            docId: string;
        };
        DocumentPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            containerId?: string;
            includeDeleted?: boolean;
        };
        DocumentSave: {
            containerId?: string;
            title: string;
            documentTypeId?: string;
            metadataColumns?: {
                [key: string]: unknown;
            };
        };
        DocumentUpdate: {
            docId: string;
            title?: string;
            containerId?: string;
            metadataColumns?: {
                [key: string]: unknown;
            };
        };
        InitChunkedUpload: {
            docId?: string;
            containerId?: string;
            title?: string;
            documentTypeId?: string;
            mimeType?: string;
            originalFilename?: string;
            comment?: string;
            label?: string;
            metadata?: string;
            /** @description The file's modification time, in ms since the epoch. */
            fileMtime?: number;
            /** @description Whether the file is executable (a POSIX x bit). */
            executable?: boolean;
            idempotencyKey?: string;
            expectedContentHash?: string;
            totalSize: number;
            chunkSize: number;
            totalChunks: number;
        };
        RefreshRequest: {
            refreshToken: string;
        };
        TokenRequest: {
            clientId: string;
            clientSecret: string;
        };
        UploadIdBody: {
            uploadId: string;
        };
        UserSessionRequest: {
            userName: string;
            password: string;
        };
        VersionPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            docId?: string;
        };
        VersionRestore: {
            versionId: string;
            comment?: string;
        };
        AclEntriesSet: {
            containerId: string;
            entries: components["schemas"]["AclEntryInput"][];
        };
        AclEntry: {
            principalType: string;
            principalId: string;
            principalName: string;
            role: string;
            allowMask: number;
            denyMask: number;
            inherited: boolean;
            sourceContainerId: string;
        };
        AclEntryInput: {
            principalType: "USER" | "DEPARTMENT" | "ROLE" | "EVERYONE";
            principalId?: string;
            role?: "VIEWER" | "DOWNLOADER" | "EDITOR" | "MANAGER";
            allowMask?: number;
            denyMask?: number;
        };
        AclInheritanceSet: {
            containerId: string;
            aclInheritEnabled: boolean;
        };
        AclPolicy: {
            policyId: string;
            tenantId: string;
            name: string;
            description: string;
            matchResourceType: string;
            matchContainerTypeIds: string[];
            matchConditions: {
                key: string;
                operator: string;
                value: unknown;
            }[];
            grantees: {
                granteeType: string;
                granteeId: string;
            }[];
            grantType: string;
            grantRole: string;
            grantPermissionMask: number;
            grantDenyMask: number;
            enabled: boolean;
            affectedResourceCount: number;
            createTime: string;
            updateTime: string;
        };
        AclPolicyCreate: {
            name: string;
            description?: string;
            matchResourceType?: "CONTAINER" | "DOCUMENT" | "ALL";
            grantType?: "ROLE" | "MASK";
            grantRole?: ("VIEWER" | "DOWNLOADER" | "EDITOR" | "MANAGER") | "";
            matchContainerTypeIds?: string[];
            matchConditions?: components["schemas"]["MatchCondition"][];
            grantees?: components["schemas"]["Grantee"][];
            grantPermissionMask?: number;
            grantDenyMask?: number;
            enabled?: boolean;
        };
        AclPolicyPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            name?: string;
            matchResourceType?: "CONTAINER" | "DOCUMENT" | "ALL";
            grantType?: "ROLE" | "MASK";
            enabled?: boolean;
        };
        AclPolicyUpdate: {
            name?: string;
            description?: string;
            matchResourceType?: "CONTAINER" | "DOCUMENT" | "ALL";
            grantType?: "ROLE" | "MASK";
            grantRole?: ("VIEWER" | "DOWNLOADER" | "EDITOR" | "MANAGER") | "";
            matchContainerTypeIds?: string[];
            matchConditions?: components["schemas"]["MatchCondition"][];
            grantees?: components["schemas"]["Grantee"][];
            grantPermissionMask?: number;
            grantDenyMask?: number;
            enabled?: boolean;
        };
        ContainerAcl: {
            containerId: string;
            aclInheritEnabled: boolean;
            entries: components["schemas"]["AclEntry"][];
            inheritedEntries: components["schemas"]["AclEntry"][];
            effectivePermissions: components["schemas"]["EffectivePermissionsSchema"];
        };
        Grantee: {
            granteeType: "USER" | "DEPARTMENT" | "ROLE" | "EVERYONE";
            granteeId?: string;
        };
        MatchCondition: {
            key: string;
            operator: "eq" | "ne" | "in" | "nin" | "contains" | "exists";
            value?: unknown;
        };
        PolicyIdBody: {
            policyId: string;
        };
        ShareGrant: {
            shareGrantId: string;
            resourceType: string;
            resourceId: string;
            resourceName: string;
            grantorId: string;
            granteeType: string;
            granteeId: string;
            granteeName: string;
            permissionPreset: string;
            message: string;
            expiresAt: string;
            revokedAt: string;
            status: string;
            createTime: string;
            updateTime: string;
        };
        ShareGrantCreate: {
            resourceType: "CONTAINER" | "DOCUMENT";
            resourceId: string;
            granteeType: "USER" | "DEPARTMENT" | "ROLE";
            granteeId: string;
            permissionPreset: "VIEW" | "DOWNLOAD" | "EDIT";
            expiresAt?: string;
            message?: string;
        };
        ShareGrantIdBody: {
            shareGrantId: string;
        };
        ShareGrantPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            resourceType?: "CONTAINER" | "DOCUMENT";
            resourceId?: string;
            grantedByMe?: boolean;
            status?: "ACTIVE" | "EXPIRED" | "REVOKED";
        };
        ShareGrantUpdate: {
            shareGrantId: string;
            permissionPreset?: "VIEW" | "DOWNLOAD" | "EDIT";
            expiresAt?: string;
            message?: string;
        };
        ChangeCursor: {
            cursor: string;
        };
        Capability: {
            /** @enum {unknown} */
            effect: "ALLOW" | "DENY";
            value: string;
        };
        ContentType: {
            id: number;
            typeId: string;
            targetKind: string;
            parentTypeId: string;
            code: string;
            name: string;
            description: string;
            icon: string;
            system: boolean;
            sortOrder: number;
            status: string;
            createTime: string;
            updateTime: string;
            maxVersionCount: number;
            retentionDays: number;
            capabilities: {
                [key: string]: components["schemas"]["Capability"];
            };
            effectiveCapabilities: {
                [key: string]: components["schemas"]["Capability"];
            };
            templateIds: string[];
        };
        ContentTypePageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            /** @enum {unknown} */
            targetKind?: "CONTAINER" | "DOCUMENT";
            parentTypeId?: string;
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
            name?: string;
        };
        ContentTypeSave: {
            /** @enum {unknown} */
            targetKind: "CONTAINER" | "DOCUMENT";
            code: string;
            name: string;
            parentTypeId?: string;
            description?: string;
            icon?: string;
            sortOrder?: number;
            maxVersionCount?: number;
            retentionDays?: number;
            capabilities?: {
                [key: string]: components["schemas"]["Capability"];
            };
            templateIds?: string[];
        };
        ContentTypeUpdate: {
            typeId: string;
            code?: string;
            name?: string;
            parentTypeId?: string;
            description?: string;
            icon?: string;
            sortOrder?: number;
            maxVersionCount?: number;
            retentionDays?: number;
            capabilities?: {
                [key: string]: components["schemas"]["Capability"];
            };
            templateIds?: string[];
        };
        FieldDefinition: {
            id: number;
            fieldId: string;
            attributeKey: string;
            displayName: string;
            valueType: string;
            cardinality: string;
            optionSourceType: string;
            optionSourceId: string;
            optionsList: components["schemas"]["FieldOption"][];
            applicableTargets: string[];
            required: boolean;
            defaultValue: string;
            validationRule: string;
            listVisible: boolean;
            system: boolean;
            sortOrder: number;
            description: string;
            status: string;
            capabilities: {
                [key: string]: components["schemas"]["Capability"];
            };
            createTime: string;
            updateTime: string;
        };
        FieldDefinitionPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            attributeKey?: string;
            displayName?: string;
            /** @enum {unknown} */
            valueType?: "STRING" | "TEXT" | "INTEGER" | "DECIMAL" | "BOOLEAN" | "DATE" | "DATETIME" | "OPTION" | "USER";
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
            /** @enum {unknown} */
            applicableTarget?: "CONTAINER" | "DOCUMENT";
        };
        FieldDefinitionSave: {
            fieldId?: string;
            attributeKey?: string;
            displayName?: string;
            /** @enum {unknown} */
            valueType?: "STRING" | "TEXT" | "INTEGER" | "DECIMAL" | "BOOLEAN" | "DATE" | "DATETIME" | "OPTION" | "USER";
            /** @enum {unknown} */
            cardinality?: "SINGLE" | "MULTI";
            /** @enum {unknown} */
            optionSourceType?: "NONE" | "STATIC" | "TERM_SET";
            optionSourceId?: string;
            optionsList?: components["schemas"]["FieldOptionInput"][];
            applicableTargets?: ("CONTAINER" | "DOCUMENT")[];
            required?: boolean;
            defaultValue?: string;
            validationRule?: string;
            listVisible?: boolean;
            sortOrder?: number;
            description?: string;
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
            capabilities?: {
                [key: string]: components["schemas"]["Capability"];
            };
        };
        FieldOption: {
            value: string;
            label: string;
            sortOrder: number;
            deprecated: boolean;
        };
        FieldOptionInput: {
            value: string;
            label?: string;
            sortOrder?: number;
            deprecated?: boolean;
        };
        FormField: {
            fieldId: string;
            attributeKey: string;
            displayName: string;
            valueType: string;
            cardinality: string;
            optionSourceType: string;
            options: components["schemas"]["FormOption"][];
            termSetId: string;
            termSetCode: string;
            termSetHierarchical: boolean;
            required: boolean;
            defaultValue: string;
            validationRule: string;
            sortOrder: number;
            capabilities: {
                [key: string]: components["schemas"]["Capability"];
            };
            value: unknown;
            values: unknown[];
            sourceType: string;
            sourceTemplateId: string;
            sourceTemplateName: string;
        };
        FormOption: {
            value: string;
            label: string;
            sortOrder: number;
            deprecated: boolean;
            parentValue: string;
        };
        FormSchema: {
            typeId: string;
            typeName: string;
            templateGroups: components["schemas"]["TemplateGroup"][];
            legacyFields: components["schemas"]["FormField"][];
        };
        Template: {
            id: number;
            templateId: string;
            name: string;
            description: string;
            status: string;
            fieldIds: string[];
            createTime: string;
            updateTime: string;
        };
        TemplateGroup: {
            templateId: string;
            templateName: string;
            source: string;
            sourceTypeId: string;
            fields: components["schemas"]["FormField"][];
        };
        TemplatePageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            name?: string;
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
        };
        TemplateSave: {
            templateId?: string;
            name?: string;
            description?: string;
            fieldIds?: string[];
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
        };
        Term: {
            value: string;
            label: string;
            parentValue: string;
            sortOrder: number;
            deprecated: boolean;
        };
        TermInput: {
            value: string;
            label?: string;
            parentValue?: string;
            sortOrder?: number;
            deprecated?: boolean;
        };
        TermSet: {
            id: number;
            termSetId: string;
            code: string;
            name: string;
            description: string;
            hierarchical: boolean;
            terms: components["schemas"]["Term"][];
            status: string;
            createTime: string;
            updateTime: string;
        };
        TermSetSave: {
            termSetId?: string;
            code?: string;
            name?: string;
            description?: string;
            hierarchical?: boolean;
            terms?: components["schemas"]["TermInput"][];
            /** @enum {unknown} */
            status?: "ENABLED" | "DISABLED";
        };
        TypeIdBody: {
            typeId: string;
        };
        DirectoryEntry: {
            kind: "USER" | "DEPARTMENT" | "ROLE";
            id: string;
            name: string;
            detail: string;
        };
        DirectoryPageRequest: {
            query: string;
            kinds?: ("USER" | "DEPARTMENT" | "ROLE")[];
            pageSize?: number;
            pageNumber?: number;
        };
        Sharers: {
            canShare: boolean;
            sharers: {
                kind: string;
                id: string;
                name: string;
            }[];
        };
        SharersRequest: {
            resourceType: "CONTAINER" | "DOCUMENT";
            resourceId: string;
        };
        IngestRequest: {
            docId?: string;
            containerId?: string;
            title?: string;
            documentTypeId?: string;
            url: string;
            mimeType?: string;
            originalFilename?: string;
            comment?: string;
            label?: string;
            declaredSizeBytes?: number;
            metadata?: string;
        };
        IngestResult: {
            mode: "sync_completed" | "async_accepted";
            syncResult: components["schemas"]["VersionResult"] | null;
            taskId: string;
            taskStatus: ("PENDING" | "RUNNING" | "SUCCEEDED" | "FAILED") | "";
        };
        Task: {
            taskId: string;
            /** @enum {string} */
            taskType: "INGEST_FROM_URL";
            taskStatus: "PENDING" | "RUNNING" | "SUCCEEDED" | "FAILED";
            result: components["schemas"]["VersionResult"] | null;
            failCode: number;
            failReason: string;
            attempts: number;
            createBy: string;
            createTime: string;
            updateTime: string;
        };
        TenantUsage: {
            usedBytes: number;
            quotaBytes: number;
            reservedBytes: number;
            documentCount: number;
            versionCount: number;
        };
        Department: {
            deptId: string;
            tenantId: string;
            source: string;
            name: string;
            parentDeptId: string;
            leaderUserId: string;
            displayOrder: number;
            createTime: string;
            updateTime: string;
            properties: {
                [key: string]: unknown;
            };
            memberCount: number;
        };
        DepartmentCreate: {
            name: string;
            parentDeptId?: string;
            displayOrder?: number;
            leaderUserId?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        DepartmentIdBody: {
            deptId: string;
        };
        DepartmentMemberPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            deptId: string;
        };
        DepartmentMembersBody: {
            deptId: string;
            userIds: string[];
        };
        DepartmentPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            parentDeptId?: string;
            name?: string;
        };
        DepartmentUpdate: {
            deptId: string;
            name?: string;
            parentDeptId?: string;
            displayOrder?: number;
            leaderUserId?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        Member: {
            userId: string;
            userName: string;
        };
        Role: {
            roleId: string;
            tenantId: string;
            source: string;
            name: string;
            roleKey: string;
            description: string;
            memberCount: number;
            createTime: string;
            updateTime: string;
            properties: {
                [key: string]: unknown;
            };
        };
        RoleIdBody: {
            roleId: string;
        };
        RoleMemberPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            roleId: string;
        };
        RoleMembersBody: {
            roleId: string;
            userIds: string[];
        };
        RolePageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            name?: string;
            roleKey?: string;
        };
        RoleSave: {
            name: string;
            roleKey: string;
            description?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        RoleUpdate: {
            roleId: string;
            name?: string;
            roleKey?: string;
            description?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        Rendition: {
            renditionId: string;
            versionId: string;
            kind: string;
            status: string;
            mimeType: string;
            sizeBytes: number;
            contentHash: string;
            failReason: string;
            createBy: string;
            createTime: string;
            updateTime: string;
        };
        RenditionList: {
            versionId: string;
            renditions: components["schemas"]["Rendition"][];
        };
        SignedUrl: {
            url: string;
            path: string;
            expiresAt: string;
            validitySeconds: number;
        };
        SignedUrlRequest: {
            versionId: string;
            kind: string;
            validitySeconds?: number;
        };
        CoordinateSystem: {
            /** @enum {string} */
            unit: "pixel";
            /** @enum {string} */
            origin: "top-left";
            /** @enum {string} */
            yAxis: "down";
            pages: components["schemas"]["PageSize"][];
        };
        PageSize: {
            page: number;
            width: number;
            height: number;
            dpi: number | null;
        };
        TextPage: {
            page: number;
            text: string;
            confidence: number;
            coverage: number;
            ocrStatus: "NOT_NEEDED" | "OK" | "LOW_CONFIDENCE" | "NO_TEXT" | "FAILED" | "BLANK";
            layout?: {
                [key: string]: unknown;
            };
        };
        VersionText: {
            versionId: string;
            status: "READY" | "PENDING" | "FAILED" | "NOT_APPLICABLE";
            source?: "EXTRACTED" | "OCR";
            text?: string;
            pages?: components["schemas"]["TextPage"][];
            failReason?: string;
            schemaVersion?: string;
            engineVersion?: string;
            coordinateSystem?: components["schemas"]["CoordinateSystem"];
        };
        DeliveryPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
            webhookId: string;
            status?: "PENDING" | "SUCCEEDED" | "FAILED";
        };
        Webhook: {
            webhookId: string;
            url: string;
            events: ("document.updated" | "rendition.uploaded")[];
            description: string;
            createBy: string;
            createTime: string;
        };
        WebhookCreate: {
            url: string;
            events: ("document.updated" | "rendition.uploaded")[];
            secret?: string;
            description?: string;
        };
        WebhookCreated: {
            webhookId: string;
            url: string;
            events: ("document.updated" | "rendition.uploaded")[];
            description: string;
            createBy: string;
            createTime: string;
            secret: string;
        };
        WebhookDelivery: {
            deliveryId: string;
            webhookId: string;
            eventType: "document.updated" | "rendition.uploaded";
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempts: number;
            nextAttemptTime: string;
            lastStatusCode: number;
            lastError: string;
            createTime: string;
            updateTime: string;
            deliveredTime: string;
        };
        WebhookIdBody: {
            webhookId: string;
        };
        WebhookPageRequest: {
            pageSize?: number;
            pageNumber?: number;
            orderByColumn?: string;
            isAsc?: "asc" | "desc";
        };
        /** DepartmentNode */
        DepartmentNode: {
            deptId: string;
            tenantId: string;
            source: string;
            name: string;
            parentDeptId: string;
            leaderUserId: string;
            displayOrder: number;
            createTime: string;
            updateTime: string;
            properties: {
                [key: string]: unknown;
            };
            memberCount: number;
            children: components["schemas"]["DepartmentNode"][];
        };
    };
    responses: {
        /** @description 400 Bad Request: the envelope with data null and one of 100006 INVALID_GRANT, 100008 INVALID_AUTHORIZATION_REQUEST, 110001 VALIDATION, 110002 MALFORMED_JSON, 140004 CHUNK_SIZE_MISMATCH, 190001 URL_FORBIDDEN, 191006 SHARE_GRANT_FIELD_IMMUTABLE, 170004 NOT_A_FOLDER. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 401 Unauthorized: the envelope with data null and one of 100001 UNAUTHENTICATED, 100002 TOKEN_EXPIRED, 100003 INVALID_CLIENT, 100004 INVALID_REFRESH_TOKEN, 100005 INVALID_USER_CREDENTIALS, 101010 USER_TOKEN_INVALID. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 403 Forbidden: the envelope with data null and one of 100007 PUBLIC_CLIENT_NEEDS_USER, 101011 ACT_AS_USER_UNKNOWN, 102001 FORBIDDEN, 102002 APP_CONTEXT_REQUIRED. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 404 Not Found: the envelope with data null and one of 120001 NOT_FOUND, 191004 PRINCIPAL_NOT_FOUND. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 409 Conflict: the envelope with data null and one of 130001 NAME_CONFLICT, 130002 INVALID_MOVE, 130003 PARENT_DELETED, 130004 SYSTEM_CONTAINER, 130005 NOT_DELETED, 140003 UPLOAD_INCOMPLETE, 140006 IDEMPOTENCY_KEY_REUSED, 131001 CONTENT_TYPE_CYCLE, 131002 SYSTEM_CONTENT_TYPE, 191001 DEPARTMENT_CYCLE, 191002 DEPARTMENT_NOT_EMPTY, 191003 ROLE_KEY_TAKEN, 191005 SHARE_GRANT_REVOKED, 191007 SHARE_GRANT_EXISTS, 170002 LOCAL_CHANGES_PENDING, 170003 PAIR_CONFLICT, 170005 CONTAINER_IN_RECYCLE_BIN. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 410 Gone: the envelope with data null and one of 130006 CURSOR_EXPIRED, 140001 UPLOAD_SESSION_EXPIRED. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 413 Payload Too Large: the envelope with data null and one of 110003 PAYLOAD_TOO_LARGE, 190003 FETCH_TOO_LARGE. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 415 Unsupported Media Type: the envelope with data null and one of 110004 UNSUPPORTED_MEDIA_TYPE. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 416 Range Not Satisfiable: the envelope with data null and one of 110005 RANGE_NOT_SATISFIABLE. */
        RangeNotSatisfiable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 422 Unprocessable Entity: the envelope with data null and one of 140002 CONTENT_HASH_MISMATCH, 140005 CHUNK_HASH_MISMATCH. */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 429 Too Many Requests: the envelope with data null and one of 160001 RATE_LIMITED. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 500 Internal Server Error: the envelope with data null and one of 1 INTERNAL. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 502 Bad Gateway: the envelope with data null and one of 190002 FETCH_FAILED, 190005 TOO_MANY_REDIRECTS, 170006 UNEXPECTED_REPLY. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 504 Gateway Timeout: the envelope with data null and one of 190004 FETCH_TIMEOUT. */
        GatewayTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description 507 Insufficient Storage: the envelope with data null and one of 150001 QUOTA_EXCEEDED. */
        InsufficientStorage: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
        UserToken: string;
        /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
        ActAsSource: string;
        /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
        ActAsSourceId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    openapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    openapiJsonHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    authToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TokenResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    authRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TokenResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    authUserSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserSessionRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TokenResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    wellKnownOauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        revocation_endpoint: string;
                        response_types_supported: string[];
                        grant_types_supported: string[];
                        code_challenge_methods_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        service_documentation: string;
                    };
                };
            };
        };
    };
    wellKnownOauthAuthorizationServerHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        revocation_endpoint: string;
                        response_types_supported: string[];
                        grant_types_supported: string[];
                        code_challenge_methods_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        service_documentation: string;
                    };
                };
            };
        };
    };
    authAuthorize: {
        parameters: {
            query?: {
                /** @description code, the only type offered */
                response_type?: string;
                /** @description a tenant's public client id, or folio-desktop (the page then asks for the organisation) */
                client_id?: string;
                /** @description a registered redirect URI; a loopback one (http://127.0.0.1/…) on any port */
                redirect_uri?: string;
                /** @description returned unchanged to the redirect URI */
                state?: string;
                /** @description base64url(SHA-256(code_verifier)), 43 characters */
                code_challenge?: string;
                /** @description S256 (plain is refused) */
                code_challenge_method?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page (text/html) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the redirect URI with code and state, or error and error_description (RFC 6749 §4.1.2) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description The sign-in page (text/html) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    authAuthorizeSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description code, the only type offered */
                    response_type?: string;
                    /** @description a tenant's public client id, or folio-desktop (the page then asks for the organisation) */
                    client_id?: string;
                    /** @description a registered redirect URI; a loopback one (http://127.0.0.1/…) on any port */
                    redirect_uri?: string;
                    /** @description returned unchanged to the redirect URI */
                    state?: string;
                    /** @description base64url(SHA-256(code_verifier)), 43 characters */
                    code_challenge?: string;
                    /** @description S256 (plain is refused) */
                    code_challenge_method?: string;
                    /** @description the form token of the page */
                    csrf?: string;
                    /** @description the organisation's name, asked when the service has several and the client names none */
                    tenant?: string;
                    /** @description the user name */
                    userName?: string;
                    /** @description the password */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The sign-in page (text/html) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the redirect URI with code and state, or error and error_description (RFC 6749 §4.1.2) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description The sign-in page (text/html) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    authAuthorizeHead: {
        parameters: {
            query?: {
                /** @description code, the only type offered */
                response_type?: string;
                /** @description a tenant's public client id, or folio-desktop (the page then asks for the organisation) */
                client_id?: string;
                /** @description a registered redirect URI; a loopback one (http://127.0.0.1/…) on any port */
                redirect_uri?: string;
                /** @description returned unchanged to the redirect URI */
                state?: string;
                /** @description base64url(SHA-256(code_verifier)), 43 characters */
                code_challenge?: string;
                /** @description S256 (plain is refused) */
                code_challenge_method?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page (text/html) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the redirect URI with code and state, or error and error_description (RFC 6749 §4.1.2) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description The sign-in page (text/html) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    authOauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description authorization_code or refresh_token */
                    grant_type: string;
                    /** @description authorization_code: the code from the redirect */
                    code?: string;
                    /** @description authorization_code: exactly the redirect_uri of the authorization request */
                    redirect_uri?: string;
                    /** @description authorization_code: the PKCE verifier, 43 to 128 characters */
                    code_verifier?: string;
                    /** @description the public client id (or folio-desktop) the code or refresh token was issued through */
                    client_id?: string;
                    /** @description refresh_token: a refresh token of the app's or of the user's pair */
                    refresh_token?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description authorization_code or refresh_token */
                    grant_type: string;
                    /** @description authorization_code: the code from the redirect */
                    code?: string;
                    /** @description authorization_code: exactly the redirect_uri of the authorization request */
                    redirect_uri?: string;
                    /** @description authorization_code: the PKCE verifier, 43 to 128 characters */
                    code_verifier?: string;
                    /** @description the public client id (or folio-desktop) the code or refresh token was issued through */
                    client_id?: string;
                    /** @description refresh_token: a refresh token of the app's or of the user's pair */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: (components["schemas"]["TokenResult"] & {
                            userSession?: components["schemas"]["TokenResult"];
                        }) | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    authRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an access, user or refresh token */
                    token: string;
                    /** @description access_token or refresh_token; accepted and not needed (RFC 7009 §2.1) */
                    token_type_hint?: string;
                    /** @description the public client id; accepted for RFC 7009 clients */
                    client_id?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description an access, user or refresh token */
                    token: string;
                    /** @description access_token or refresh_token; accepted and not needed (RFC 7009 §2.1) */
                    token_type_hint?: string;
                    /** @description the public client id; accepted for RFC 7009 clients */
                    client_id?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @enum {boolean} */
                            revoked: true;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContainerCreate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersGet: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersGetHead: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContainerPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Container"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContainerUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContainerIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersRestore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContainerIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Container"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsGet: {
        parameters: {
            query: {
                docId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsGetHead: {
        parameters: {
            query: {
                docId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Document"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    documentsRestore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Document"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsUpload: {
        parameters: {
            query?: {
                docId?: string;
                containerId?: string;
                title?: string;
                documentTypeId?: string;
                mimeType?: string;
                originalFilename?: string;
                comment?: string;
                label?: string;
                metadata?: string;
                /** @description The file's modification time, in ms since the epoch. */
                fileMtime?: number;
                /** @description Whether the file is executable (a POSIX x bit). */
                executable?: boolean;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file's bytes, as they are. */
        requestBody: {
            content: {
                "application/octet-stream": Blob;
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["VersionResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsInitChunkedUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitChunkedUpload"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ChunkedUploadSession"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsUploadChunk: {
        parameters: {
            query: {
                uploadId: string;
                chunkIndex: number;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file's bytes, as they are. */
        requestBody: {
            content: {
                "application/octet-stream": Blob;
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ChunkedUploadSession"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsCompleteChunkedUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["VersionResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsAbortChunkedUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            uploadId: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VersionPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Version"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsRestore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VersionRestore"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["VersionResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsGet: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Version"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsGetHead: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Version"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsDownload: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description One byte range, e.g. `bytes=0-99`; the answer is then 206. Several ranges, or a malformed one, get the whole file. */
                range?: string;
                /** @description An ETag of an earlier answer; if the file has changed since, the whole file comes back (200). */
                "if-range"?: string;
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description The version's fileMtime (ms since the epoch), when it has one. */
                    "x-file-mtime"?: number;
                    /** @description The version's executable flag, when it has one. */
                    "x-file-executable"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The requested range of the file. */
            206: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description The version's fileMtime (ms since the epoch), when it has one. */
                    "x-file-mtime"?: number;
                    /** @description The version's executable flag, when it has one. */
                    "x-file-executable"?: "true" | "false";
                    /** @description Which bytes of how many, e.g. `bytes 0-99/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The range lies outside the file (110005), in the envelope. */
            416: {
                headers: {
                    /** @description Which bytes of how many, e.g. `bytes *\/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsDownloadHead: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description One byte range, e.g. `bytes=0-99`; the answer is then 206. Several ranges, or a malformed one, get the whole file. */
                range?: string;
                /** @description An ETag of an earlier answer; if the file has changed since, the whole file comes back (200). */
                "if-range"?: string;
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description The version's fileMtime (ms since the epoch), when it has one. */
                    "x-file-mtime"?: number;
                    /** @description The version's executable flag, when it has one. */
                    "x-file-executable"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The requested range of the file. */
            206: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description The version's fileMtime (ms since the epoch), when it has one. */
                    "x-file-mtime"?: number;
                    /** @description The version's executable flag, when it has one. */
                    "x-file-executable"?: "true" | "false";
                    /** @description Which bytes of how many, e.g. `bytes 0-99/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The range lies outside the file (110005), in the envelope. */
            416: {
                headers: {
                    /** @description Which bytes of how many, e.g. `bytes *\/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    changesGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ChangePage"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    changesLatestCursor: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ChangeCursor"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    changesLatestCursorHead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ChangeCursor"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentTypeSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesGet: {
        parameters: {
            query: {
                typeId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesGetHead: {
        parameters: {
            query: {
                typeId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentTypePageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["ContentType"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentTypeUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesDisable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TypeIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    contentTypesEnable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TypeIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContentType"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    fieldDefinitionsGet: {
        parameters: {
            query: {
                fieldId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FieldDefinition"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    fieldDefinitionsGetHead: {
        parameters: {
            query: {
                fieldId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FieldDefinition"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    fieldDefinitionsSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FieldDefinitionSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FieldDefinition"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    fieldDefinitionsGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FieldDefinitionPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["FieldDefinition"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    termSetsSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TermSetSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TermSet"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    termSetsGet: {
        parameters: {
            query: {
                termSetId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TermSet"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    termSetsGetHead: {
        parameters: {
            query: {
                termSetId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TermSet"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    templatesSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Template"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    templatesGet: {
        parameters: {
            query: {
                templateId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Template"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    templatesGetHead: {
        parameters: {
            query: {
                templateId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Template"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    templatesGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplatePageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Template"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersGetFormSchema: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FormSchema"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    containersGetFormSchemaHead: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FormSchema"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    ingestFromUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IngestRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["IngestResult"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    tasksGet: {
        parameters: {
            query: {
                taskId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Task"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    tasksGetHead: {
        parameters: {
            query: {
                taskId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Task"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    webhooksCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookCreated"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    webhooksGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Webhook"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    webhooksDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookIdBody"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    webhooksDeliveriesGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeliveryPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["WebhookDelivery"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclEntriesGet: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContainerAcl"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclEntriesGetHead: {
        parameters: {
            query: {
                containerId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContainerAcl"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclEntriesSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclEntriesSet"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContainerAcl"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclInheritanceSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclInheritanceSet"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ContainerAcl"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclPolicyCreate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["AclPolicy"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyUpdate: {
        parameters: {
            query: {
                policyId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclPolicyUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["AclPolicy"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyGet: {
        parameters: {
            query: {
                policyId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["AclPolicy"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyGetHead: {
        parameters: {
            query: {
                policyId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["AclPolicy"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclPolicyPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["AclPolicy"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    aclPolicyDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            policyId: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareGrantCreate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ShareGrant"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareGrantUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ShareGrant"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsRevoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareGrantIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ShareGrant"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsGet: {
        parameters: {
            query: {
                shareGrantId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ShareGrant"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsGetHead: {
        parameters: {
            query: {
                shareGrantId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ShareGrant"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsSharers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SharersRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Sharers"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    shareGrantsGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareGrantPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["ShareGrant"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    directoryGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DirectoryPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["DirectoryEntry"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentCreate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsGet: {
        parameters: {
            query: {
                deptId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsGetHead: {
        parameters: {
            query: {
                deptId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["DepartmentNode"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            deptId: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsAddMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentMembersBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsRemoveMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentMembersBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Department"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    departmentsGetMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartmentMemberPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Member"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesSave: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleSave"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleUpdate"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesGet: {
        parameters: {
            query: {
                roleId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesGetHead: {
        parameters: {
            query: {
                roleId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RolePageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Role"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleIdBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            roleId: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesAddMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleMembersBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesRemoveMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleMembersBody"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Role"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rolesGetMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleMemberPageRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: components["schemas"]["Member"][];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsText: {
        parameters: {
            query: {
                versionId: string;
                page?: number;
                includeLayout?: boolean;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["VersionText"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    versionsTextHead: {
        parameters: {
            query: {
                versionId: string;
                page?: number;
                includeLayout?: boolean;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["VersionText"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    searchGetPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                    containerId?: string;
                    pageSize?: number;
                    pageNumber?: number;
                };
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            totalElements: number;
                            content: {
                                docId: string;
                                versionId: string;
                                title: string;
                                containerId: string;
                                page: number;
                                snippet: string;
                                highlights: {
                                    start: number;
                                    length: number;
                                }[];
                            }[];
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsUpload: {
        parameters: {
            query: {
                versionId: string;
                kind: string;
                mimeType: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file's bytes, as they are. */
        requestBody: {
            content: {
                "application/octet-stream": Blob;
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Rendition"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsList: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["RenditionList"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsListHead: {
        parameters: {
            query: {
                versionId: string;
            };
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["RenditionList"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsSignedUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignedUrlRequest"];
            };
        };
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["SignedUrl"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsRead: {
        parameters: {
            query?: {
                tenantId?: string;
                versionId?: string;
                kind?: string;
                expires?: string;
                sig?: string;
            };
            header?: {
                /** @description One byte range, e.g. `bytes=0-99`; the answer is then 206. Several ranges, or a malformed one, get the whole file. */
                range?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The requested range of the file. */
            206: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description Which bytes of how many, e.g. `bytes 0-99/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The range lies outside the file (110005), in the envelope. */
            416: {
                headers: {
                    /** @description Which bytes of how many, e.g. `bytes *\/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    renditionsReadHead: {
        parameters: {
            query?: {
                tenantId?: string;
                versionId?: string;
                kind?: string;
                expires?: string;
                sig?: string;
            };
            header?: {
                /** @description One byte range, e.g. `bytes=0-99`; the answer is then 206. Several ranges, or a malformed one, get the whole file. */
                range?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The requested range of the file. */
            206: {
                headers: {
                    "Accept-Ranges"?: "bytes";
                    /** @description The content hash, quoted; send it back as If-Range. */
                    ETag?: string;
                    "Content-Length"?: number;
                    /** @description Which bytes of how many, e.g. `bytes 0-99/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The range lies outside the file (110005), in the envelope. */
            416: {
                headers: {
                    /** @description Which bytes of how many, e.g. `bytes *\/1234`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    tenantUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TenantUsage"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    tenantUsageHead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Strong user channel: a user-session token (POST /v1/auth/userSession). The request then runs as that user. Not with the weak channel (101008). */
                "X-Svc-User-Token"?: components["parameters"]["UserToken"];
                /** @description Weak user channel: the external identity source. Send it with X-Svc-Act-As-Source-Id (else 101009); honoured for clients made with act_as_user_allowed. */
                "X-Svc-Act-As-Source"?: components["parameters"]["ActAsSource"];
                /** @description Weak user channel: the identity's id in X-Svc-Act-As-Source. Send both or neither (101009). */
                "X-Svc-Act-As-Source-Id"?: components["parameters"]["ActAsSourceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 0 and data on success, or data null and a spec §7 code (see Envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["TenantUsage"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            416: components["responses"]["RangeNotSatisfiable"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    healthzHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ready" | "draining" | "unavailable";
                        database: "ok" | "failing";
                        blobs: "ok" | "failing";
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ready" | "draining" | "unavailable";
                        database: "ok" | "failing";
                        blobs: "ok" | "failing";
                    };
                };
            };
        };
    };
    readyzHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ready" | "draining" | "unavailable";
                        database: "ok" | "failing";
                        blobs: "ok" | "failing";
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "ready" | "draining" | "unavailable";
                        database: "ok" | "failing";
                        blobs: "ok" | "failing";
                    };
                };
            };
        };
    };
}
