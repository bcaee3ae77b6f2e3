import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../../config.ts';

const NALS_DIR = join(REPO_ROOT, 'apps/nals');
const CONTRACT_SRC = join(REPO_ROOT, 'packages/contract/src');
/** Bumped when the build options below change, so bundles built the old way are not served from the cache. */
const BUILD_RECIPE = 1;

/** The one artifact per release: the emulator as a single ES module, the same file for every system. */
export const bundleFileName = (version: string) => `tutti-nals-${version}.mjs`;
/** Its instructions, served next to it. */
export const readmeFileName = (version: string) => `tutti-nals-${version}.txt`;

export function readmeText(version: string, brokerUrl: string, publicUrl: string): string {
  const file = bundleFileName(version);
  return `Tutti audio client (NALS) ${version}: the emulator

${file} is the Tutti audio client emulator as one JavaScript file. Its audio engine is simulated: no sound
card is opened and no sound is played; it speaks the real protocol (MQTT to the broker, UDP to the rooms) with
generated audio. The same file runs on Linux, Windows and macOS: it needs Node.js 20 or newer (https://nodejs.org).

Run it with your audio client token (shown on ${publicUrl}/download once you are signed in):

  node ${file} --token YOUR_TOKEN --broker ${brokerUrl}

or let it ask this server where its broker is:

  node ${file} --token YOUR_TOKEN --server ${publicUrl}

or with the link the web app opens:

  node ${file} 'nals://start?token=YOUR_TOKEN&broker=${brokerUrl}'

It behaves as version ${version} unless you pass --version X.Y.Z. Every option:

  node ${file} --help
`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Names the cache folder after everything that goes into a bundle: sources, locked dependencies, the build. */
async function sourceFingerprint(): Promise<string> {
  const hash = createHash('sha256').update(`${esbuildVersion}/${BUILD_RECIPE}`);
  const files = [
    join(REPO_ROOT, 'package-lock.json'),
    join(NALS_DIR, 'package.json'),
    ...(await filesUnder(join(NALS_DIR, 'src'))),
    ...(await filesUnder(CONTRACT_SRC)),
  ];
  for (const file of files) {
    hash.update(file.slice(REPO_ROOT.length));
    hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 16);
}

export interface NalsBundle {
  path: string;
  size: number;
  /** Strong validator: changes with the sources and the version. */
  etag: string;
}

/** The emulator's default --version (apps/nals/src/version.ts reads its package.json) becomes the release's. */
const stampVersion = (version: string): Plugin => ({
  name: 'tutti-nals-version',
  setup(b) {
    b.onLoad({ filter: /[\\/]apps[\\/]nals[\\/]package\.json$/ }, () => ({
      contents: JSON.stringify({ version }),
      loader: 'json',
    }));
  },
});

/** One ES module for Node 20+: apps/nals with its dependencies (the contract, zod, mqtt, ws). */
async function bundleSource(version: string): Promise<string> {
  const result = await build({
    // Through stdin: an entry file's own `#!… tsx` line would be kept above the banner's.
    stdin: {
      contents: "import './main.ts';",
      resolveDir: join(NALS_DIR, 'src'),
      sourcefile: 'tutti-nals.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    // ws loads these native speed-ups when present and falls back without them.
    external: ['bufferutil', 'utf-8-validate'],
    banner: {
      js: [
        '#!/usr/bin/env node',
        `// Tutti audio client (NALS) emulator ${version}, simulated audio engine. Run: node ${bundleFileName(version)} --help`,
        // The CommonJS dependencies (mqtt, ws) require Node's built-in modules.
        "import { createRequire as __tuttiCreateRequire } from 'node:module';",
        'const require = __tuttiCreateRequire(import.meta.url);',
      ].join('\n'),
    },
    plugins: [stampVersion(version)],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  return output.text;
}

/**
 * Builds the emulator bundle of a release on first request and keeps it in `cacheDir/<fingerprint>/<version>/`:
 * later requests, and later processes on unchanged sources, get the file as it is. Concurrent first requests share
 * one build; bundles of older sources are removed once a new one is written.
 */
export function createNalsBundler(cacheDir: string) {
  let fingerprint: Promise<string> | null = null;
  const building = new Map<string, Promise<NalsBundle>>();

  async function ensure(version: string): Promise<NalsBundle> {
    const fp = await (fingerprint ??= sourceFingerprint());
    const dir = join(cacheDir, fp, version);
    const file = join(dir, bundleFileName(version));
    // esbuild's output is deterministic: one fingerprint and version, one content.
    const found = (size: number): NalsBundle => ({ path: file, size, etag: `"${fp}-${version}"` });
    const existing = await stat(file).catch(() => null);
    if (existing?.isFile()) return found(existing.size);
    const code = await bundleSource(version);
    await mkdir(dir, { recursive: true });
    // Written aside then renamed: a crash or a concurrent process never leaves half a file under the final name.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, code, { mode: 0o755 });
    await rename(partial, file);
    for (const stale of await readdir(cacheDir)) {
      if (stale !== fp) await rm(join(cacheDir, stale), { recursive: true, force: true });
    }
    return found(Buffer.byteLength(code));
  }

  return {
    /** The bundle on disk, built now if needed. */
    bundle(version: string): Promise<NalsBundle> {
      let pending = building.get(version);
      if (!pending) {
        pending = ensure(version).finally(() => building.delete(version));
        building.set(version, pending);
      }
      return pending;
    },
  };
}

export type NalsBundler = ReturnType<typeof createNalsBundler>;
