import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { chromium } from 'playwright-core';
import { buildApp } from '@tutti/server/src/app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env.ts';
import { benchServerConfig } from './bench-server.ts';
import { signInBenchUser } from './account.ts';

/**
 * Where the hall's load spends its main thread, to look into a Lighthouse figure (issue 9): one signed-in load of the
 * hall in Chromium with a 4x CPU slowdown (no network throttling), its requests and long tasks in time order, then the
 * JavaScript profile's self time per 250 ms window, per package and per function, mapped to the sources.
 *
 *   (cd apps/web && npx vite build --sourcemap --outDir /tmp/webdist-sm)
 *   npx tsx bench/hall-profile.ts /tmp/webdist-sm
 *
 * A diagnosis, not a figure: times vary with the machine's load; the figures are Lighthouse's (bench/lighthouse.ts).
 */
const webDist = process.argv[2] ?? '/tmp/webdist-sm';
const { dataDir, config } = await benchServerConfig('prof', { webDist, logLevel: 'error' });
const app = await buildApp(config);
const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
const musician = await signInBenchUser(origin, path.join(dataDir, 'mail'));
const profile = await mkdtemp(path.join(tmpdir(), 'prof-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const login = await context.newPage();
await login.goto(`${origin}/users/login`);
await login.getByLabel('Email', { exact: true }).fill(musician.email);
await login.getByLabel('Password', { exact: true }).fill(musician.password);
await login.getByRole('button', { name: 'Log in', exact: true }).click();
await login.waitForURL(/\/studio\/(hall|onboarding)$/);
await login.close();
const page = await context.newPage();
await page.addInitScript(() => {
  const w = window as unknown as { __lt: string[] };
  w.__lt = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__lt.push(`${Math.round(e.startTime)}+${Math.round(e.duration)} longtask`);
  }).observe({ type: 'longtask', buffered: true });
});
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.goto(`${origin}/studio/hall`);
await page.getByText('Set up your audio client').first().waitFor({ timeout: 30_000 });
const shown = Date.now() - t0;
await page.waitForTimeout(4000);
const nowAtStop = await page.evaluate(() => performance.now());
const { profile: cpu } = (await cdp.send('Profiler.stop')) as {
  profile: {
    nodes: {
      id: number;
      callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
      children?: number[];
    }[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
};
const marks = await page.evaluate(() =>
  performance
    .getEntriesByType('resource')
    .map((e) => ({
      t: e.startTime,
      s: `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
    }))
    .concat((window as unknown as { __lt: string[] }).__lt.map((s) => ({ t: Number(s.split('+')[0]), s })))
    .sort((a, b) => a.t - b.t)
    .map((e) => e.s),
);
const lcp = await page.evaluate(
  () =>
    new Promise<number>((resolve) =>
      new PerformanceObserver((l) => resolve(l.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      }),
    ),
);
console.log(`setup text visible after ${shown} ms; LCP ${Math.round(lcp)} ms`);
console.log(marks.join('\n'));

// Self time per source function.
const consumers = new Map<string, SourceMapConsumer | null>();
const consumer = async (url: string) => {
  if (!consumers.has(url)) {
    const file = path.join(webDist, new URL(url).pathname + '.map');
    try {
      consumers.set(url, await new SourceMapConsumer(JSON.parse(await readFile(file, 'utf8'))));
    } catch {
      consumers.set(url, null);
    }
  }
  return consumers.get(url)!;
};
const byNode = new Map(cpu.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const windows = new Map<number, Map<string, number>>();
// What each long task ran: its samples' functions, by self time.
const longTasks: { start: number; end: number; self: Map<string, number> }[] = marks
  .filter((m) => m.endsWith('longtask'))
  .map((m) => {
    const [start, duration] = m.split(' ')[0]!.split('+').map(Number) as [number, number];
    return { start, end: start + duration, self: new Map<string, number>() };
  });
// The app's own functions (components, hooks) on each sample's stack, for their time including what they call.
const parentOf = new Map<number, number>();
for (const n of cpu.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
const appFrame = new Map<number, string | null>();
const appFrameOf = async (id: number): Promise<string | null> => {
  if (!appFrame.has(id)) {
    const f = byNode.get(id)!.callFrame;
    const pos = f.url.includes('/assets/')
      ? (await consumer(f.url))?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber })
      : null;
    const src = pos?.source?.replace(/^.*\/src\//, 'src/');
    appFrame.set(id, src?.startsWith('src/') ? `${pos!.name ?? f.functionName} ${src}` : null);
  }
  return appFrame.get(id)!;
};
const inclusive = new Map<string, number>();
let clock = cpu.startTime;
const byPackage = new Map<string, number>();
for (let i = 0; i < cpu.samples.length; i += 1) {
  const node = byNode.get(cpu.samples[i]!)!;
  const dt = (cpu.timeDeltas[i + 1] ?? 0) / 1000;
  const f = node.callFrame;
  let key = f.functionName || '(anon)';
  let pkg = f.url ? 'app?' : key;
  // Unmapped code keeps its place in its file, to be looked up by hand.
  if (f.url) key = `${key} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber}`;
  if (f.url.includes('/assets/')) {
    const c = await consumer(f.url);
    const pos = c?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (pos?.source) {
      const src = pos.source.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/src\//, 'src/');
      key = `${pos.name ?? f.functionName} ${src}:${pos.line}`;
      pkg = src.startsWith('nm:')
        ? src
            .split('/')
            .slice(0, src.startsWith('nm:@') ? 2 : 1)
            .join('/')
        : src;
    }
  }
  self.set(key, (self.get(key) ?? 0) + dt);
  const onStack = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
    const frame = await appFrameOf(id);
    if (frame) onStack.add(frame);
  }
  for (const frame of onStack) inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt);
  clock += cpu.timeDeltas[i] ?? 0;
  if (!['(idle)', '(program)'].includes(key)) {
    const at = (clock - cpu.endTime) / 1000 + nowAtStop;
    const task = longTasks.find((t) => at >= t.start && at <= t.end);
    if (task) task.self.set(key, (task.self.get(key) ?? 0) + dt);
    const w = Math.floor(at / 250) * 250;
    const m = windows.get(w) ?? new Map<string, number>();
    m.set(pkg, (m.get(pkg) ?? 0) + dt);
    windows.set(w, m);
  }
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');
console.log('--- by window (ms after navigation start, roughly)');
for (const [w, m] of [...windows].sort((a, b) => a[0] - b[0])) {
  const total = [...m.values()].reduce((a, b) => a + b, 0);
  if (total < 20) continue;
  const parts = [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`);
  console.log(`${String(w).padStart(6)} ${total.toFixed(0).padStart(4)} ms: ${parts.join(', ')}`);
}
console.log('--- by long task');
for (const t of longTasks) console.log(`${t.start}+${t.end - t.start}:\n${top(t.self, 8)}`);
console.log('--- by package/file');
console.log(top(byPackage, 40));
console.log('--- by function');
console.log(top(self, 50));
console.log("--- the app's functions, with what they call (a component: its render, not its children's)");
console.log(top(inclusive, 40));
await context.close();
await app.close();
await rm(profile, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });
