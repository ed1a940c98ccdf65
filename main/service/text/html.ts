/** HTML and XHTML to text (html-to-text): no scripts, styles, images or link targets; tables kept as columns. */
import { convert } from 'html-to-text';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

export function htmlText(source: string): string {
  return convert(source, {
    wordwrap: false,
    selectors: [
      ...HEADINGS,
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}
