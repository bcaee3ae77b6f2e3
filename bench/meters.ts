import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchServerConfig } from './bench-server.ts';
import mqtt from 'mqtt';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { NALS_QOS, nalsOutTopic } from '@tutti/contract/nals';
import { buildApp } from '@tutti/server/src/app.ts';
import { loadRoomSecret } from '@tutti/server/src/platform/room-client.ts';
import { roomServerCommand, supervise } from '@tutti/server/src/platform/room-supervisor.ts';
import { signInBenchUser, type SignedIn } from './account.ts';
import { freePort } from './lighthouse.ts';
import { openSignedInPage } from './nals-browser.ts';
import { startEmulator, stopChild } from './nals-roundtrip.ts';
import { machine, type BenchReport } from './report.ts';

/** Issue 9: a rehearsal's meters, 8 slots at 10 levels a second, stay under 5 % of one core. */
export const METERS_TARGET_PERCENT = 5;
const SLOTS = 8;
const RATE_HZ = 10;

export interface MetersPhase {
  name: string;
  seconds: number;
  /** `audio_levels` messages the page's store received during the phase. */
  levelsReceived: number;
  /** Chromium's own accounting of the page's main thread (CDP Performance.getMetrics), % of one core. */
  mainThreadPercent: number;
  scriptPercent: number;
  layoutAndStylePercent: number;
  /** The page's renderer process, every thread (main, compositor, IO, raster), % of one core (CDP SystemInfo). */
  rendererPercent: number;
  /** Every renderer process (the page's, and the spare ones Chromium keeps ready for the next tab). */
  allRenderersPercent: number;
  /** The GPU process (software compositing here: --disable-gpu), % of one core. */
  gpuPercent: number;
}

export interface MetersReport {
  date: string;
  machine: BenchReport['machine'];
  loadAverage: number;
  settings: { slots: number; rateHz: number; seconds: number; meters: number };
  phases: MetersPhase[];
  /** The levels phase over the baseline (no levels), renderer process and main thread. */
  ratio: { renderer: number; mainThread: number };
  target: { percentMax: number; met: boolean };
}

async function api<T>(origin: string, route: string, user: SignedIn, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/api/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...user.headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json().catch(() => ({}))) as T;
}

/** What a trace of a phase records: the timeline DevTools shows, with the compositor's and the raster's work. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'cc',
  'viz',
  'blink',
  'benchmark',
];

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Sample {
  at: number;
  metrics: Record<string, number>;
  cpu: { renderer: number; allRenderers: number; gpu: number };
}

/** CPU seconds so far: the page's renderer, every renderer (spare ones included) and the GPU process. */
async function sample(page: CDPSession, browser: CDPSession, rendererPid: number): Promise<Sample> {
  const { metrics } = (await page.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const info = (await browser.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  const cpu = { renderer: 0, allRenderers: 0, gpu: 0 };
  for (const p of info.processInfo) {
    if (p.type === 'renderer') cpu.allRenderers += p.cpuTime;
    if (p.id === rendererPid) cpu.renderer = p.cpuTime;
    if (p.type === 'GPU') cpu.gpu += p.cpuTime;
  }
  return { at: performance.now(), metrics: Object.fromEntries(metrics.map((m) => [m.name, m.value])), cpu };
}

/**
 * The process id of the renderer that runs the page: the one a trace's start names for the page's main frame
 * (CDP has no other way from a page to its process).
 */
async function pageRendererPid(browser: Browser, page: Page): Promise<number> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
  await new Promise((r) => setTimeout(r, 200));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: {
      name: string;
      args?: { data?: { frames?: { url: string; parent?: string; processId: number }[] } };
    }[];
  };
  const started = trace.traceEvents.find((e) => e.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((f) => !f.parent && f.url === page.url());
  if (!frame) throw new Error("the page's renderer process was not found in the trace");
  return frame.processId;
}

async function levelsCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __levels?: number }).__levels ?? 0);
}

/**
 * Issue 9's meters benchmark: a rehearsal page joined by its musician (with the audio client emulator) and seven
 * API-only players, so eight slot rows with a level meter each. Once joined, the emulator is paused (SIGSTOP) and a
 * fake feed publishes `audio_levels` for the eight slots on the client's topic at 10 Hz, as the client does in a full
 * room. Then the same with the meters out of rendering (display: none), and the baseline, same page, same run: no
 * levels at all (feed stopped).
 */
