import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and archives are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);

/** Left alone: tiny files rewritten at deployment (config.json) or at each build (version.json). A stale `.br` next
 *  to an edited config.json would be served instead of it (the server prefers the precompressed copy). */
const SKIPPED = new Set(['config.json', 'version.json']);

export interface PrecompressedFile {
  /** Path relative to the directory, with forward slashes. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Writes `<file>.br` and `<file>.gz` next to each text asset of `dir` (recursively). Done once at build time, at the
 *  strongest settings (brotli 11, gzip 9): the server then sends these bytes as they are, at no CPU cost per request.
 *  A copy that would not be smaller than the file is not written (the server falls back to the file itself). */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const done: PrecompressedFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || SKIPPED.has(entry.name) || !PRECOMPRESSED_EXTENSIONS.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
    done.push({
      file: relative(dir, path).split('\\').join('/'),
      raw: body.length,
      gzip: gz.length,
      brotli: br.length,
    });
  }
  return done.sort((a, b) => a.file.localeCompare(b.file));
}

/** Vite plugin: precompresses the finished build (after every file, public/ included, is written). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'tutti-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      const entry = files.find((f) => f.file.startsWith('assets/index-') && f.file.endsWith('.js'));
      const summary = entry ? `; ${basename(entry.file)}: ${entry.raw} B, gzip ${entry.gzip}, br ${entry.brotli}` : '';
      log(`precompressed ${files.length} files (.br, .gz)${summary}`);
    },
  };
}
