/**
 * The renderer's Content Security Policy, one for both shells: the loopback HTTP transport sends
 * it with every response, and the Electron session with every page it loads. The renderer needs
 * nothing beyond its own files: no inline script, no eval, no remote origin, no plugins, no frames.
 */
export const RENDERER_CSP = [
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
].join('; ');