export async function runMetersBench(options: {
  repoRoot: string;
  webDist: string;
  logLevel: string;
  seconds: number;
  databaseUrl?: string;
  /** A folder to write a Chromium trace of each phase to (every thread of every process), to see what costs. */
  traceDir?: string;
}): Promise<MetersReport> {
  const { dataDir, config } = await benchServerConfig('meters', options, {
    // The rehearsal needs a room: the built-in room server, started below as main.ts starts it.
    ROOM_UDP_PORT: String(await freePort()),
    ROOM_HTTP_PORT: String(await freePort()),
  });
  const app = await buildApp(config);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
    const room = supervise({
      ...roomServerCommand(config.room, loadRoomSecret(config.room, config.dataDir), config.logLevel),
      log: app.log.child({ module: 'room' }),
      probe: () => app.tutti.rooms.health(),
    });
    cleanups.push(() => room.stop());
    for (let attempt = 0; !(await app.tutti.rooms.health().catch(() => null)); attempt += 1) {
      if (attempt > 100) throw new Error('the room server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const mailDir = path.join(dataDir, 'mail');
    const musician = await signInBenchUser(origin, mailDir);
    const players = await Promise.all(Array.from({ length: SLOTS - 1 }, () => signInBenchUser(origin, mailDir)));
    const { queueHost } = await api<{ queueHost: string }>(origin, 'v1/config', musician);
    const me = await api<{ nalsToken: string }>(origin, 'v1/me', musician);

    const emulator = await startEmulator(options.repoRoot, me.nalsToken, queueHost);
    cleanups.push(() => stopChild(emulator.child));
    const { browser, page } = await openSignedInPage(origin, musician.email, musician.password);
    cleanups.push(() => browser.close());

    const session = await api<{ id: string }>(origin, 'v2/open-rehearsal', musician, { name: 'Meters', public: true });
    for (const player of players) await api(origin, `v2/open-rehearsal/${session.id}/join`, player, {});
    const keepAlive = setInterval(() => {
      for (const player of players) void api(origin, `v1/sessions/${session.id}/keepalive`, player, {}).catch(() => 0);
    }, 20_000);
    cleanups.push(async () => clearInterval(keepAlive));

    await page.goto(`${origin}/studio/open-rehearsal/${session.id}`);
    await page.getByRole('button', { name: 'Join the rehearsal' }).click();
    await page
      .getByRole('meter')
      .nth(SLOTS - 1)
      .waitFor({ timeout: 30_000 });
    const meters = await page.getByRole('meter').count();
    await page.evaluate(() => {
      const w = window as unknown as {
        __levels: number;
        __tuttiNals: { onSignal: (l: (m: { signal: string }) => void) => void };
      };
      w.__levels = 0;
      w.__tuttiNals.onSignal((m) => {
        if (m.signal === 'audio_levels') w.__levels += 1;
      });
    });

    const pageCdp = await page.context().newCDPSession(page);
    await pageCdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const browserCdp = await browser.newBrowserCDPSession();
    const rendererPid = await pageRendererPid(browser, page);
    const measure = async (name: string): Promise<MetersPhase> => {
      process.stderr.write(`bench: meters, ${name} (${options.seconds} s)\n`);
      await new Promise((r) => setTimeout(r, 2_000));
      const levels0 = await levelsCount(page);
      const tracePath = options.traceDir && path.join(options.traceDir, `${name.replace(/\W+/g, '-')}.json`);
      if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
      const a = await sample(pageCdp, browserCdp, rendererPid);
      await new Promise((r) => setTimeout(r, options.seconds * 1_000));
      const b = await sample(pageCdp, browserCdp, rendererPid);
      if (tracePath) await browser.stopTracing();
      const wall = (b.at - a.at) / 1_000;
      const pct = (key: string) => round(((b.metrics[key]! - a.metrics[key]!) / wall) * 100);
      return {
        name,
        seconds: round(wall, 1),
        levelsReceived: (await levelsCount(page)) - levels0,
        mainThreadPercent: pct('TaskDuration'),
        scriptPercent: pct('ScriptDuration'),
        layoutAndStylePercent: round(pct('LayoutDuration') + pct('RecalcStyleDuration')),
        rendererPercent: round(((b.cpu.renderer - a.cpu.renderer) / wall) * 100),
        allRenderersPercent: round(((b.cpu.allRenderers - a.cpu.allRenderers) / wall) * 100),
        gpuPercent: round(((b.cpu.gpu - a.cpu.gpu) / wall) * 100),
      };
    };

    // The fake feed: the client's own topic and credentials, eight slots wandering like music.
    const feed = await mqtt.connectAsync(queueHost, {
      username: 'nals',
      password: me.nalsToken,
      clean: true,
      reconnectPeriod: 0,
    });
    cleanups.push(() => feed.endAsync());
    let tick = 0;
    const levels = () =>
      Array.from({ length: SLOTS }, (_, slot) =>
        round(0.45 + 0.4 * Math.sin(tick / 3 + slot) * Math.cos(tick / 17), 3),
      );
    const publishing = setInterval(() => {
      tick += 1;
      const slots = Object.fromEntries(levels().map((v, slot) => [String(slot), Math.max(0, v)]));
      void feed.publishAsync(
        nalsOutTopic(me.nalsToken),
        JSON.stringify({ signal: 'audio_levels', data: { input: slots['0'], output: 0.8, slots } }),
        { qos: NALS_QOS },
      );
    }, 1_000 / RATE_HZ);
    // From here on the feed is the only source of levels: the emulator, in the room, would add its own 10 a second.
    emulator.child.kill('SIGSTOP');
    cleanups.push(async () => void emulator.child.kill('SIGCONT'));
    const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
    const flowing = await measure(`levels flowing, ${meters} meters shown`);
    // The same messages, the meters out of the page's rendering: what the levels cost before any drawing.
    const hiding = await page.addStyleTag({ content: '[role="meter"] { display: none !important; }' });
    const hidden = await measure('levels flowing, meters hidden (display: none)');
    await hiding.evaluate((el) => (el as Element).remove());
    clearInterval(publishing);
    const baseline = await measure('baseline: no levels (same page)');

    const rendererPercent = flowing.rendererPercent;
    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      loadAverage,
      settings: { slots: SLOTS, rateHz: RATE_HZ, seconds: options.seconds, meters },
      phases: [flowing, hidden, baseline],
      ratio: {
        renderer: round(flowing.rendererPercent / Math.max(baseline.rendererPercent, 0.01)),
        mainThread: round(flowing.mainThreadPercent / Math.max(baseline.mainThreadPercent, 0.01)),
      },
      target: { percentMax: METERS_TARGET_PERCENT, met: rendererPercent <= METERS_TARGET_PERCENT },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
