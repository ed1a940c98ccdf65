/**
 * VersionText (spec §2, §3, 4.8): the text of one version, extracted from digital documents or
 * recognised by OCR, per page. docs/api.md ("Text, OCR and renditions") describes the values the
 * spec leaves open.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX } from './requests.ts';

/** READY (text usable), PENDING (poll later), FAILED (failReason says why), NOT_APPLICABLE (no text exists). */
export const TextStatus = Type.Union([Type.Literal('READY'), Type.Literal('PENDING'), Type.Literal('FAILED'), Type.Literal('NOT_APPLICABLE')]);
export type TextStatus = Static<typeof TextStatus>;

/**
 * EXTRACTED (digital documents), OCR (scans and images). A PDF with both kinds of page follows the
 * pages that carry its text: OCR when OCR'd pages hold more non-space characters than text-layer pages.
 */
export const TextSource = Type.Union([Type.Literal('EXTRACTED'), Type.Literal('OCR')]);
export type TextSource = Static<typeof TextSource>;

/**
 * How a page got its text. NOT_NEEDED: digital text, no OCR ran. OK: OCR found text with good
 * confidence. LOW_CONFIDENCE: OCR found text it is unsure of. NO_TEXT: OCR found nothing.
 * FAILED: this page could not be rendered or recognised. BLANK: a PDF page with no text layer that
 * draws nothing (or only white), so no OCR ran; its text is empty.
 */
export const OcrStatus = Type.Union([Type.Literal('NOT_NEEDED'), Type.Literal('OK'), Type.Literal('LOW_CONFIDENCE'), Type.Literal('NO_TEXT'), Type.Literal('FAILED'), Type.Literal('BLANK')]);
export type OcrStatus = Static<typeof OcrStatus>;

export const TextPage = Type.Object({
  /** 1-based. */
  page: Type.Integer(),
  text: Type.String(),
  /** 0..1: OCR's mean word confidence; 1 for digital text. */
  confidence: Type.Number(),
  /** 0..1: the share of the page's recognised characters whose word confidence reaches the OCR threshold; 1 for digital text. */
  coverage: Type.Number(),
  ocrStatus: OcrStatus,
  /** With includeLayout=true and source OCR: the OCR engine's page object, passed through as is. */
  layout: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type TextPage = Static<typeof TextPage>;

export const PageSize = Type.Object({ page: Type.Integer(), width: Type.Integer(), height: Type.Integer(), dpi: Type.Union([Type.Integer(), Type.Null()]) });
export type PageSize = Static<typeof PageSize>;

/** Where layout coordinates live: pixels of the image OCR read, origin top-left, y downwards. */
export const CoordinateSystem = Type.Object({
  unit: Type.Literal('pixel'),
  origin: Type.Literal('top-left'),
  yAxis: Type.Literal('down'),
  pages: Type.Array(PageSize),
});
export type CoordinateSystem = Static<typeof CoordinateSystem>;

/**
 * READY carries source, text and pages (and, for OCR with includeLayout, the layout header);
 * PENDING carries only the status; FAILED and NOT_APPLICABLE carry the status and failReason.
 */
export const VersionText = Type.Object({
  versionId: Type.String(),
  status: TextStatus,
  source: Type.Optional(TextSource),
  text: Type.Optional(Type.String()),
  pages: Type.Optional(Type.Array(TextPage)),
  failReason: Type.Optional(Type.String()),
  schemaVersion: Type.Optional(Type.String()),
  engineVersion: Type.Optional(Type.String()),
  coordinateSystem: Type.Optional(CoordinateSystem),
});
export type VersionText = Static<typeof VersionText>;

export const VersionTextQuery = Type.Object({
  versionId: Type.String({ maxLength: ID_MAX }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  includeLayout: Type.Optional(Type.Boolean({ default: false })),
});
export type VersionTextQuery = Static<typeof VersionTextQuery>;
