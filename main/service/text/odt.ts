/**
 * ODT (OpenDocument text) to pages of text, from the package's content.xml. A page ends at each
 * soft page break, where the program that saved the file (LibreOffice does) had laid out a new
 * page; a file without them is one page. Paragraphs and headings are lines; table cells, list
 * items, frames and notes give their paragraphs in document order. Tracked deletions and comments
 * are not the document's text and are left out.
 */
import { readXml } from './xml.ts';
import type { ZipPackage } from './zip.ts';

const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
/** `<text:s text:c="N"/>` is N spaces; a larger N is a damaged or hostile file, not layout. */
const MAX_SPACES = 1000;

export const ODT_MIME = 'application/vnd.oasis.opendocument.text';
export const OTT_MIME = 'application/vnd.oasis.opendocument.text-template';

export async function odtPages(zip: ZipPackage): Promise<string[]> {
  return contentPages(await zip.text('content.xml'));
}

export function contentPages(xml: string): string[] {
  const pages: string[][] = [[]];
  let line = '';
  let inBody = 0;
  let inParagraph = 0;
  let skipped = 0;
  const page = () => pages.at(-1) as string[];
  const endLine = () => {
    page().push(line);
    line = '';
  };
  const add = (s: string) => {
    if (inBody > 0 && skipped === 0 && inParagraph > 0) line += s;
  };
  readXml(xml, {
    open(name, attribute) {
      if (name.uri === OFFICE && name.local === 'text') inBody++;
      if ((name.uri === TEXT && name.local === 'tracked-changes') || (name.uri === OFFICE && name.local === 'annotation')) skipped++;
      if (name.uri !== TEXT) return;
      switch (name.local) {
        case 'p':
        case 'h':
          inParagraph++;
          break;
        case 's':
          add(' '.repeat(Math.min(MAX_SPACES, Math.max(1, Number(attribute(TEXT, 'c') ?? '1') || 1))));
          break;
        case 'tab':
          add('\t');
          break;
        case 'line-break':
          add('\n');
          break;
        case 'soft-page-break':
          if (inBody === 0 || skipped > 0) break;
          // A break inside a paragraph splits it; a break before any text starts no new page.
          if (line !== '') endLine();
          if (page().length > 0) pages.push([]);
          break;
      }
    },
    close(name) {
      if (name.uri === OFFICE && name.local === 'text') inBody--;
      if ((name.uri === TEXT && name.local === 'tracked-changes') || (name.uri === OFFICE && name.local === 'annotation')) skipped--;
      if (name.uri === TEXT && (name.local === 'p' || name.local === 'h')) {
        inParagraph--;
        // A paragraph inside another (a note's body inside its citation's paragraph) ends its own line.
        if (inBody > 0 && skipped === 0) endLine();
      }
    },
    text(data) {
      // ODF collapses runs of white space in text content to one space (ODF 1.2, 6.1.2).
      const collapsed = data.replace(/[ \t\r\n]+/g, ' ');
      add(line.endsWith(' ') && collapsed.startsWith(' ') ? collapsed.slice(1) : collapsed);
    },
  });
  if (line !== '') endLine();
  return pages.map((lines) => lines.map((l) => l.trim()).join('\n'));
}
