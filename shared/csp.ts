/**
 * The renderer's Content Security Policy, one for both shells: the loopback HTTP transport sends
 * it with every response, the Electron session adds it to every response it sees, and the built
 * index.html carries it in a meta tag (renderer/vite.config.ts), because the Electron window loads
 * the renderer from file://, which has no response headers to add it to. The renderer needs
 * nothing beyond its own files: no inline script, no eval, no remote origin, no plugins, no frames.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
];

export const RENDERER_CSP = DIRECTIVES.join('; ');

/**
 * The policy for the meta tag: browsers ignore frame-ancestors there (and warn about it), so it is
 * left out; framing is still refused by the HTTP transport's header and X-Frame-Options.
 */
export const RENDERER_META_CSP = DIRECTIVES.filter((d) => !d.startsWith('frame-ancestors ')).join('; ');
