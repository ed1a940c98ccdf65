/**
 * The tesseract CLI's TSV read back into a page (ocrTsv.ts): every word in order with its box and
 * confidence, the text laid out as the engine's own text output, and the elements without words
 * left out. Pages are generated, written as the CLI writes them, and parsed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTsv } from '../../../main/service/text/ocrTsv.ts';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';

interface GenWord {
  text: string;
  confidence: number;
  box: [number, number, number, number];
}

const box = fc.tuple(fc.nat(5000), fc.nat(5000), fc.nat(500), fc.nat(200));
// The CLI writes an empty or blank text for a word it found nothing in.
const wordText = fc.oneof({ weight: 8, arbitrary: fc.stringMatching(/^[A-Za-z0-9,.£'-]{1,10}$/) }, { weight: 1, arbitrary: fc.constantFrom('', ' ') });
const word = fc.record({ text: wordText, confidence: fc.double({ min: 0, max: 100, noNaN: true }), box });
const line = fc.array(word, { maxLength: 5 });
const paragraph = fc.array(line, { maxLength: 3 });
// A block without paragraphs is an image or a rule: the CLI lists it with nothing under it.
const page = fc.array(fc.array(paragraph, { maxLength: 3 }), { maxLength: 4 });

function tsvOf(blocks: GenWord[][][][]): string {
  const row = (level: number, ids: number[], b: [number, number, number, number], conf: string, text: string) => [level, 1, ...ids, ...b, conf, text].join('\t');
  const rows = [HEADER, row(1, [0, 0, 0, 0], [0, 0, 1000, 1000], '-1', '')];
  blocks.forEach((paragraphs, bi) => {
    rows.push(row(2, [bi + 1, 0, 0, 0], [0, 0, 10, 10], '-1', ''));
    paragraphs.forEach((lines, pi) => {
      rows.push(row(3, [bi + 1, pi + 1, 0, 0], [0, 0, 10, 10], '-1', ''));
      lines.forEach((words, li) => {
        rows.push(row(4, [bi + 1, pi + 1, li + 1, 0], [0, 0, 10, 10], '-1', ''));
        words.forEach((w, wi) => rows.push(row(5, [bi + 1, pi + 1, li + 1, wi + 1], w.box, w.confidence.toFixed(6), w.text)));
      });
    });
  });
  return `${rows.join('\n')}\n`;
}

const realWords = (ws: GenWord[]) => ws.filter((w) => w.text.trim() !== '');

describe('parseTsv', () => {
  it('keeps every word in order, with its box and confidence, and lays the text out as the engine does', () => {
    fc.assert(
      fc.property(page, (blocks) => {
        const parsed = parseTsv(tsvOf(blocks));
        const words = realWords(blocks.flat(3));
        expect(parsed.words.map((w) => [w.text, w.bbox])).toEqual(words.map((w) => [w.text, { x0: w.box[0], y0: w.box[1], x1: w.box[0] + w.box[2], y1: w.box[1] + w.box[3] }]));
        parsed.words.forEach((w, i) => expect(w.confidence).toBeCloseTo(words[i]?.confidence ?? -1, 5));
        // A line per line of words, a blank line after each paragraph that has any.
        const expected = blocks
          .flat()
          .map((lines) => lines.map(realWords).filter((ws) => ws.length > 0))
          .filter((lines) => lines.length > 0)
          .map((lines) => `${lines.map((ws) => ws.map((w) => w.text).join(' ')).join('\n')}\n\n`)
          .join('');
        expect(parsed.text).toBe(expected);
        expect(parsed.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)))).toEqual(parsed.words);
        for (const b of parsed.blocks) {
          expect(b.paragraphs.length).toBeGreaterThan(0);
          for (const p of b.paragraphs) for (const l of p.lines) expect(l.words.length).toBeGreaterThan(0);
        }
        const truncated = parsed.words.map((w) => Math.trunc(w.confidence));
        expect(parsed.confidence).toBe(truncated.length === 0 ? 0 : Math.trunc(truncated.reduce((a, b) => a + b, 0) / truncated.length));
      }),
    );
  });

  it('refuses output that is not TSV, and a short row', () => {
    expect(() => parseTsv('Some text\n')).toThrow('did not answer in TSV');
    expect(() => parseTsv(`${HEADER}\n5\t1\t1\t1\t1\t1\t0\t0\n`)).toThrow('short row');
  });
});
