/**
 * EPUB to pages of text: one page per item of the publication's spine (its reading order), each
 * XHTML document converted like HTML. A spine item that is not (X)HTML (an SVG cover, say) is an
 * empty page, so page numbers stay those of the spine.
 */
import { htmlText } from './html.ts';
import { readXml } from './xml.ts';
import { ZipError, type ZipPackage } from './zip.ts';

export const EPUB_MIME = 'application/epub+zip';

const CONTAINER = 'urn:oasis:names:tc:opendocument:xmlns:container';
const OPF = 'http://www.idpf.org/2007/opf';
const XMLENC = 'http://www.w3.org/2001/04/xmlenc#';
const HTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);

/** The publication's content is encrypted (DRM): its text cannot be read. */
export class EpubEncrypted extends Error {}

interface SpineItem {
  path: string;
  mediaType: string;
}

export async function epubPages(zip: ZipPackage): Promise<string[]> {
  const opfPath = packagePath(await zip.text('META-INF/container.xml'));
  const spine = readSpine(await zip.text(opfPath), opfPath);
  const encrypted = zip.has('META-INF/encryption.xml') ? encryptedPaths(await zip.text('META-INF/encryption.xml')) : new Set<string>();
  if (spine.some((item) => encrypted.has(item.path))) throw new EpubEncrypted('the EPUB is encrypted (DRM); its text cannot be read');
  const pages: string[] = [];
  for (const item of spine) {
    pages.push(HTML_TYPES.has(item.mediaType) ? htmlText(await zip.text(item.path)) : '');
  }
  return pages;
}

/** container.xml names the package document (the OPF file); the first rootfile is the default rendition. */
function packagePath(xml: string): string {
  let path: string | undefined;
  readXml(xml, {
    open(name, attribute) {
      if (path === undefined && name.uri === CONTAINER && name.local === 'rootfile') path = attribute('', 'full-path');
    },
  });
  if (!path) throw new ZipError('META-INF/container.xml names no package document');
  return path;
}

function readSpine(xml: string, opfPath: string): SpineItem[] {
  const manifest = new Map<string, SpineItem>();
  const order: string[] = [];
  readXml(xml, {
    open(name, attribute) {
      if (name.uri !== OPF) return;
      const id = attribute('', 'id');
      const href = attribute('', 'href');
      if (name.local === 'item' && id !== undefined && href !== undefined) {
        manifest.set(id, { path: resolve(opfPath, href), mediaType: (attribute('', 'media-type') ?? '').toLowerCase() });
      }
      const idref = attribute('', 'idref');
      if (name.local === 'itemref' && idref !== undefined) order.push(idref);
    },
  });
  return order.map((idref) => {
    const item = manifest.get(idref);
    if (!item) throw new ZipError(`the spine names ${idref}, which the manifest does not list`);
    return item;
  });
}

/** Paths of the entries META-INF/encryption.xml lists; font obfuscation lists fonts, DRM lists content. */
function encryptedPaths(xml: string): Set<string> {
  const paths = new Set<string>();
  readXml(xml, {
    open(name, attribute) {
      const uri = attribute('', 'URI');
      if (name.uri === XMLENC && name.local === 'CipherReference' && uri !== undefined) paths.add(resolve('', uri));
    },
  });
  return paths;
}

/** A manifest href (a URL relative to the OPF file) to a path inside the package. */
function resolve(base: string, href: string): string {
  const url = new URL(href, `http://package.invalid/${encodeURI(base)}`);
  try {
    return decodeURIComponent(url.pathname.slice(1));
  } catch {
    return url.pathname.slice(1);
  }
}
