import type { Plugin } from 'vite';
import { cssOrder } from './mantine-css.ts';

const STYLESHEET = /\/@mantine\/core\/styles\/([\w-]+)\.css$/;

/**
 * Mantine's per-component stylesheets in one fixed cascade order, whatever order the browser gets them in.
 *
 * Each file imports the stylesheets of the components it uses, so the bundler spreads them over many CSS chunks, and
 * a page may link a chunk holding InlineInput before the one holding Input, which InlineInput restyles. Wrapping every
 * stylesheet in its own layer (`@layer mantine.Input { … }`) and declaring all the layers first, in the order of
 * Mantine's full `styles.css`, gives every page the cascade that one big stylesheet had. The app's own (unlayered)
 * rules come after every layer, as app.css did after `styles.css`.
 */
export function mantineLayers(): Plugin {
  const order = cssOrder();
  return {
    name: 'tutti-mantine-layers',
    enforce: 'pre',
    transform(code, id) {
      const name = STYLESHEET.exec(id.split('?')[0]!)?.[1];
      if (!name) return null;
      return { code: `@layer mantine.${name} {\n${code}\n}\n`, map: null };
    },
    transformIndexHtml(html) {
      // Before any stylesheet link (Vite adds those at the end of <head>): a layer's first mention fixes its place.
      const declaration = `<style>@layer ${order.map((n) => `mantine.${n}`).join(',')};</style>`;
      return html.replace('</title>', `</title>\n    ${declaration}`);
    },
  };
}
