import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which of Mantine's per-component stylesheets (`@mantine/core/styles/<Name>.css`) a source file needs, in the order
 * Mantine's full `styles.css` has them. A component's styles need those of the components it is built on (Button on
 * UnstyledButton and Loader, TextInput on Input...): the dependencies come from Mantine's own ES modules, followed
 * import by import. Used by the guard test (every file imports what it uses) and by `npx tsx apps/web/vite/mantine-css.ts
 * [--write] <file>…`, which prints the import lines a file needs (or puts them in the file).
 */
const coreRoot = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const esmRoot = path.join(coreRoot, 'esm');
const stylesDir = path.join(coreRoot, 'styles');

/** The stylesheets every page needs, imported once by main.tsx, before any component's. */
export const GLOBAL_CSS = ['baseline', 'default-css-variables', 'global'];

const IMPORT = /(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;

/** Every stylesheet name (file name without `.css`), ordered as in `styles.css`. */
export function cssOrder(): string[] {
  const all = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8');
  return readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => ({
      name: f.slice(0, -4),
      at: all.indexOf(readFileSync(path.join(stylesDir, f), 'utf8').trim().slice(0, 200)),
    }))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.name);
}

/** Export name → the module that defines it (`export { Button } …` lines of esm/index.mjs, or its imports). */
function exportSources(): Map<string, string> {
  const index = readFileSync(path.join(esmRoot, 'index.mjs'), 'utf8');
  const sources = new Map<string, string>();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+\.mjs)"/g)) {
    for (const name of m[1]!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (local) sources.set(local, path.join(esmRoot, m[2]!));
    }
  }
  return sources;
}

let cache: { order: string[]; sources: Map<string, string>; closure: Map<string, Set<string>> } | null = null;
function state() {
  cache ??= { order: cssOrder(), sources: exportSources(), closure: new Map() };
  return cache;
}

/** Stylesheet names a module reaches through its relative imports. */
function stylesOfModule(file: string): Set<string> {
  const { closure } = state();
  const done = closure.get(file);
  if (done) return done;
  const found = new Set<string>();
  closure.set(file, found);
  // A styled component imports its CSS module (`Button.module.mjs`): that names the stylesheet it needs.
  const styled = /^(\w+)\.module\.mjs$/.exec(path.basename(file))?.[1];
  if (styled && existsSync(path.join(stylesDir, `${styled}.css`))) found.add(styled);
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    for (const s of stylesOfModule(path.resolve(path.dirname(file), m[1]!))) found.add(s);
  }
  return found;
}

/** The stylesheets Mantine components (by export name) need, dependencies first, in `styles.css` order. */
export function mantineCssFor(names: Iterable<string>): string[] {
  const { order, sources } = state();
  const needed = new Set<string>();
  for (const name of names) {
    const source = sources.get(name);
    if (source) for (const s of stylesOfModule(source)) needed.add(s);
  }
  return order.filter((s) => needed.has(s));
}

/** Value names a source file imports from `@mantine/core` (types left out: they carry no styles). */
export function mantineImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',')) {
      const name = part.trim();
      const local = name.split(/\s+as\s+/).pop()!;
      // `TextInput.extend(…)` in the theme only sets defaults: nothing is rendered there.
      const extendsOnly = source.includes(`${local}.extend(`) && !new RegExp(`<${local}[\\s./>]`).test(source);
      if (name && !name.startsWith('type ') && !extendsOnly) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The Mantine stylesheets a source file imports, in its order. */
export function cssImportsOf(source: string): string[] {
  return [...source.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1]!);
}

/** The source with its Mantine stylesheet imports replaced by the ones it needs, right after its `@mantine/core` import. */
export function withMantineCss(source: string): string {
  const lines = mantineCssFor(mantineImportsOf(source)).map((s) => `import '@mantine/core/styles/${s}.css';\n`);
  const stripped = source.replace(/^import '@mantine\/core\/styles\/[\w-]+\.css';\n/gm, '');
  const core = /import\s*\{[^}]*\}\s*from\s*'@mantine\/core';\n/.exec(stripped);
  if (!core) return stripped;
  const at = core.index + core[0].length;
  return stripped.slice(0, at) + lines.join('') + stripped.slice(at);
}

// `npx tsx apps/web/vite/mantine-css.ts [--write] <file>…`: prints (or writes into each file) the imports it needs.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const write = process.argv.includes('--write');
  for (const file of process.argv.slice(2).filter((a) => a !== '--write')) {
    const source = readFileSync(file, 'utf8');
    if (write) writeFileSync(file, withMantineCss(source));
    else
      console.log(
        `${file}:\n${mantineCssFor(mantineImportsOf(source))
          .map((s) => `import '@mantine/core/styles/${s}.css';`)
          .join('\n')}\n`,
      );
  }
}
