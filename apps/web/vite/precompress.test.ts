import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const SCRIPT = `export const notes=[${Array.from({ length: 300 }, (_, i) => `"note ${i}"`).join(',')}];\n`;
const STYLE = `.mixer{display:grid}\n`.repeat(200);

describe('precompression at build time', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz next to each text asset, which decompress to the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-Ab12.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'index-Cd34.css'), STYLE);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Tutti</p>'.repeat(100)}`);
    writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Tutti', pad: 'x'.repeat(500) }));

    const files = await precompressDir(dir);

    expect(files.map((f) => f.file)).toEqual([
      'assets/index-Ab12.js',
      'assets/index-Cd34.css',
      'index.html',
      'manifest.webmanifest',
    ]);
    for (const f of files) {
      const original = readFileSync(join(dir, f.file));
      const br = readFileSync(join(dir, `${f.file}.br`));
      const gz = readFileSync(join(dir, `${f.file}.gz`));
      expect(brotliDecompressSync(br).equals(original), f.file).toBe(true);
      expect(gunzipSync(gz).equals(original), f.file).toBe(true);
      expect(f).toMatchObject({ raw: original.length, brotli: br.length, gzip: gz.length });
      // Brotli at its strongest beats gzip on text, which beats the file.
      expect(f.brotli).toBeLessThan(f.gzip);
      expect(f.gzip).toBeLessThan(f.raw);
    }
  });

  it('leaves binary files, deployment-edited config.json and copies that would not be smaller alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-dist-'));
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(2048, 7));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ api_url: '/api/', pad: 'x'.repeat(2000) }));
    writeFileSync(join(dir, 'version.json'), JSON.stringify({ version: '1.0.0', pad: 'y'.repeat(2000) }));
    writeFileSync(join(dir, 'tiny.svg'), '<svg/>');

    const files = await precompressDir(dir);

    expect(files.map((f) => f.file)).toEqual(['tiny.svg']);
    for (const name of ['icon.png', 'config.json', 'version.json', 'tiny.svg']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it('links the favicon, the touch icon and the manifest from the page', () => {
    const html = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('href="/favicon.ico"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});
