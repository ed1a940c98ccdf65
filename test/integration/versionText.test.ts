/** GET /v1/versions/text (spec 4.8, §3) against a real `folio serve`: every format, every status, every rule. */
import { mkdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rendition, RenditionList } from '../../shared/v1/renditions.ts';
import type { PageOf } from '../../shared/v1/resources.ts';
import type { SearchResult } from '../../shared/v1/search.ts';
import type { VersionText } from '../../shared/v1/text.ts';
import { docx, drawText, epub, MIME, normalise, odt, pdf, png, tiff } from '../fixtures/text.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';
import { openDb, renditionPath, settledText, upload } from '../helpers/text.ts';
import { HEAVY_TEST_MS, until } from '../helpers/wait.ts';

let server: ServerHandle;
let api: Api;
let other: Api;

beforeAll(async () => {
  server = await startServer();
  api = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
  other = await appApi(server.url, await createTenant(server.dataDir, 'globex'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('digital files: source EXTRACTED', () => {
  it('plain text is READY with its exact text on one page', async () => {
    const v = await upload(api, utf8('Hello from Folio\nsecond line\n'), MIME.text);
    const text = await settledText(api, v.versionId);
    expect(text).toEqual({
      versionId: v.versionId,
      status: 'READY',
      source: 'EXTRACTED',
      text: 'Hello from Folio\nsecond line',
      pages: [{ page: 1, text: 'Hello from Folio\nsecond line', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' }],
    });
  });

  it('a text file\'s text is its own content: served and searchable, with no rendition file or stored copy', async () => {
    const v = await upload(api, utf8('The quokka keeps its own text\n'), MIME.text);
    expect((await settledText(api, v.versionId)).text).toBe('The quokka keeps its own text');
    const found = await until('search to find the text file', async () => {
      const page = data(await api.post<PageOf<SearchResult>>('/v1/search/getPage', { query: 'quokka' }));
      return page.content.find((r) => r.docId === v.docId);
    });
    expect(found?.snippet).toContain('quokka');
    const db = openDb(server.dataDir);
    try {
      const row = db.prepare("SELECT status, mime_type, content_hash, size_bytes FROM renditions WHERE version_id = ? AND kind = 'TEXT'").get(v.versionId);
      expect(row).toEqual({ status: 'READY', mime_type: 'application/vnd.folio.text-in-version', content_hash: '', size_bytes: 0 });
    } finally {
      db.close();
    }
  });

  it('Markdown, HTML and DOCX', async () => {
    const md = await upload(api, utf8('# Notes\n\n- alpha\n- beta'), MIME.markdown);
    const html = await upload(api, utf8('<p>Fish &amp; <b>chips</b></p><script>alert(1)</script>'), MIME.html);
    const word = await upload(api, await docx(['Dear reader,', 'Thank you.']), MIME.docx);
    expect((await settledText(api, md.versionId)).text).toBe('# Notes\n\n- alpha\n- beta');
    expect((await settledText(api, html.versionId)).text).toBe('Fish & chips');
    expect((await settledText(api, word.versionId)).text).toBe('Dear reader,\n\nThank you.');
  });

  it('a PDF with a text layer has one entry per page, and page= returns only that page', async () => {
    const v = await upload(api, pdf([['Alpha page'], ['Beta page'], ['Gamma page']]), MIME.pdf);
    const all = await settledText(api, v.versionId);
    expect(all.source).toBe('EXTRACTED');
    expect(all.pages?.map((p) => [p.page, p.text])).toEqual([[1, 'Alpha page'], [2, 'Beta page'], [3, 'Gamma page']]);
    expect(all.text).toBe('Alpha page\n\nBeta page\n\nGamma page');

    const two = data(await api.get<VersionText>('/v1/versions/text', { versionId: v.versionId, page: '2' }));
    expect(two.text).toBe('Beta page');
    expect(two.pages).toEqual([{ page: 2, text: 'Beta page', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' }]);
  });

  it('a PDF with blank pages is EXTRACTED: its blank pages are empty and BLANK, and were not OCR\'d', async () => {
    const v = await upload(api, pdf([['Manual, page one'], [], [], ['Manual, page four'], { paint: '1 1 1 rg 0 0 612 792 re f' }]), MIME.pdf);
    const text = await settledText(api, v.versionId, { includeLayout: 'true' });
    expect(text).toEqual({
      versionId: v.versionId,
      status: 'READY',
      source: 'EXTRACTED',
      text: 'Manual, page one\n\nManual, page four',
      pages: [
        { page: 1, text: 'Manual, page one', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' },
        { page: 2, text: '', confidence: 1, coverage: 1, ocrStatus: 'BLANK' },
        { page: 3, text: '', confidence: 1, coverage: 1, ocrStatus: 'BLANK' },
        { page: 4, text: 'Manual, page four', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' },
        { page: 5, text: '', confidence: 1, coverage: 1, ocrStatus: 'BLANK' },
      ],
    });
  });

  it('ODT (a page per soft page break), EPUB (a page per spine item) and RTF', async () => {
    const writer = await upload(api, await odt([['Minutes', 'Present: all'], ['Decisions']]), MIME.odt);
    const book = await upload(api, await epub([['Chapter 1'], ['Chapter 2']]), MIME.epub);
    const rich = await upload(api, Buffer.from("{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}Dear caf\\'e9,\\par thanks.}", 'latin1'), MIME.rtf);
    const pagesOf = async (versionId: string) => (await settledText(api, versionId)).pages?.map((p) => [p.page, p.text, p.ocrStatus]);
    expect(await pagesOf(writer.versionId)).toEqual([[1, 'Minutes\nPresent: all', 'NOT_NEEDED'], [2, 'Decisions', 'NOT_NEEDED']]);
    expect(await pagesOf(book.versionId)).toEqual([[1, 'Chapter 1', 'NOT_NEEDED'], [2, 'Chapter 2', 'NOT_NEEDED']]);
    expect(await settledText(api, rich.versionId)).toMatchObject({ status: 'READY', source: 'EXTRACTED', text: 'Dear café,\nthanks.' });
  });

  it('a page out of range, or not a positive integer, is 110001', async () => {
    const v = await upload(api, pdf([['Only page']]), MIME.pdf);
    await settledText(api, v.versionId);
    for (const page of ['2', '0', '-1', 'x', '1.5']) {
      const res = await api.get('/v1/versions/text', { versionId: v.versionId, page });
      expect([res.status, res.body.code, res.body.data]).toEqual([400, 110001, null]);
    }
  });

  it('includeLayout=true adds nothing when the source is EXTRACTED', async () => {
    const v = await upload(api, utf8('plain words'), MIME.text);
    await settledText(api, v.versionId);
    const text = data(await api.get<VersionText>('/v1/versions/text', { versionId: v.versionId, includeLayout: 'true' }));
    expect(Object.keys(text).sort()).toEqual(['pages', 'source', 'status', 'text', 'versionId']);
    expect(text.pages?.[0]).not.toHaveProperty('layout');
  });
});

describe('scans and images: source OCR', { timeout: HEAVY_TEST_MS }, () => {
  it('a PNG of known text: OCR text, per-page confidence, coverage and ocrStatus', async () => {
    const v = await upload(api, await png(drawText(['Folio reads images', 'offline with tesseract'])), MIME.png);
    const text = await settledText(api, v.versionId);
    expect(text.status).toBe('READY');
    expect(text.source).toBe('OCR');
    expect(normalise(text.text ?? '')).toBe('folio reads images offline with tesseract');
    const [page] = text.pages ?? [];
    expect(page).toMatchObject({ page: 1, ocrStatus: 'OK', coverage: 1 });
    expect(page?.confidence).toBeGreaterThan(0.8);
    // Without includeLayout: no layout, no layout header.
    expect(page).not.toHaveProperty('layout');
    expect(text).not.toHaveProperty('schemaVersion');
    expect(text).not.toHaveProperty('coordinateSystem');

    const withLayout = data(await api.get<VersionText>('/v1/versions/text', { versionId: v.versionId, includeLayout: 'true' }));
    // This machine has the tesseract program, as CI's does, so the service reads with it (ocr.ts).
    expect(withLayout.schemaVersion).toBe('tesseract-tsv-page/1');
    expect(withLayout.engineVersion).toMatch(/^tesseract \d+\.\d+/);
    expect(withLayout.coordinateSystem).toEqual({ unit: 'pixel', origin: 'top-left', yAxis: 'down', pages: [{ page: 1, width: 900, height: 220, dpi: null }] });
    const layout = withLayout.pages?.[0]?.layout as { blocks: { text: string; bbox: { x0: number } }[] };
    expect(normalise(layout.blocks.map((b) => b.text).join(' '))).toBe('folio reads images offline with tesseract');
    expect(layout.blocks[0]?.bbox.x0).toBeGreaterThanOrEqual(0);
  });

  it('a scanned PDF (no text layer) and a multi-page TIFF: every page is covered', async () => {
    const scan = await upload(api, pdf([drawText(['Scanned contract page one'], 1200, 200, 48), drawText(['Signed by both parties'], 1200, 200, 48)]), MIME.pdf);
    const fax = await upload(api, tiff([drawText(['Fax cover sheet']), drawText([], 400, 200), drawText(['Fax body text'])]), MIME.tiff);

    const scanned = await settledText(api, scan.versionId, { includeLayout: 'true' });
    expect(scanned.source).toBe('OCR');
    expect(scanned.pages?.map((p) => normalise(p.text))).toEqual(['scanned contract page one', 'signed by both parties']);
    expect(scanned.coordinateSystem?.pages.map((p) => [p.page, p.dpi])).toEqual([[1, 300], [2, 300]]);

    const faxed = await settledText(api, fax.versionId);
    expect(faxed.pages?.map((p) => [p.page, normalise(p.text), p.ocrStatus])).toEqual([
      [1, 'fax cover sheet', 'OK'],
      [2, '', 'NO_TEXT'],
      [3, 'fax body text', 'OK'],
    ]);
    expect(normalise(faxed.text ?? '')).toBe('fax cover sheet fax body text');

    const page3 = data(await api.get<VersionText>('/v1/versions/text', { versionId: fax.versionId, page: '3', includeLayout: 'true' }));
    expect(page3.pages?.map((p) => p.page)).toEqual([3]);
    expect(page3.coordinateSystem?.pages.map((p) => p.page)).toEqual([3]);
    expect(normalise(page3.text ?? '')).toBe('fax body text');
  });
});

describe('PENDING, FAILED and NOT_APPLICABLE (spec §3, rules 4.8.5 and 4.8.6)', { timeout: HEAVY_TEST_MS }, () => {
  it('PENDING succeeds with only the status while the job waits', async () => {
    // The queue runs one job at a time, so a text file queued behind an OCR job is still waiting.
    await upload(api, await png(drawText(['Busy engine', 'keeps the queue busy', 'for a moment'])), MIME.png);
    const v = await upload(api, utf8('queued behind OCR'), MIME.text);
    const res = await api.get<VersionText>('/v1/versions/text', { versionId: v.versionId, page: '1', includeLayout: 'true' });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    expect(res.body.data).toEqual({ versionId: v.versionId, status: 'PENDING' });
    expect((await settledText(api, v.versionId)).text).toBe('queued behind OCR');
  });

  it('NOT_APPLICABLE for an empty file, a binary type, a blank image and a PDF of blank pages: status and failReason only', async () => {
    const cases = [
      [new Uint8Array(0), MIME.text, 'the document is empty'],
      [Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), MIME.zip, 'binary type application/zip has no text Folio can extract'],
      [await png(drawText([], 500, 300)), MIME.png, 'the image has no recognisable text'],
      [pdf([[], []]), MIME.pdf, 'every page of the PDF is blank'],
    ] as const;
    for (const [bytes, mime, reason] of cases) {
      const v = await upload(api, bytes, mime);
      const text = await settledText(api, v.versionId, { includeLayout: 'true' });
      expect(text).toEqual({ versionId: v.versionId, status: 'NOT_APPLICABLE', failReason: reason });
    }
  });

  it('FAILED for a file that cannot be processed: status and failReason only', async () => {
    const v = await upload(api, Buffer.from('%PDF-1.7\n1 0 obj broken'), MIME.pdf);
    const text = await settledText(api, v.versionId, { page: '1' });
    expect(Object.keys(text).sort()).toEqual(['failReason', 'status', 'versionId']);
    expect(text.status).toBe('FAILED');
    expect(text.failReason).toMatch(/^not a readable PDF/);
  });
});

describe('versions from before text extraction', () => {
  it('a version without a TEXT rendition is queued on first read: PENDING, then READY', async () => {
    const v = await upload(api, utf8('an old version'), MIME.text);
    await settledText(api, v.versionId);
    const db = openDb(server.dataDir);
    try {
      db.prepare('DELETE FROM renditions WHERE version_id = ?').run(v.versionId);
    } finally {
      db.close();
    }
    expect(data(await api.get<VersionText>('/v1/versions/text', { versionId: v.versionId }))).toEqual({ versionId: v.versionId, status: 'PENDING' });
    expect((await settledText(api, v.versionId)).text).toBe('an old version');
  });
});

describe('access and storage', () => {
  it("an unknown version, or another tenant's, is not found", async () => {
    const v = await upload(api, utf8('private'), MIME.text);
    for (const [client, versionId] of [[api, 'ver_nope'], [other, v.versionId]] as const) {
      const res = await client.get('/v1/versions/text', { versionId });
      expect([res.status, res.body.code]).toEqual([404, 120001]);
    }
    const anonymous = await new Api(server.url).get('/v1/versions/text', { versionId: v.versionId });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 100001]);
  });

  it('180005 when the stored text is missing, 180006 when reading it fails', async () => {
    // HTML, not plain text: a text file's text is its own content, with no rendition file to lose.
    const v = await upload(api, utf8('<p>text that will go missing</p>'), MIME.html);
    await settledText(api, v.versionId);
    const list = data(await api.get<RenditionList>('/v1/renditions/list', { versionId: v.versionId }));
    const textRendition = list.renditions.find((r: Rendition) => r.kind === 'TEXT');
    expect(textRendition?.status).toBe('READY');
    const file = renditionPath(server.dataDir, textRendition?.contentHash ?? '');

    rmSync(file);
    const missing = await api.get('/v1/versions/text', { versionId: v.versionId });
    expect([missing.status, missing.body.code, missing.body.data]).toEqual([200, 180005, null]);

    // A directory where the file should be: reading fails with EISDIR, even for root.
    mkdirSync(file);
    const unreadable = await api.get('/v1/versions/text', { versionId: v.versionId });
    expect([unreadable.status, unreadable.body.code, unreadable.body.data]).toEqual([200, 180006, null]);
    rmSync(file, { recursive: true });
  });
});
