import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contractValues } from './vite/contract-values.ts';
import { mantineLayers } from './vite/mantine-layers.ts';
import { precompress } from './vite/precompress.ts';
import { preloadApp } from './vite/preload-app.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const API_TARGET = process.env.TUTTI_API_TARGET ?? 'http://localhost:8080';

/** Emits version.json next to index.html (and serves it in dev) so running pages can detect a new deployment. */
function versionFile(): Plugin {
  const body = () => JSON.stringify({ version: pkg.version, buildTime: new Date().toISOString() }, null, 2);
  return {
    name: 'tutti-version-file',
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-cache');
        res.end(body());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body() });
    },
  };
}

/**
 * React Router's package exports its development build only, warnings on (the "Matched leaf route" kind). Its
 * production build is the same code with them off, which the minifier then drops. Builds only: `vite` (dev) and the
 * tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const production = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'tutti-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

export default defineConfig({
  // precompress last: it reads the finished dist (assets, public files, version.json).
  plugins: [
    react(),
    reactRouterProduction(),
    mantineLayers(),
    contractValues(),
    versionFile(),
    // The code a page needs first, linked from its HTML (the app for every page; the hall's and the login page's own).
    preloadApp({
      app: ['/src/app/render.tsx'],
      landings: {
        '/studio/hall': {
          name: 'hall',
          modules: [
            '/src/app/hall-loader.ts',
            '/src/features/sessions/pages/hall-page.tsx',
            '/src/features/hall/components/hall-greeting.tsx',
            '/src/features/nals/components/hall-setup.tsx',
            'virtual:tutti-contract-routes',
          ],
        },
        '/users/login': { name: 'login', modules: ['/src/features/auth/pages/login-page.tsx'] },
      },
    }),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/bus': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Automatic splitting left about a hundred small shared chunks (a hook, a helper, a Mantine piece of 1 to 3 KB
    // each): the hall requested 79 scripts, each a round trip and a kilobyte of headers on a phone's connection.
    // Rolldown copies the shared chunks under 16 KB (source size) into the chunks that use them, with one module
    // state and one execution across the copies; chunks holding styles stay files. Hall: 34 scripts; login page: 13
    // instead of 23, and fewer bytes (Lighthouse, issue 9: docs/benchmarks.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [{ name: 'boot-vendor', test: /node_modules[\\/](@tanstack)[\\/]/, priority: 20 }],
        },
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
});
