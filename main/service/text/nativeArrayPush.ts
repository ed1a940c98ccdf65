/**
 * Array.prototype.push as the engine made it, captured before pdf.js loads. The legacy build of
 * pdf.js carries core-js, which on V8 121 and older (Node 20) replaces push with a JavaScript
 * polyfill for an edge case (the error thrown when pushing onto an array whose length is frozen).
 * pdf.js pushes for every glyph, and that polyfill alone took about a quarter of a text-layer
 * page's time; pdf.ts puts the native push back once pdf.js and its worker code are loaded.
 */
export const NATIVE_ARRAY_PUSH = Array.prototype.push;
