/**
 * DesktopApi: the one interface between the UI (renderer, in Electron or in a browser) and the
 * desktop core (docs/architecture.md, "The desktop app"). Every method takes one JSON object and resolves to a Result: errors
 * are values with codes, never thrown across the boundary. The schemas here are what the
 * dispatcher checks every call against, in both transports (Electron IPC and loopback HTTP).
 *
 * Pure TypeScript: no Node, no DOM.
 */
import * as Type from 'typebox/type';
import type { Static, TSchema } from 'typebox';
import { ShareGrant, ShareGrantCreate, ShareGrantUpdate, ShareResourceTypeSchema } from '../v1/access.ts';
import { DirectoryEntry, DirectoryKindSchema, Sharers } from '../v1/directory.ts';
import { SEARCH_QUERY_MAX, SearchHighlight } from '../v1/search.ts';
import { LEFT_OUT_REASONS } from '../leftOut.ts';
import { Container, Document, Version } from '../v1/resources.ts';

// ---------------------------------------------------------------------------------------------
// Errors and results

export const DesktopErrorCodes = [
  /** The method name is not part of DesktopApi. */
  'UNKNOWN_METHOD',
  /** The arguments do not match the method's schema. */
  'INVALID_ARGUMENTS',
  /** The transport refused the caller: a wrong token, a foreign frame or origin. */
  'UNAUTHORIZED',
  /** The call needs an account and none is signed in. */
  'NOT_SIGNED_IN',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  /** The call does not fit the current state (e.g. resolving a conflict that is gone). */
  'INVALID_STATE',
  /** IT locked this setting through managed settings. */
  'LOCKED_BY_POLICY',
  /** IT fixed the service (managed ServerUrl): signing in to any other one is refused. */
  'SERVER_LOCKED_BY_POLICY',
  /** The service answered with a business error; serviceCode carries its code. */
  'SERVICE_ERROR',
  /** The service could not be reached. */
  'SERVICE_UNREACHABLE',
  /** The service does not offer this endpoint (yet). */
  'NOT_SUPPORTED',
  'KEYCHAIN_ERROR',
  /** Signing in failed: a wrong address, a server that is not Folio, refused credentials; the message says which in words. */
  'SIGN_IN_FAILED',
  /** The folder does not exist and the call did not ask to create it: the UI asks the person first. */
  'FOLDER_MISSING',
  'INTERNAL',
] as const;
export type DesktopErrorCode = (typeof DesktopErrorCodes)[number];

export const DesktopError = Type.Object({
  code: Type.Enum(DesktopErrorCodes),
  message: Type.String(),
  /** The /v1 business code, for SERVICE_ERROR. */
  serviceCode: Type.Optional(Type.Integer()),
  /** The technical detail behind a message meant for people (the UI shows it under "Details"). */
  detail: Type.Optional(Type.String()),
});
export type DesktopError = { code: DesktopErrorCode; message: string; serviceCode?: number; detail?: string };

export type Result<T> = { ok: true; value: T } | { ok: false; error: DesktopError };

// ---------------------------------------------------------------------------------------------
// Building blocks

const strict = { additionalProperties: false } as const;
const Str = Type.String();
const Int = Type.Integer();
const Bool = Type.Boolean();
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Count = Type.Integer({ minimum: 0 });
/** An ISO 8601 instant, or '' for "never" / "not yet". */
const Instant = Type.String({ maxLength: 64 });
const Empty = Type.Object({}, strict);
const Ok = Type.Object({ done: Type.Literal(true) });
const ServiceUrl = Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://[^\\s]+$' });

// ---------------------------------------------------------------------------------------------
// Accounts

export const KeychainStatus = Type.Object({
  /** False when no OS keychain answered (e.g. no Secret Service): secrets then live in memory only. */
  available: Bool,
  /** What is used: 'os-keychain' or 'memory'. */
  backend: Type.Union([Type.Literal('os-keychain'), Type.Literal('memory')]),
  /** Why the keychain is not available, for the UI; '' when it is. */
  detail: Str,
});
export type KeychainStatus = Static<typeof KeychainStatus>;

export const Account = Type.Object({
  signedIn: Bool,
  serviceUrl: Str,
  clientId: Str,
  /** '' when the account acts as the application (APP_ONLY). */
  userName: Str,
  tenantId: Str,
  userId: Str,
  keychain: KeychainStatus,
});
export type Account = Static<typeof Account>;

