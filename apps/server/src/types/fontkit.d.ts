/** fontkit ships no types; pdfkit (which depends on it) only needs a parsed font passed through. */
declare module 'fontkit' {
  export interface FontkitFont {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
