import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { filesOf, linkedStyles, styleGroups, withLinks, withMergedLinks, withMergedNames } from './preload-app.ts';

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

describe("a page's stylesheets, merged", () => {
  const html = [
    '<head>',
    '  <script type="module" crossorigin src="/assets/entry.js"></script>',
    '  <link rel="stylesheet" crossorigin href="/assets/base.css">',
    '  <link rel="stylesheet" crossorigin href="/assets/layout.css">',
    '  <link rel="stylesheet" crossorigin href="/assets/hall.css">',
    '  <link rel="stylesheet" crossorigin href="/assets/card.css">',
    '  <link rel="stylesheet" href="https://elsewhere.test/x.css">',
    '</head>',
  ].join('\n');

  it('reads the stylesheets a page links, in order, its own only', () => {
    expect(linkedStyles(html, '/')).toEqual([
      'assets/base.css',
      'assets/layout.css',
      'assets/hall.css',
      'assets/card.css',
    ]);
  });

  it("groups the app's stylesheets, then each landing page's own, leaving a group of one alone", () => {
    const app = ['assets/base.css', 'assets/layout.css'];
    expect(
      styleGroups(app, [
        [...app, 'assets/hall.css', 'assets/card.css'],
        [...app, 'assets/card.css', 'assets/login.css'],
      ]),
    ).toEqual([app, ['assets/hall.css', 'assets/card.css']]);
  });

  it("links each group's file once, where its first stylesheet was", () => {
    const merged = new Map([
      ['assets/base.css', 'assets/app.css'],
      ['assets/layout.css', 'assets/app.css'],
      ['assets/hall.css', 'assets/page.css'],
      ['assets/card.css', 'assets/page.css'],
    ]);
    const out = withMergedLinks(html, '/', merged);
    expect(linkedStyles(out, '/')).toEqual(['assets/app.css', 'assets/page.css']);
    expect(out).toContain('<link rel="stylesheet" href="https://elsewhere.test/x.css">');
    expect(out.indexOf('entry.js')).toBeLessThan(out.indexOf('app.css'));
  });

  it("points a chunk's lists of files at the merged stylesheets, and nothing else", () => {
    const merged = new Map([['assets/hall.css', 'assets/page.css']]);
    const code = 'm.f=["assets/hall.js","assets/hall.css","assets/other.css"];const s=`assets/hall.css`;';
    expect(withMergedNames(code, merged)).toBe(
      'm.f=["assets/hall.js","assets/page.css","assets/other.css"];const s=`assets/page.css`;',
    );
  });
});
