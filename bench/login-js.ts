import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.ts';

export interface ScriptSize {
  path: string;
  bytes: number;
  gzipBytes: number;
  /** What the server actually sent (encoded body size as Chromium received it) and in which encoding. */
  wireBytes: number;
  encoding: string;
}

export interface LoginJs {
  files: ScriptSize[];
  totalBytes: number;
  totalGzipBytes: number;
  totalWireBytes: number;
}

/**
 * What a person's browser downloads to show the login page: every JavaScript response while /users/login loads,
 * entry, modulepreloads and the route's lazy chunks alike. Sizes are gzip level 9 of each body, the way
 * a compressing proxy or CDN would serve them, whatever the server itself does; wire bytes are what the server sent
 * to Chromium (which asks for `br, gzip, deflate, zstd`), headers excluded.
 */
export async function measureLoginJs(origin: string): Promise<LoginJs> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pending: Promise<ScriptSize | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const isScript = response.request().resourceType() === 'script' || url.pathname.endsWith('.js');
      if (url.origin !== origin || !isScript) return;
      pending.push(
        Promise.all([response.body(), response.request().sizes()])
          .then(([body, sizes]) => ({
            path: url.pathname,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            wireBytes: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${origin}/users/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor({ timeout: 15_000 });
    const files = (await Promise.all(pending)).filter((f): f is ScriptSize => f !== null);
    return {
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      totalWireBytes: files.reduce((sum, f) => sum + f.wireBytes, 0),
    };
  } finally {
    await browser.close();
  }
}
