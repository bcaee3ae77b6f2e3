import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { filesOf, withLinks } from './preload-app.ts';

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[],
  css: string[] = [],
  modules: string[] = [],
) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
    moduleIds: facade ? [facade, ...modules] : modules,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/entry.js', '/app/src/main.tsx', ['assets/runtime.js']),
    chunk('assets/runtime.js', null, []),
    chunk(
      'assets/render.js',
      '/app/src/app/render.tsx',
      ['assets/react-dom.js', 'assets/runtime.js'],
      ['assets/layout.css'],
    ),
    chunk('assets/react-dom.js', null, ['assets/runtime.js']),
    chunk('assets/hall.js', '/app/src/hall-page.tsx', ['assets/react-dom.js'], ['assets/hall.css']),
    chunk('assets/shared.js', null, [], [], ['\0virtual:routes']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('the links of a page', () => {
  it("lists a module's chunk, its static imports once each, and their stylesheets", () => {
    expect(filesOf(bundle, ['/src/app/render.tsx', '/src/hall-page.tsx'])).toEqual({
      scripts: ['assets/render.js', 'assets/react-dom.js', 'assets/runtime.js', 'assets/hall.js'],
      styles: ['assets/layout.css', 'assets/hall.css'],
    });
  });

  it('finds a module the bundler merged into another chunk, and fails on one it cannot find', () => {
    expect(filesOf(bundle, ['virtual:routes']).scripts).toEqual(['assets/shared.js']);
    expect(() => filesOf(bundle, ['/src/gone.tsx'])).toThrow(/no chunk for \/src\/gone.tsx/);
  });

  it('links only what the page does not link yet, stylesheets first, at the end of its head', () => {
    const html =
      '<html><head><script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/runtime.js"></head></html>';
    const out = withLinks(html, '/', filesOf(bundle, ['/src/app/render.tsx']));
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/layout.css">');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/render.js">');
    expect(out.match(/runtime\.js/g)).toHaveLength(1);
    expect(out.indexOf('layout.css')).toBeLessThan(out.indexOf('render.js'));
    expect(out.indexOf('render.js')).toBeLessThan(out.indexOf('</head>'));
    expect(withLinks(out, '/', filesOf(bundle, ['/src/app/render.tsx']))).toBe(out);
  });
});
