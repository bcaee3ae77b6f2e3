import { measureLoginJs } from './login-js.ts';

/**
 * The login page's scripts, one line each, biggest first, then the total: `npx tsx bench/login-js-cli.ts [origin]`
 * against a running server (`npm start`, default http://localhost:8080). The budget is the total gzip (180 KB);
 * `npm run bench` reports the same total with the HTTP figures.
 */
const origin = process.argv[2] ?? 'http://localhost:8080';
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const result = await measureLoginJs(origin);
console.log(`${'raw KB'.padStart(7)} ${'gzip 9'.padStart(7)} ${'sent'.padStart(7)}  script`);
for (const file of [...result.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`${kb(file.bytes)} ${kb(file.gzipBytes)} ${kb(file.wireBytes)}  ${file.path} (${file.encoding})`);
}
console.log(`${kb(result.totalBytes)} ${kb(result.totalGzipBytes)} ${kb(result.totalWireBytes)}  total`);
