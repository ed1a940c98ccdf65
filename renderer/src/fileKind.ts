/** A file's kind, for its icon: from the MIME type, else from the name's extension. */
export type Kind = 'pdf' | 'image' | 'text' | 'sheet' | 'slides' | 'word' | 'archive' | 'audio' | 'video' | 'other';

const BY_EXTENSION: Record<string, Kind> = {
  pdf: 'pdf',
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', webp: 'image', svg: 'image', tif: 'image', tiff: 'image', bmp: 'image',
  txt: 'text', md: 'text', csv: 'sheet', json: 'text', xml: 'text', html: 'text', rtf: 'word',
  xls: 'sheet', xlsx: 'sheet', ods: 'sheet',
  ppt: 'slides', pptx: 'slides', odp: 'slides',
  doc: 'word', docx: 'word', odt: 'word', epub: 'word',
  zip: 'archive', gz: 'archive', tar: 'archive', '7z': 'archive',
  mp3: 'audio', wav: 'audio', ogg: 'audio', flac: 'audio',
  mp4: 'video', mov: 'video', webm: 'video', mkv: 'video',
};

export function fileKind(mimeType: string, name: string): Kind {
  const m = mimeType.toLowerCase();
  if (m === 'application/pdf') return 'pdf';
  if (m.startsWith('image/')) return 'image';
  if (m.startsWith('audio/')) return 'audio';
  if (m.startsWith('video/')) return 'video';
  if (/spreadsheet|excel|csv/.test(m)) return 'sheet';
  if (/presentation|powerpoint/.test(m)) return 'slides';
  if (/wordprocessing|msword|opendocument\.text|rtf|epub/.test(m)) return 'word';
  if (/zip|compressed|tar|gzip/.test(m)) return 'archive';
  if (m.startsWith('text/')) return 'text';
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? 'other';
}
