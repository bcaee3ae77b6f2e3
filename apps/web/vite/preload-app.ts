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

/** A stylesheet's link in a page, with the line's indentation and end (its address is the group). */
const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>\n?/g;

/** The stylesheets `html` links, in its order (asset file names, without `base`). */
export function linkedStyles(html: string, base: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)]
    .map((match) => match[1]!)
    .filter((href) => href.startsWith(base))
    .map((href) => href.slice(base.length));
}

/**
 * The stylesheets merged into one file each: the app's (every page links them), then each landing page's own that no
 * earlier group holds. A group of one stays as it is.
 */
export function styleGroups(app: string[], landings: string[][]): string[][] {
  const held = new Set(app);
  const groups = [app];
  for (const styles of landings) {
    const own = styles.filter((file) => !held.has(file));
    own.forEach((file) => held.add(file));
    groups.push(own);
  }
  return groups.filter((group) => group.length > 1);
}

/** `html` with its links to merged stylesheets replaced by one link to their group's file, where the first one was. */
export function withMergedLinks(html: string, base: string, merged: Map<string, string>): string {
  const done = new Set<string>();
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const group = href.startsWith(base) ? merged.get(href.slice(base.length)) : undefined;
    if (!group) return link;
    if (done.has(group)) return '';
    done.add(group);
    return link.replace(href, `${base}${group}`);
  });
}

/** `code` (a chunk) with each quoted name of a merged stylesheet (Vite's lists of a dynamic import's files) replaced. */
export function withMergedNames(code: string, merged: Map<string, string>): string {
  return code.replace(/(["'`])([^"'`\s]+?\.css)\1/g, (quoted, quote: string, file: string) => {
    const group = merged.get(file);
    return group ? `${quote}${group}${quote}` : quoted;
  });
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
 * - The stylesheets a page links come merged: the app's in one file, each landing page's own in another
 *   (`mergeStyles`).
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
    // After Vite's own (`order: 'post'`): its loader's lists of a dynamic import's files are filled in by then.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('tutti-preload-app: index.html is not in the bundle');
        const html = String(index.source);
        const landings = Object.entries(options.landings).map(([path, landing]) => ({
          path,
          fileName: `landing-${landing.name}.html`,
          html: withLinks(html, base, filesOf(bundle, landing.modules)),
        }));
        const merged = mergeStyles(
          bundle,
          styleGroups(
            linkedStyles(html, base),
            landings.map((landing) => linkedStyles(landing.html, base)),
          ),
          (source) => this.getFileName(this.emitFile({ type: 'asset', name: 'styles.css', source })),
        );
        index.source = withMergedLinks(html, base, merged);
        const paths: Record<string, string> = {};
        for (const landing of landings) {
          this.emitFile({
            type: 'asset',
            fileName: landing.fileName,
            source: withMergedLinks(landing.html, base, merged),
          });
          paths[landing.path] = landing.fileName;
        }
        this.emitFile({ type: 'asset', fileName: LANDINGS_FILE, source: `${JSON.stringify(paths, null, 2)}\n` });
        assertMerged(bundle, merged);
      },
    },
  };
}

const textOf = (source: string | Uint8Array): string =>
  typeof source === 'string' ? source : new TextDecoder().decode(source);

/**
 * Merges each group of stylesheets into one file (`emit` names it), in the group's order, and points every chunk at
 * it: a page's first stylesheets come in one or two requests rather than eight, each a round trip on a phone (issue 9).
 * A chunk's dynamic import that needs one of them then finds its group's file already linked, as Vite's loader looks
 * for a stylesheet by its address. The merged files leave the bundle.
 */
function mergeStyles(bundle: Bundle, groups: string[][], emit: (source: string) => string): Map<string, string> {
  const merged = new Map<string, string>();
  for (const group of groups) {
    const sources = group.map((file) => {
      const asset = bundle[file];
      if (!asset || asset.type !== 'asset') throw new Error(`tutti-preload-app: no stylesheet ${file}`);
      return textOf(asset.source).replace(/^@charset "[^"]*";\s*/, '');
    });
    const fileName = emit(sources.join('\n'));
    group.forEach((file) => merged.set(file, fileName));
  }
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk') item.code = withMergedNames(item.code, merged);
  }
  for (const file of merged.keys()) delete bundle[file];
  return merged;
}

/** Fails the build on a chunk or page that still names a merged stylesheet: that page would miss its styles. */
function assertMerged(bundle: Bundle, merged: Map<string, string>): void {
  for (const item of Object.values(bundle)) {
    if (item.type === 'asset' && !item.fileName.endsWith('.html')) continue;
    const text = item.type === 'chunk' ? item.code : textOf(item.source);
    const left = [...merged.keys()].find((file) => text.includes(file));
    if (left)
      throw new Error(`tutti-preload-app: ${item.fileName} still names ${left}, merged into ${merged.get(left)}`);
  }
}
