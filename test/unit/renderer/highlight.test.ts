/** Which words of a page the text view marks for a search: those starting with a query word, case and accents aside. */
import { describe, expect, it } from 'vitest';
import { highlightsIn } from '../../../renderer/src/highlight.ts';

const marked = (text: string, query: string) => highlightsIn(text, query).map((h) => text.slice(h.start, h.start + h.length));

describe('highlightsIn', () => {
  it('marks every word that starts with a query word, whatever its case and accents', () => {
    expect(marked('Pelican budget approved; the pelicans’ Budgets', 'pelican budget')).toEqual(['Pelican', 'budget', 'pelicans', 'Budgets']);
    expect(marked('Café crème', 'cafe')).toEqual(['Café']);
  });

  it('reads phrases as their words and ignores what is not a word', () => {
    expect(marked('the kingfisher came back', '"kingfisher came" *')).toEqual(['kingfisher', 'came']);
    expect(highlightsIn('anything', '" * (')).toEqual([]);
  });
});
