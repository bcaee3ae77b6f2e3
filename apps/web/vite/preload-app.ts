import type { Plugin, Rollup } from 'vite';

/** The file the server reads to pick a page's HTML: `{ "/studio/hall": "landing-hall.html", … }`. */
export const LANDINGS_FILE = 'landings.json';

export interface PreloadOptions {
  /** Modules every page imports dynamically on load (main.tsx's app): linked from index.html. */
  app: string[];
  /** Per page path, the modules a visit opened there loads first (landing-modules.ts): its own HTML links them. */
  landings: Record<string, { name: string; modules: string[] }>;
}

type Bundle = Rollup.OutputBundle;

/** The chunks of `modules` (source paths ending so) with their static imports, and their stylesheets. */
export function filesOf(bundle: Bundle, modules: string[]): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    // A module imported dynamically is its chunk's facade, unless the bundler merged it into another chunk.
    const root =
      chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module)) ??
      chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
    if (!root) throw new Error(`tutti-preload-app: no chunk for ${module}`);
    visit(root.fileName);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** `html` with a link for each of `files` it does not link yet, at the end of its head. */
export function withLinks(html: string, base: string, files: { scripts: string[]; styles: string[] }): string {
  const linked = (file: string) => html.includes(`"${base}${file}"`);
  const tags = [
    ...files.styles.filter((f) => !linked(f)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...files.scripts.filter((f) => !linked(f)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
  ];
  return tags.length === 0 ? html : html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The code a page needs first, requested with its HTML. Vite only links the entry's static imports; the rest came a
 * round trip later, once the entry had run, and Vite's loader then added a `<link>` per file from the entry's task
 * (a long task on a phone; issue 9).
 *
 * - index.html links the app that main.tsx imports once its start-up requests are out (app/render.tsx: React,
 *   Mantine, the router), with its stylesheets as index.html linked the entry's before.
 * - `landing-<name>.html` is index.html plus the first code of one page (the hall: its loader, its screen, the full
 *   route table; the login page: its form). `landings.json` tells the server which path gets which (its SPA
 *   fallback, apps/server/src/platform/web.ts); any other path gets index.html.
 */
export function preloadApp(options: PreloadOptions): Plugin {
  let base = '/';
  return {
    name: 'tutti-preload-app',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return ctx.bundle ? withLinks(html, base, filesOf(ctx.bundle, options.app)) : html;
      },
    },
    generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('tutti-preload-app: index.html is not in the bundle');
      const html = String(index.source);
      const paths: Record<string, string> = {};
      for (const [path, landing] of Object.entries(options.landings)) {
        const fileName = `landing-${landing.name}.html`;
        this.emitFile({ type: 'asset', fileName, source: withLinks(html, base, filesOf(bundle, landing.modules)) });
        paths[path] = fileName;
      }
      this.emitFile({ type: 'asset', fileName: LANDINGS_FILE, source: `${JSON.stringify(paths, null, 2)}\n` });
    },
  };
}
