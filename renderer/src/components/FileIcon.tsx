/** A small icon by the file's kind, drawn inline: the CSP allows no remote image, and a file's kind is what a person scans a list for. */
import { fileKind, type Kind } from '../fileKind.ts';

const COLOURS: Record<Kind, string> = {
  pdf: '#d64545',
  image: '#2f9e6b',
  text: '#6b7785',
  sheet: '#1f8f4e',
  slides: '#d9822b',
  word: '#2f6fd6',
  archive: '#8a6d3b',
  audio: '#9b59b6',
  video: '#c0392b',
  other: '#8792a2',
};

/** What each kind draws inside the page outline. */
function Mark({ kind }: { kind: Kind }) {
  switch (kind) {
    case 'image':
      return <path d="M4 15l3-4 2 2.5 2-3 3 4.5z" fill="#fff" />;
    case 'sheet':
      return <path d="M4 9h10M4 12h10M4 15h10M8 9v7M11 9v7" stroke="#fff" strokeWidth="1" fill="none" />;
    case 'slides':
      return <rect x="4.5" y="9" width="9" height="6" rx="1" fill="#fff" />;
    case 'audio':
      return <path d="M8 15.5a1.5 1.5 0 1 1 0-.1V8.5l5-1v6a1.5 1.5 0 1 1 0-.1" stroke="#fff" strokeWidth="1.2" fill="none" />;
    case 'video':
      return <path d="M7 9l5 3-5 3z" fill="#fff" />;
    case 'archive':
      return <path d="M9 3v2h1v1.5H9V8h1v1.5H9V11h1v2H8v-2h1V9.5H8V8h1V6.5H8V5h1" stroke="#fff" strokeWidth="0.8" fill="none" />;
    case 'pdf':
      return <text x="9" y="15" textAnchor="middle" fontSize="5.5" fontWeight="700" fill="#fff" fontFamily="sans-serif">PDF</text>;
    default:
      return <path d="M5 9h8M5 11.5h8M5 14h5" stroke="#fff" strokeWidth="1.2" />;
  }
}

export function FileIcon({ mimeType, name }: { mimeType: string; name: string }) {
  const kind = fileKind(mimeType, name);
  return (
    <svg className="file-icon" data-kind={kind} width="18" height="20" viewBox="0 0 18 20" aria-hidden="true" focusable="false">
      <path d="M2 1.5h9.5L16 6v12.5H2z" fill={COLOURS[kind]} />
      <path d="M11.5 1.5V6H16" fill="rgba(255,255,255,0.45)" />
      <Mark kind={kind} />
    </svg>
  );
}
