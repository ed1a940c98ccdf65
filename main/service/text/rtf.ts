/**
 * RTF to text. rtf-stream-parser tokenizes (groups, control words, text bytes); the rules here
 * decide what is text: destinations that hold no text of the document (font and colour tables,
 * styles, metadata, pictures, field instructions, headers and footers, any `{\*...}` group) are
 * skipped; paragraphs, lines and rows end lines, tabs and cells become tabs; `\uN` gives a Unicode
 * character and skips its `\ucN` fallback characters; other bytes are decoded with the code page
 * the document declares (`\ansicpg`, `\mac`, `\pc`, `\pca`; Windows-1252 by default). The
 * document is one page.
 */
import { Readable } from 'node:stream';
import { Tokenize } from 'rtf-stream-parser';
import { windows1252 } from './decodeText.ts';

/** The tokenizer's token types (a const enum in its typings, so not importable as values). */
const GROUP_START = 0;
const GROUP_END = 1;
const CONTROL = 2;

interface RtfToken {
  type: number;
  word?: string;
  param?: number;
  data?: Buffer;
}

/** Deeper nesting than any word processor writes: a hostile file, refused before its stack grows. */
export const MAX_RTF_DEPTH = 1000;
const CHUNK = 64 * 1024;

const SKIPPED = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'objdata', 'fldinst', 'datafield',
  'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl', 'footerr', 'footerf',
  'listtable', 'listoverridetable', 'rsidtbl', 'revtbl', 'filetbl', 'pgdsctbl', 'generator', 'xmlnstbl',
  'themedata', 'colorschememapping', 'datastore', 'latentstyles', 'bkmkstart', 'bkmkend', 'nonshppict',
  'shpinst', 'sp', 'sn', 'sv', 'xe', 'tc', 'docvar', 'template', 'ftnsep', 'ftnsepc', 'ftncn', 'aftnsep', 'aftnsepc', 'aftncn',
]);

const SYMBOLS: Record<string, string> = {
  par: '\n', line: '\n', sect: '\n', page: '\n', row: '\n', tab: '\t', cell: '\t', nestcell: '\t',
  emdash: '\u2014', endash: '\u2013', emspace: '\u2003', enspace: '\u2002', qmspace: '\u2005', bullet: '\u2022',
  lquote: '\u2018', rquote: '\u2019', ldblquote: '\u201c', rdblquote: '\u201d',
  '~': '\u00a0', _: '\u2011', '{': '{', '}': '}', '\\': '\\',
};

/** Code pages named by \mac, \pc and \pca, and labels TextDecoder knows for \ansicpg numbers. */
const CHARSET_CODEPAGES: Record<string, number> = { ansi: 1252, mac: 10000, pc: 437, pca: 850 };
const DECODER_LABELS: Record<number, string> = { 10000: 'macintosh', 866: 'ibm866', 874: 'windows-874', 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 65001: 'utf-8' };

/** The RTF is damaged or hostile; the message says how. */
export class RtfError extends Error {}

interface Group {
  skip: boolean;
  /** Fallback characters that follow each \uN. */
  uc: number;
}

export async function rtfText(bytes: Uint8Array): Promise<string> {
  checkBinaryRuns(bytes);
  const stack: Group[] = [{ skip: false, uc: 1 }];
  let codepage = 1252;
  let out = '';
  let pendingBytes: Uint8Array[] = [];
  let fallbackToSkip = 0;
  let groupJustOpened = false;
  const group = () => stack.at(-1) as Group;
  const flushBytes = () => {
    if (pendingBytes.length > 0) out += decode(Buffer.concat(pendingBytes), codepage);
    pendingBytes = [];
  };
  const emit = (s: string) => {
    flushBytes();
    if (!group().skip) out += s;
  };

  for await (const chunk of tokens(bytes)) {
    const token = chunk as RtfToken;
    const opened = groupJustOpened;
    groupJustOpened = false;
    if (token.type === GROUP_START) {
      flushBytes();
      if (stack.length >= MAX_RTF_DEPTH) throw new RtfError(`groups nest deeper than ${MAX_RTF_DEPTH} levels`);
      stack.push({ ...group() });
      groupJustOpened = true;
      fallbackToSkip = 0;
      continue;
    }
    if (token.type === GROUP_END) {
      flushBytes();
      if (stack.length > 1) stack.pop();
      fallbackToSkip = 0;
      continue;
    }
    if (token.type === CONTROL) {
      const word = token.word ?? '';
      // `{\*\dest ...}` is a destination that a reader which does not know it skips; none holds the document's text.
      if (opened && (word === '*' || SKIPPED.has(word))) {
        flushBytes();
        group().skip = true;
        continue;
      }
      if (fallbackToSkip > 0 && word !== 'u') {
        fallbackToSkip--;
        continue;
      }
      if (word === "'") {
        if (!group().skip && token.data) pendingBytes.push(token.data);
      } else if (word === 'u' && token.param !== undefined) {
        emit(String.fromCharCode(token.param < 0 ? token.param + 0x10000 : token.param));
        fallbackToSkip = group().uc;
      } else if (word === 'uc') {
        group().uc = Math.max(0, token.param ?? 1);
      } else if (word === 'ansicpg' && token.param !== undefined) {
        flushBytes();
        codepage = token.param;
      } else if (Object.hasOwn(CHARSET_CODEPAGES, word) && stack.length === 2) {
        flushBytes();
        codepage = CHARSET_CODEPAGES[word] as number;
      } else if (Object.hasOwn(SYMBOLS, word)) {
        emit(SYMBOLS[word] as string);
      }
      continue;
    }
    // Text bytes; the first ones may be the fallback of a \uN.
    let data = token.data ?? Buffer.alloc(0);
    if (fallbackToSkip > 0) {
      const skip = Math.min(fallbackToSkip, data.length);
      data = data.subarray(skip);
      fallbackToSkip -= skip;
    }
    if (!group().skip) pendingBytes.push(data);
  }
  flushBytes();
  return out;
}

function tokens(bytes: Uint8Array): Tokenize {
  const tokenizer = new Tokenize();
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += CHUNK) yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK, bytes.length - at));
  };
  return Readable.from(chunks()).pipe(tokenizer);
}

/**
 * `\binN` makes the tokenizer allocate N bytes at once; a file that claims more bytes than it
 * has is refused before that allocation.
 */
function checkBinaryRuns(bytes: Uint8Array): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = b.indexOf('\\bin'); at >= 0; at = b.indexOf('\\bin', at + 4)) {
    let digits = 0;
    let n = 0;
    for (let i = at + 4; i < b.length && (b[i] as number) >= 0x30 && (b[i] as number) <= 0x39 && digits < 16; i++, digits++) {
      n = n * 10 + ((b[i] as number) - 0x30);
    }
    if (n > b.length - at) throw new RtfError(`\\bin${n} claims more bytes than the file holds`);
  }
}

function decode(bytes: Uint8Array, codepage: number): string {
  if (codepage === 1252) return windows1252(bytes);
  const label = DECODER_LABELS[codepage] ?? `windows-${codepage}`;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // A code page TextDecoder does not know: Windows-1252 keeps ASCII right and maps every byte.
    return windows1252(bytes);
  }
}
