import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cssImportsOf, GLOBAL_CSS, mantineCssFor, mantineImportsOf } from './mantine-css.ts';
import { mantineLayers } from './mantine-layers.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("Mantine's stylesheets, per component", () => {
  const files = sourceFiles(src).map((file) => ({ file, source: readFileSync(file, 'utf8') }));

  it('no page loads the full stylesheet', () => {
    for (const { file, source } of files) {
      expect(source, path.relative(src, file)).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
    }
  });

  it('main.tsx imports the global ones, each file the stylesheets of the components it uses, dependencies first', () => {
    const main = files.find((f) => f.file === path.join(src, 'main.tsx'))!;
    expect(cssImportsOf(main.source)).toEqual(GLOBAL_CSS);
    const checked = files.filter((f) => mantineImportsOf(f.source).length > 0);
    expect(checked.length).toBeGreaterThan(30);
    for (const { file, source } of checked) {
      const rel = path.relative(src, file);
      // `npx tsx apps/web/vite/mantine-css.ts <file>` prints the lines a file needs.
      expect(cssImportsOf(source), rel).toEqual(mantineCssFor(mantineImportsOf(source)));
    }
  });

  it('dependencies come from Mantine itself: a TextInput needs Input, a Button UnstyledButton before it', () => {
    expect(mantineCssFor(['TextInput'])).toContain('Input');
    const button = mantineCssFor(['Button']);
    expect(button.indexOf('UnstyledButton')).toBeLessThan(button.indexOf('Button'));
    expect(mantineCssFor(['Switch'])).toEqual(expect.arrayContaining(['Input', 'InlineInput', 'Switch']));
  });

  it('wraps each stylesheet in its layer and declares every layer in the page, in styles.css order', () => {
    const plugin = mantineLayers();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('.m_1{color:red}', '/x/node_modules/@mantine/core/styles/Input.css')?.code).toMatch(
      /^@layer mantine\.Input \{\n\.m_1\{color:red\}\n\}/,
    );
    expect(transform('.a{}', '/x/src/app/app.css')).toBeNull();
    const html = (plugin.transformIndexHtml as (h: string) => string)('<title>Tutti</title>');
    const layers = /@layer ([^;]+);/.exec(html)![1]!.split(',');
    expect(layers.slice(0, 3)).toEqual(GLOBAL_CSS.map((n) => `mantine.${n}`));
    expect(layers.indexOf('mantine.Input')).toBeLessThan(layers.indexOf('mantine.InlineInput'));
    expect(layers.indexOf('mantine.UnstyledButton')).toBeLessThan(layers.indexOf('mantine.Button'));
  });
});
