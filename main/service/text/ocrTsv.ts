/**
 * The page the tesseract CLI describes in its TSV output (one row per block, paragraph, line and
 * word, with a box in pixels and a word's confidence), turned into the text, the mean confidence
 * and the layout Folio keeps. The layout has the shape of tesseract.js's page object, trimmed to
 * what TSV carries: blocks → paragraphs → lines → words, each with its text, confidence and bbox.
 */

export interface Bbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TsvWord {
  text: string;
  /** 0..100 */
  confidence: number;
  bbox: Bbox;
}

export interface TsvLine {
  text: string;
  confidence: number;
  bbox: Bbox;
  words: TsvWord[];
}

export interface TsvParagraph {
  text: string;
  confidence: number;
  bbox: Bbox;
  lines: TsvLine[];
}

export interface TsvBlock {
  text: string;
  confidence: number;
  bbox: Bbox;
  paragraphs: TsvParagraph[];
}

export interface TsvPage {
  /** As the engine's own text output lays it out: a line per line, a blank line after each paragraph. */
  text: string;
  /** The engine's mean text confidence (MeanTextConf): the integer mean of the words' integer confidences. */
  confidence: number;
  blocks: TsvBlock[];
  words: TsvWord[];
}

const LEVEL = { block: 2, paragraph: 3, line: 4, word: 5 } as const;
const COLUMNS = 12;

/** Parses the CLI's TSV (tesseract 4 and 5: a header, then level, page, block, par, line, word, left, top, width, height, conf, text). */
export function parseTsv(tsv: string): TsvPage {
  const blocks: TsvBlock[] = [];
  const words: TsvWord[] = [];
  const rows = tsv.split('\n');
  if (!rows[0]?.startsWith('level\t')) throw new Error('the OCR engine did not answer in TSV');
  for (const row of rows.slice(1)) {
    if (row === '') continue;
    const fields = row.split('\t');
    if (fields.length < COLUMNS) throw new Error(`the OCR engine's TSV has a short row: ${JSON.stringify(row)}`);
    const [left, top, width, height] = fields.slice(6, 10).map(Number) as [number, number, number, number];
    const bbox = { x0: left, y0: top, x1: left + width, y1: top + height };
    const level = Number(fields[0]);
    const block = blocks.at(-1);
    const paragraph = block?.paragraphs.at(-1);
    const line = paragraph?.lines.at(-1);
    if (level === LEVEL.block) blocks.push({ text: '', confidence: 0, bbox, paragraphs: [] });
    else if (level === LEVEL.paragraph) block?.paragraphs.push({ text: '', confidence: 0, bbox, lines: [] });
    else if (level === LEVEL.line) paragraph?.lines.push({ text: '', confidence: 0, bbox, words: [] });
    else if (level === LEVEL.word && line) {
      const text = fields[COLUMNS - 1] as string;
      if (text.trim() === '') continue;
      const word = { text, confidence: Number(fields[10]), bbox };
      line.words.push(word);
      words.push(word);
    }
  }
  return { ...summarise(blocks), blocks: kept(blocks), words };
}

/** Fills in each element's text and confidence (the mean of its words'), and the page's. */
function summarise(blocks: TsvBlock[]): { text: string; confidence: number } {
  let text = '';
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        line.text = line.words.map((w) => w.text).join(' ');
        line.confidence = mean(line.words);
      }
      const lines = paragraph.lines.filter((l) => l.words.length > 0);
      paragraph.text = lines.map((l) => `${l.text}\n`).join('');
      paragraph.confidence = mean(lines.flatMap((l) => l.words));
      if (lines.length > 0) text += `${paragraph.text}\n`;
    }
    block.text = block.paragraphs.map((p) => p.text).filter((t) => t !== '').join('\n');
    block.confidence = mean(block.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
  }
  const all = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
  const confidence = all.length === 0 ? 0 : Math.trunc(all.reduce((n, w) => n + Math.trunc(w.confidence), 0) / all.length);
  return { text, confidence };
}

/** Without the elements that hold no word (image and line blocks, empty lines), as the engine's text output skips them. */
function kept(blocks: TsvBlock[]): TsvBlock[] {
  return blocks
    .map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => ({ ...p, lines: p.lines.filter((l) => l.words.length > 0) })).filter((p) => p.lines.length > 0) }))
    .filter((b) => b.paragraphs.length > 0);
}

function mean(words: readonly TsvWord[]): number {
  if (words.length === 0) return 0;
  return Math.round((words.reduce((n, w) => n + w.confidence, 0) / words.length) * 100) / 100;
}
