/** How an OCR page is judged: confidence, coverage and ocrStatus from the engine's words. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIDENT_WORD, judgePage } from '../../../main/service/text/ocrPage.ts';

describe('judgePage', () => {
  it('no text: NO_TEXT with zero confidence and coverage, whatever the engine says', () => {
    expect(judgePage(' \n\n', 95, [])).toEqual({ text: '', confidence: 0, coverage: 0, ocrStatus: 'NO_TEXT' });
  });

  it('OK at or above the threshold, LOW_CONFIDENCE below it', () => {
    const words = [{ text: 'word', confidence: 90 }];
    expect(judgePage('word\n', CONFIDENT_WORD, words).ocrStatus).toBe('OK');
    expect(judgePage('word\n', CONFIDENT_WORD - 1, words)).toEqual({ text: 'word', confidence: 0.59, coverage: 1, ocrStatus: 'LOW_CONFIDENCE' });
  });

  it('coverage is the share of characters in confident words', () => {
    const words = [
      { text: 'sure', confidence: 91 },
      { text: 'unsure', confidence: 30 },
    ];
    expect(judgePage('sure unsure', 70, words)).toEqual({ text: 'sure unsure', confidence: 0.7, coverage: 0.4, ocrStatus: 'OK' });
  });

  it('confidence and coverage stay within 0..1', () => {
    const word = fc.record({ text: fc.string({ minLength: 1, maxLength: 12 }), confidence: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 100 }), fc.array(word), (text, mean, words) => {
        const v = judgePage(text, mean, words);
        for (const x of [v.confidence, v.coverage]) expect(x >= 0 && x <= 1).toBe(true);
        expect(v.ocrStatus === 'NO_TEXT').toBe(text.trim() === '');
      }),
    );
  });
});