export const SignInArgs = Type.Object(
  {
    serviceUrl: ServiceUrl,
    clientId: Type.String({ minLength: 1, maxLength: 256 }),
    clientSecret: Type.String({ minLength: 1, maxLength: 4096 }),
    /** With a password: every call then acts as this user (the strong user channel). */
    userName: Type.Optional(Type.String({ maxLength: 256 })),
    password: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  strict,
);
export type SignInArgs = Static<typeof SignInArgs>;

/** The browser sign-in (RFC 8252): the person types only the service URL (none when IT set it). */
export const BeginBrowserSignInArgs = Type.Object({ serviceUrl: Type.Optional(Type.String({ maxLength: 2048 })) }, strict);

export const BrowserSignInStart = Type.Object({
  /** The service's sign-in page; the UI opens it in a new tab unless the app opened the system browser already. */
  authorizationUrl: Str,
  opened: Bool,
});
export type BrowserSignInStart = Static<typeof BrowserSignInStart>;

// ---------------------------------------------------------------------------------------------
// The service tree (to pick a pair's container, a document, a share target)

/** A service container as the tree shows it: what the caller may do there, from its effectivePermissions. */
export const ContainerEntry = Type.Object({
  ...Type.Pick(Container, ['containerId', 'name', 'hasChildren']).properties,
  canWrite: Bool,
  canShare: Bool,
});
export type ContainerEntry = Static<typeof ContainerEntry>;

export const DocumentEntry = Type.Pick(Document, ['docId', 'containerId', 'title', 'sizeBytes', 'mimeType', 'currentVersionId', 'currentVersionNo', 'updateTime']);
export type DocumentEntry = Static<typeof DocumentEntry>;

export const ListChildrenArgs = Type.Object(
  {
    /** Omitted or '': the tenant's root. */
    containerId: Type.Optional(Type.String({ maxLength: 64 })),
    includeDocuments: Type.Optional(Bool),
  },
  strict,
);
export const Listing = Type.Object({
  container: Type.Object({ containerId: Str, name: Str, parentId: Str }),
  containers: Type.Array(ContainerEntry),
  documents: Type.Array(DocumentEntry),
});
export type Listing = Static<typeof Listing>;

// ---------------------------------------------------------------------------------------------
// Sync pairs and status

export const PairSettings = Type.Object({
  /** Transfers at once. */
  concurrency: Type.Integer({ minimum: 1, maximum: 32 }),
  /** Bytes per second; 0 means unlimited. */
  uploadLimit: Type.Integer({ minimum: 0, maximum: 10 * 1024 ** 3 }),
  downloadLimit: Type.Integer({ minimum: 0, maximum: 10 * 1024 ** 3 }),
  /** Service folder ids left out of this pair (selective sync). */
  excludedFolders: Type.Array(Id, { maxItems: 10_000 }),
  /** The pair's `.folioignore`, gitignore syntax. */
  ignoreRules: Type.String({ maxLength: 65_536 }),
});
export type PairSettings = Static<typeof PairSettings>;

export const PairStates = ['STARTING', 'SYNCING', 'IDLE', 'ATTENTION', 'PAUSED', 'WAITING', 'OFFLINE', 'ERROR'] as const;
export type PairState = (typeof PairStates)[number];

export const Progress = Type.Object({ filesDone: Count, filesTotal: Count, bytesDone: Count, bytesTotal: Count });
export type Progress = Static<typeof Progress>;

export const SyncCounts = Type.Object({
  uploaded: Count,
  downloaded: Count,
  moved: Count,
  deleted: Count,
  conflicts: Count,
});
export type SyncCounts = Static<typeof SyncCounts>;

export const PairStatus = Type.Object({
  pairId: Str,
  dir: Str,
  serviceUrl: Str,
  containerId: Str,
  containerName: Str,
  /**
   * SYNCING: a round runs. IDLE: in sync. ATTENTION: in sync but for items left out or conflicted
   * copies (main/desktop/pairState.ts decides, for the pair and the summary alike). PAUSED: by the user. WAITING: the mass-delete guard (or a
   * missing folder) asks for confirmation, see stateReason. OFFLINE: the service is unreachable.
   */
  state: Type.Enum(PairStates),
  stateReason: Str,
  settings: PairSettings,
  /** Files and folders on disk, known to this pair. */
  files: Count,
  folders: Count,
  /** Conflicted copies waiting in the folder. */
  conflicts: Count,
  /** Items this pair does not sync (listLeftOut says which, and why). */
  leftOut: Count,
  /** When the last round finished in sync; '' never. */
  lastSyncAt: Instant,
  /** What the last round did. */
  lastRound: SyncCounts,
  /** Operations that failed in the last round, with why. */
  errors: Type.Array(Str),
  /** The round under way. */
  progress: Progress,
});
export type PairStatus = Static<typeof PairStatus>;

/** An item a pair does not sync, and why (the reasons: shared/leftOut.ts). */
export const LeftOutItem = Type.Object({
  pairId: Str,
  /** Where it is: on this computer, or on the service. */
  side: Type.Union([Type.Literal('local'), Type.Literal('remote')]),
  /** Relative to the pair's folder, '/'-separated. */
  path: Str,
  reason: Type.Enum(LEFT_OUT_REASONS),
});
export type LeftOutItem = Static<typeof LeftOutItem>;

export const Offline = Type.Object({
  offline: Bool,
  /** When the service stopped answering; '' when online. */
  since: Instant,
  reason: Str,
  /** Writes through the local API waiting to be replayed on the service (its outbox). */
  outboxLength: Count,
  /** Files in the pairs' folders the service has not got yet, counted from the disk. */
  pendingUploads: Count,
});
export type Offline = Static<typeof Offline>;

/** LOCAL_ONLY: signed out by choice; the app and its local server run without a service. */
export const OverallStates = ['SIGNED_OUT', 'LOCAL_ONLY', 'IDLE', 'SYNCING', 'PAUSED', 'OFFLINE', 'ATTENTION'] as const;
export type OverallState = (typeof OverallStates)[number];

export const Status = Type.Object({
  state: Type.Enum(OverallStates),
  pairs: Type.Array(PairStatus),
  progress: Progress,
  offline: Offline,
});
export type Status = Static<typeof Status>;

export const AddPairArgs = Type.Object(
  {
    /** An absolute path. */
    dir: Type.String({ minLength: 1, maxLength: 4096 }),
    containerId: Id,
    settings: Type.Optional(Type.Partial(PairSettings, strict)),
    /** Creates the folder when it is missing; without it a missing folder fails with FOLDER_MISSING, and the UI asks. */
    create: Type.Optional(Bool),
  },
  strict,
);
export type AddPairArgs = Static<typeof AddPairArgs>;

const PairIdArgs = Type.Object({ pairId: Id }, strict);

export const UpdatePairSettingsArgs = Type.Object({ pairId: Id, settings: Type.Partial(PairSettings, strict) }, strict);
export type UpdatePairSettingsArgs = Static<typeof UpdatePairSettingsArgs>;

// ---------------------------------------------------------------------------------------------
// The mass-delete choice: what the guard holds back, page by page

export const PendingDeletesArgs = Type.Object(
  { pairId: Id, pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
  strict,
);
export const PendingDelete = Type.Object({
  /** '/'-separated, relative to the pair's folder. */
  path: Str,
  kind: Type.Union([Type.Literal('file'), Type.Literal('dir')]),
  /** service: deleted here, it would be deleted on the service; here: deleted on the service, it would be deleted here. */
  side: Type.Union([Type.Literal('service'), Type.Literal('here')]),
});
export type PendingDelete = Static<typeof PendingDelete>;
export const PendingDeletesPage = Type.Object({
  /** Items (files and folders) held back, on every page. */
  totalElements: Count,
  /** Of them, files. */
  files: Count,
  items: Type.Array(PendingDelete),
});
export type PendingDeletesPage = Static<typeof PendingDeletesPage>;

// ---------------------------------------------------------------------------------------------
// Folders on this computer: the folder picker

export const ListFoldersArgs = Type.Object(
  {
    /** An absolute path; omitted: the user's home folder. */
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    /** Folders whose name starts with a dot; off by default. */
    showHidden: Type.Optional(Bool),
  },
  strict,
);
export const LocalFolder = Type.Object({ name: Str, path: Str });
export const FolderListing = Type.Object({
  path: Str,
  /** '' at the file system's root. */
  parent: Str,
  home: Str,
  folders: Type.Array(LocalFolder),
});
export type FolderListing = Static<typeof FolderListing>;
/** native: a system dialog was shown (Electron); path '' when it was cancelled. Headless there is none: the UI shows its own browser. */
export const PickedFolder = Type.Object({ native: Bool, path: Str });
export type PickedFolder = Static<typeof PickedFolder>;
export const FolderPathArgs = Type.Object({ path: Type.String({ minLength: 1, maxLength: 4096 }) }, strict);

// ---------------------------------------------------------------------------------------------
// Activity

/**
 * transfer: a file's content moving (per-file progress). delete, move: one carried to a side (the
 * direction says which). conflict, error, round: what a round found, what failed, what it did in all.
 */
export const ActivityKinds = ['transfer', 'delete', 'move', 'conflict', 'error', 'round'] as const;
export type ActivityKind = (typeof ActivityKinds)[number];

/**
 * Which way an entry went. upload / download: content to the service / to this computer (a
 * transfer). deleteOnService / moveOnService: a delete or move made here, carried to the service;
 * deleteHere / moveHere: one made on the service, carried to this folder (a change). none: entries
 * that move nothing (conflicts, errors, rounds).
 */
export const ActivityDirection = Type.Union([
  Type.Literal('upload'),
  Type.Literal('download'),
  Type.Literal('deleteOnService'),
  Type.Literal('deleteHere'),
  Type.Literal('moveOnService'),
  Type.Literal('moveHere'),
  Type.Literal('none'),
]);
export type ActivityDirection = Static<typeof ActivityDirection>;

export const ActivityEntry = Type.Object({
  /** Rises by one per entry; a progress update keeps its entry's seq. */
  seq: Count,
  time: Instant,
  pairId: Str,
  /** Relative to the pair's folder, '/' separated; '' for pair-wide entries. */
  path: Str,
  kind: Type.Enum(ActivityKinds),
  direction: ActivityDirection,
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  bytesDone: Count,
  bytesTotal: Count,
  message: Str,
  /**
   * A running transfer's speed over its last seconds, from the engine's progress; absent until
   * there is enough data (a second of progress) and once it stops running.
   */
  bytesPerSecond: Type.Optional(Count),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

export const ListActivityArgs = Type.Object(
  {
    /** Only entries with a larger seq; updates of older ones arrive as events. */
    afterSeq: Type.Optional(Count),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  strict,
);
export const ActivityPage = Type.Object({ entries: Type.Array(ActivityEntry), lastSeq: Count });
export type ActivityPage = Static<typeof ActivityPage>;

/** An entry's file, by the entry's seq: its pair's folder and path are the core's to know, never the UI's to say. */
export const ActivitySeqArgs = Type.Object({ seq: Type.Integer({ minimum: 1 }) }, strict);
/**
 * `opened`: the system's file manager or default app was asked to show it (Electron's shell, or
 * the OS opener in headless mode); else the UI shows `path`.
 */
export const OpenedPath = Type.Object({ path: Str, opened: Bool });
export type OpenedPath = Static<typeof OpenedPath>;

// ---------------------------------------------------------------------------------------------
// Conflicts

export const Conflict = Type.Object({
  conflictId: Str,
  pairId: Str,
  /** The service's copy keeps the name (docs/architecture.md, "The sync engine"): this path. */
  path: Str,
  /** The local copy that lost the name: "name (conflicted copy <stamp> <host>).ext". */
  copyPath: Str,
  /** "<YYYY-MM-DD HHMMSS> <host>" from the copy's name. */
  stamp: Str,
  originalExists: Bool,
  originalSize: Count,
  copySize: Count,
  originalModified: Instant,
  copyModified: Instant,
});
export type Conflict = Static<typeof Conflict>;

export const ConflictIdArgs = Type.Object({ conflictId: Type.String({ minLength: 1, maxLength: 8192 }) }, strict);
export const ConflictPaths = Type.Object({ original: Str, copy: Str });
export const ResolveConflictArgs = Type.Object(
  {
    conflictId: Type.String({ minLength: 1, maxLength: 8192 }),
    /**
     * original: keep the service's copy, delete the conflicted copy. copy: the conflicted copy
     * replaces the original (a new version on the service). both: keep both, the copy renamed to
     * a plain name that is no longer flagged.
     */
    keep: Type.Union([Type.Literal('original'), Type.Literal('copy'), Type.Literal('both')]),
  },
  strict,
);
export type ResolveConflictArgs = Static<typeof ResolveConflictArgs>;
export const Resolution = Type.Object({ kept: Type.Array(Str) });

// ---------------------------------------------------------------------------------------------
// Shares: /v1/share-grants/* (spec §2 ShareGrant, 4.12). Presets VIEW, DOWNLOAD, EDIT; resources
// CONTAINER or DOCUMENT; grantees USER, DEPARTMENT or ROLE; expiresAt ISO 8601, '' for never.

/** A share grant as the service returns it (shared/v1/access.ts), less what the UI never shows. */
export const Share = Type.Omit(ShareGrant, ['resourceName', 'updateTime']);
export type Share = Static<typeof Share>;

export const ListSharesArgs = Type.Object(
  {
    resourceType: ShareResourceTypeSchema,
    resourceId: Id,
    includeInactive: Type.Optional(Bool),
  },
  strict,
);
/** The service's own request bodies (shared/v1/access.ts), with nothing more allowed. */
export const CreateShareArgs = Type.Object(ShareGrantCreate.properties, strict);
export type CreateShareArgs = Static<typeof CreateShareArgs>;
export const UpdateShareArgs = Type.Object(ShareGrantUpdate.properties, strict);
export type UpdateShareArgs = Static<typeof UpdateShareArgs>;

/** The people picker: users, departments and roles of the tenant by name (/v1/directory/getPage). */
export const SearchDirectoryArgs = Type.Object(
  { query: Type.String({ maxLength: 256 }), kinds: Type.Optional(Type.Array(DirectoryKindSchema, { minItems: 1, maxItems: 3, uniqueItems: true })) },
  strict,
);
export { DirectoryEntry, Sharers };
export const SharersArgs = Type.Object({ resourceType: ShareResourceTypeSchema, resourceId: Id }, strict);

// ---------------------------------------------------------------------------------------------
// Documents: versions (/v1/versions/getPage) and extracted text (/v1/versions/text, spec 4.8)

/** A version as the history shows it: `createBy` is the author's display name where the service knows one. */
export const VersionEntry = Type.Pick(Version, [
  'versionId',
  'versionNo',
  'sizeBytes',
  'mimeType',
  'originalFilename',
  'comment',
  'label',
  'createBy',
  'createTime',
  'contentHash',
]);
export type VersionEntry = Static<typeof VersionEntry>;

export const ListVersionsArgs = Type.Object(
  { docId: Id, pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);
export const VersionPage = Type.Object({ totalElements: Count, versions: Type.Array(VersionEntry) });
export type VersionPage = Static<typeof VersionPage>;

export const TextPage = Type.Object({
  page: Int,
  text: Str,
  /** 0..1; 1 for digital text. */
  confidence: Type.Number(),
  coverage: Type.Number(),
  ocrStatus: Str,
});
export type TextPage = Static<typeof TextPage>;

export const VersionText = Type.Object({
  versionId: Str,
  status: Type.Union([Type.Literal('READY'), Type.Literal('PENDING'), Type.Literal('FAILED'), Type.Literal('NOT_APPLICABLE')]),
  /** EXTRACTED or OCR; '' unless READY. */
  source: Str,
  pages: Type.Array(TextPage),
  failReason: Str,
});
export type VersionText = Static<typeof VersionText>;

export const VersionTextArgs = Type.Object({ versionId: Id, page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }, strict);
export const DocIdArgs = Type.Object({ docId: Id }, strict);
export const VersionIdArgs = Type.Object({ versionId: Id }, strict);

/** A version's bytes for the UI to save; small enough to cross the transport as base64. */
export const VersionFile = Type.Object({ filename: Str, mimeType: Str, sizeBytes: Count, base64: Str });
export type VersionFile = Static<typeof VersionFile>;

/** The new current version a restore made; the pairs' next round brings it to the disk. */
export const RestoredVersion = Type.Object({ versionId: Str, versionNo: Int });
export type RestoredVersion = Static<typeof RestoredVersion>;
export const DocumentByPathArgs = Type.Object({ pairId: Id, path: Type.String({ minLength: 1, maxLength: 4096 }) }, strict);

// ---------------------------------------------------------------------------------------------
// Search: names and the extracted or OCR text of current versions (/v1/search/getPage)

export const SearchArgs = Type.Object(
  {
    /** Words and "quoted phrases", all of which must match (shared/v1/search.ts). */
    query: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX }),
    pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  strict,
);
export type SearchArgs = Static<typeof SearchArgs>;

export const SearchHit = Type.Object({
  docId: Str,
  versionId: Str,
  title: Str,
  containerId: Str,
  /** The name of the folder the document is in; '' when it cannot be read. */
  folder: Str,
  /** The best-matching page of the current version (1 when only the name matched). */
  page: Int,
  /** Plain text; highlights are offsets into it, never markup. */
  snippet: Str,
  highlights: Type.Array(SearchHighlight),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchPage = Type.Object({
  totalElements: Count,
  pageNumber: Int,
  pageSize: Int,
  hits: Type.Array(SearchHit),
  /** The service is away: the copy on this computer (the local server's mirror) answered. */
  fromMirror: Bool,
});
export type SearchPage = Static<typeof SearchPage>;

// ---------------------------------------------------------------------------------------------
// App-wide settings

export const AppSettings = Type.Object({
  startAtLogin: Bool,
  notifications: Bool,
  autoUpdate: Bool,
  /** Pauses every pair at once. */
  pauseAll: Bool,
  /** How often the service is polled for changes. */
  pollSeconds: Type.Integer({ minimum: 5, maximum: 3600 }),
  theme: Type.Union([Type.Literal('system'), Type.Literal('light'), Type.Literal('dark')]),
  /** Use the app without a service: the UI skips the sign-in screen until one is connected. */
  localOnly: Bool,
});
export type AppSettings = Static<typeof AppSettings>;
export type AppSettingName = keyof AppSettings;

export const SettingsView = Type.Object({
  settings: AppSettings,
  /** Settings IT locked: the UI shows them read-only. */
  locked: Type.Array(Str),
  /** Sign-in defaults from managed settings ('' when none). */
  managed: Type.Object({ serverUrl: Str, clientId: Str }),
  /** Where pairs' state lives, for the UI's about box. */
  stateDir: Str,
  /** The embedded local /v1 server ('' when none runs); its token is the state folder's local-token. */
  localApiUrl: Str,
});
export type SettingsView = Static<typeof SettingsView>;

export const UpdateSettingsArgs = Type.Partial(AppSettings, strict);

/** The folder of the desktop's log files; `opened` when the system's file manager was asked to show it (Electron), else the UI shows the path. */
export const LogFolder = Type.Object({ path: Str, opened: Bool });
export type LogFolder = Static<typeof LogFolder>;

// ---------------------------------------------------------------------------------------------
// The method table: every method's argument and result schema

export const DesktopMethods = {
  getAccount: { args: Empty, result: Account },
  signIn: { args: SignInArgs, result: Account },
  /** Starts a browser sign-in; finishBrowserSignIn resolves when the browser comes back (or fails). */
  beginBrowserSignIn: { args: BeginBrowserSignInArgs, result: BrowserSignInStart },
  finishBrowserSignIn: { args: Empty, result: Account },
  /** Stops waiting for the browser. */
  cancelBrowserSignIn: { args: Empty, result: Ok },
  signOut: { args: Empty, result: Account },

  listChildren: { args: ListChildrenArgs, result: Listing },

  getStatus: { args: Empty, result: Status },
  addPair: { args: AddPairArgs, result: PairStatus },
  removePair: { args: PairIdArgs, result: Ok },
  /** Takes effect when the round under way (if any) ends: no round starts after it. */
  pausePair: { args: PairIdArgs, result: PairStatus },
  resumePair: { args: PairIdArgs, result: PairStatus },
  syncNow: { args: PairIdArgs, result: PairStatus },
  /** Lets a mass delete that the guard stopped go ahead, once ("Delete them on the service too"). */
  confirmDeletes: { args: PairIdArgs, result: PairStatus },
  /** What the mass-delete guard holds back. */
  listPendingDeletes: { args: PendingDeletesArgs, result: PendingDeletesPage },
  /** The other answer to the guard ("Restore them"): nothing is deleted, the items are copied back, and the pair syncs again. */
  restoreDeletes: { args: PairIdArgs, result: PairStatus },

  /** The system's folder dialog (Electron); headless, { native: false }. */
  pickFolder: { args: Empty, result: PickedFolder },
  /** The subfolders of a folder on this computer, for the headless folder picker. */
  listFolders: { args: ListFoldersArgs, result: FolderListing },
  /** Creates a folder (and its missing parents) once the person said yes. */
  createFolder: { args: FolderPathArgs, result: Type.Object({ path: Str }) },
  updatePairSettings: { args: UpdatePairSettingsArgs, result: PairStatus },

  listActivity: { args: ListActivityArgs, result: ActivityPage },
  /** Shows the entry's file in the system's file manager (its folder, when the file is gone). */
  showActivityInFolder: { args: ActivitySeqArgs, result: OpenedPath },
  /** Opens the entry's file with the system's default app. */
  openActivityFile: { args: ActivitySeqArgs, result: OpenedPath },

  search: { args: SearchArgs, result: SearchPage },

  listLeftOut: { args: Type.Object({ pairId: Type.Optional(Id) }, strict), result: Type.Array(LeftOutItem) },
  listConflicts: { args: Type.Object({ pairId: Type.Optional(Id) }, strict), result: Type.Array(Conflict) },
  openConflict: { args: ConflictIdArgs, result: ConflictPaths },
  resolveConflict: { args: ResolveConflictArgs, result: Resolution },

  listShares: { args: ListSharesArgs, result: Type.Array(Share) },
  createShare: { args: CreateShareArgs, result: Share },
  updateShare: { args: UpdateShareArgs, result: Share },
  revokeShare: { args: Type.Object({ shareGrantId: Id }, strict), result: Share },
  searchDirectory: { args: SearchDirectoryArgs, result: Type.Array(DirectoryEntry) },
  getSharers: { args: SharersArgs, result: Sharers },

  getDocument: { args: DocIdArgs, result: DocumentEntry },
  documentByPath: { args: DocumentByPathArgs, result: DocumentEntry },
  listVersions: { args: ListVersionsArgs, result: VersionPage },
  getVersionText: { args: VersionTextArgs, result: VersionText },
  downloadVersion: { args: VersionIdArgs, result: VersionFile },
  restoreVersion: { args: VersionIdArgs, result: RestoredVersion },

  getSettings: { args: Empty, result: SettingsView },
  updateSettings: { args: UpdateSettingsArgs, result: SettingsView },
  openLogFolder: { args: Empty, result: LogFolder },
} as const satisfies Record<string, { args: TSchema; result: TSchema }>;

export type MethodName = keyof typeof DesktopMethods;
export type ArgsOf<M extends MethodName> = Static<(typeof DesktopMethods)[M]['args']>;
export type ResultOf<M extends MethodName> = Static<(typeof DesktopMethods)[M]['result']>;

export const METHOD_NAMES = Object.keys(DesktopMethods) as MethodName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.hasOwn(DesktopMethods, name);
}

/** The interface itself: what the preload exposes, what the HTTP client offers, what the core serves. */
export type DesktopApi = { [M in MethodName]: (args: ArgsOf<M>) => Promise<Result<ResultOf<M>>> };

// ---------------------------------------------------------------------------------------------
// Events, pushed from the core to every UI

export const DesktopEvent = Type.Union([
  Type.Object({ type: Type.Literal('status'), status: Status }),
  /** A new entry, or a progress update of one (same seq). */
  Type.Object({ type: Type.Literal('activity'), entry: ActivityEntry }),
  Type.Object({ type: Type.Literal('conflict'), conflict: Conflict }),
  Type.Object({ type: Type.Literal('account'), account: Account }),
  Type.Object({ type: Type.Literal('settings'), settings: SettingsView }),
  /** Something a person should hear about: Electron turns these into native notifications. */
  Type.Object({
    type: Type.Literal('notice'),
    level: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
    title: Str,
    body: Str,
  }),
]);
export type DesktopEvent = Static<typeof DesktopEvent>;
export type DesktopEventType = DesktopEvent['type'];

/** What a UI holds: the API plus the event stream. */
export interface DesktopClient extends DesktopApi {
  subscribe(listener: (event: DesktopEvent) => void): () => void;
}

/** The Electron channel names (one for calls, one for events). */
export const IPC_CALL_CHANNEL = 'folio:call';
export const IPC_EVENT_CHANNEL = 'folio:event';
