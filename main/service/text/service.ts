/**
 * GET /v1/versions/text (spec 4.8). The text comes from the version's TEXT rendition: PENDING
 * while the job runs (no partial result), FAILED and NOT_APPLICABLE with only their reason, READY
 * with the text and pages read from the rendition's bytes, or a text file's own content
 * (storedText.ts; 180005 / 180006 when that fails).
 */
import { Perm } from '../../../shared/permissions.ts';
import type { TextPage, VersionText, VersionTextQuery } from '../../../shared/v1/text.ts';
import type { RenditionRecord } from '../../store/repos/renditions.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { RenditionFiles } from '../renditions/files.ts';
import type { VersionService } from '../versions/service.ts';
import { queueTextExtraction } from './queue.ts';
import { readTextDocument } from './storedText.ts';
import { isTextDocument, TEXT_KIND, type TextDocument } from './textDocument.ts';

/** Separates pages in the whole text. */
const PAGE_BREAK = '\n\n';

export class TextService {
  private readonly files: RenditionFiles;

  constructor(
    private readonly deps: AreaDeps<'blobs' | 'jobs' | 'renditionBlobs' | 'renditions' | 'versions'>,
    private readonly versions: VersionService,
  ) {
    this.files = new RenditionFiles(deps);
  }

  async get(ctx: RequestContext, query: VersionTextQuery): Promise<VersionText> {
    const { repos } = this.deps;
    const version = await this.versions.load(ctx, query.versionId, Perm.DOWNLOAD, 'read the text of this version');
    const versionId = version.versionId;
    const rendition = repos.renditions.get(ctx.tenantId, versionId, TEXT_KIND);
    if (!rendition) {
      // A version from before text extraction existed: queue it now.
      await repos.units.transaction(() => queueTextExtraction(repos, version));
      return { versionId, status: 'PENDING' };
    }
    switch (rendition.status) {
      case 'PENDING':
        return { versionId, status: 'PENDING' };
      case 'FAILED':
      case 'NOT_APPLICABLE':
        return { versionId, status: rendition.status, failReason: rendition.failReason };
      case 'READY':
        return present(versionId, await this.document(rendition), query);
    }
  }

  private async document(rendition: RenditionRecord): Promise<TextDocument> {
    const parsed = await readTextDocument(this.deps, this.files, rendition);
    if (!isTextDocument(parsed)) fail('RENDITION_DOWNLOAD_FAILED', 'the stored text is damaged; retry');
    return parsed;
  }
}

/** Rule 3: `page` picks one page. Rule 4: layout and its header only with includeLayout and source OCR. */
function present(versionId: string, doc: TextDocument, query: VersionTextQuery): VersionText {
  let pages = doc.pages;
  if (query.page !== undefined) {
    const one = doc.pages.find((p) => p.page === query.page);
    if (!one) fail('VALIDATION', `page must be between 1 and ${doc.pages.length}`, { field: 'page' });
    pages = [one];
  }
  const withLayout = query.includeLayout === true && doc.source === 'OCR' && doc.ocr !== undefined;
  const text: VersionText = {
    versionId,
    status: 'READY',
    source: doc.source,
    text: pages.map((p) => p.text).filter((t) => t !== '').join(PAGE_BREAK),
    pages: pages.map((p) => (withLayout ? p : withoutLayout(p))),
  };
  if (withLayout && doc.ocr) {
    const shown = new Set(pages.map((p) => p.page));
    text.schemaVersion = doc.ocr.schemaVersion;
    text.engineVersion = doc.ocr.engineVersion;
    text.coordinateSystem = { ...doc.ocr.coordinateSystem, pages: doc.ocr.coordinateSystem.pages.filter((s) => shown.has(s.page)) };
  }
  return text;
}

function withoutLayout(page: TextPage): TextPage {
  const { layout: _layout, ...rest } = page;
  return rest;
}
