import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchServerConfig } from './bench-server.ts';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildApp } from '@tutti/server/src/app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env.ts';
import { signInBenchUser, type SignedIn } from './account.ts';
import { machine, type BenchReport } from './report.ts';

/** Issue 9's targets (not asserted: the run reports them). */
export const LIGHTHOUSE_TARGETS = { performance: 90, clsMax: 0.02, loginJsKb: 180 };

export interface LighthouseFigures {
  /** 0..100. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes transferred (as sent, compressed), every script of the load. */
  jsBytes: number;
}

export interface LighthousePage {
  name: string;
  path: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures;
}

export interface LighthouseReport {
  date: string;
  machine: BenchReport['machine'];
  lighthouse: string;
  settings: { runs: number; formFactor: string; throttling: string };
  pages: LighthousePage[];
}

/** A TCP port nothing listens on now (for Chromium's debugging port, a room server's ports). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function post(origin: string, route: string, user: SignedIn, body: unknown): Promise<{ id: string }> {
  const res = await fetch(`${origin}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function figuresOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): LighthouseFigures {
  const value = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const jsBytes = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    jsBytes,
  };
}

/**
 * Lighthouse 12 (default config: a mobile phone, simulated slow 4G and 4x CPU slowdown), performance only, `runs`
 * times on the login page and on the hall of a signed-in musician with a few sessions, medians reported.
 *
 * One Chromium (the e2e binary and flags) with a remote debugging port: Playwright signs the musician in through the
 * login form in its default profile, and Lighthouse drives that same browser through the port. Before each run
 * Lighthouse clears the HTTP cache (a cold load) but, for the hall, keeps the origin's local storage (where the web
 * keeps its refresh token), so the page opens signed in as a returning musician's would.
 */
export async function runLighthouseBench(options: {
  webDist: string;
  logLevel: string;
  runs: number;
  databaseUrl?: string;
  /** A folder to keep each run's full Lighthouse report in (JSON), to look into a figure. */
  reportDir?: string;
  /** Only these pages (`login`, `hall`), to try a change on one of them faster; both by default. */
  pages?: string[];
  /**
   * The simulated CPU slowdown (Lighthouse's default: 4). The simulation multiplies the tasks this machine recorded,
   * so a higher value shows how the pages fare on a slower host (10 is about the 2026-11-27 machine, 2.5 times
   * slower than the 2026-11-28 one): the same build's score moves with the host, not only with the code.
   */
  cpuSlowdown?: number;
}): Promise<LighthouseReport> {
  const cpuSlowdown = options.cpuSlowdown ?? 4;
  if (!(cpuSlowdown >= 1)) throw new Error(`the CPU slowdown is a number of 1 or more, not ${options.cpuSlowdown}`);
  const { dataDir, config } = await benchServerConfig('lh', options);
  const app = await buildApp(config);
  const profile = await mkdtemp(path.join(tmpdir(), 'tutti-bench-lh-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
    const mailDir = path.join(dataDir, 'mail');
    const musician = await signInBenchUser(origin, mailDir);
    const organizer = await signInBenchUser(origin, mailDir);
    const me = (await (await fetch(`${origin}/api/v1/me`, { headers: musician.headers })).json()) as {
      username: string;
    };
    // A few sessions in the hall: two live ones (one I am invited to), one of mine later this week.
    await post(origin, 'v2/open-rehearsal', organizer, {
      name: 'Tuesday jam',
      description: 'Blues and soul standards, medium tempo.',
      public: true,
      invite: [me.username],
    });
    await post(origin, 'v2/open-rehearsal', organizer, { name: 'Open jam', public: true });
    await post(origin, 'v2/open-rehearsal', musician, {
      name: 'Sunday rehearsal',
      public: false,
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });

    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The HTTP cache is cleared before each run; of the origin's storage only the Cache API is, the refresh token
      // in local storage stays.
      clearStorageTypes: ['cache_storage'],
      // The rest of the simulated throttling (round trip, bandwidth) stays Lighthouse's mobile default.
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    };
    let version = '';
    // A run that fails to record its trace (NO_NAVSTART and the like, now and then on a loaded machine) is run again.
    const runOnce = async (url: string) => {
      for (let attempt = 1; ; attempt += 1) {
        const result = await lighthouse(url, flags);
        if (!result) throw new Error(`lighthouse gave no result for ${url}`);
        const error = result.lhr.runtimeError;
        if (!error) {
          if (result.lhr.finalDisplayedUrl !== url)
            throw new Error(`lighthouse on ${url} ended on ${result.lhr.finalDisplayedUrl}`);
          return result;
        }
        if (attempt === 3) throw new Error(`lighthouse on ${url}: ${error.code} ${error.message}`);
        process.stderr.write(`bench: lighthouse ${error.code}, again\n`);
      }
    };
    const measure = async (
      name: string,
      route: string,
      before: () => Promise<void> = async () => undefined,
    ): Promise<LighthousePage> => {
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < options.runs; i += 1) {
        await before();
        process.stderr.write(`bench: lighthouse ${name}, run ${i + 1}/${options.runs}\n`);
        const result = await runOnce(`${origin}${route}`);
        version = result.lhr.lighthouseVersion;
        if (options.reportDir) {
          await mkdir(options.reportDir, { recursive: true });
          const file = `${route.replace(/\W+/g, '-').replace(/^-/, '')}-${i + 1}.json`;
          await writeFile(path.join(options.reportDir, file), JSON.stringify(result.lhr));
          // Its trace too, unthrottled as recorded (Lighthouse simulates the phone from it): the long tasks' contents.
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace)
            await writeFile(
              path.join(options.reportDir, file.replace(/\.json$/, '.trace.json')),
              JSON.stringify(trace),
            );
        }
        runs.push(figuresOf(result.lhr));
      }
      const pick = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
      return {
        name,
        path: route,
        runs,
        median: {
          performance: pick('performance'),
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          jsBytes: pick('jsBytes'),
        },
      };
    };

    const wanted = (name: string) => !options.pages || options.pages.includes(name);
    const login = wanted('login') ? await measure('login page', '/users/login') : null;

    // Signed in through the form, in the profile Lighthouse opens its tabs in, before each run: refresh tokens rotate
    // on every page load, and a run that Lighthouse ends while a refresh is in flight leaves a spent token behind
    // (the next run then lands on the login page).
    const signIn = async () => {
      const page = await context.newPage();
      await page.goto(`${origin}/users/login`);
      // A fresh start: the previous run's tokens (possibly spent) are dropped, then the form signs in. Once the page is
      // idle: a refresh still in flight would store its new token after the clear, and the reload would be signed in.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page
        .getByLabel('Email', { exact: true })
        .fill(musician.email)
        .catch(async (error: unknown) => {
          const text = await page
            .locator('body')
            .innerText()
            .catch(() => '');
          throw new Error(`no login form at ${page.url()}: ${text.slice(0, 300)}`, { cause: error });
        });
      await page.getByLabel('Password', { exact: true }).fill(musician.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      // A new musician's first sign-in opens the onboarding (decision 0039); Lighthouse then opens the hall itself.
      await page.waitForURL(/\/studio\/(hall|onboarding)$/, { timeout: 20_000 });
      await page.close();
    };
    const hall = wanted('hall') ? await measure('hall (signed in, 3 sessions)', '/studio/hall', signIn) : null;

    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      lighthouse: version,
      settings: {
        runs: options.runs,
        formFactor: 'mobile (Moto G Power, 412x823)',
        throttling: `simulated: 150 ms RTT, 1.6 Mbit/s, CPU x${cpuSlowdown}`,
      },
      pages: [login, hall].filter((page) => page !== null),
    };
  } finally {
    await context.close().catch(() => undefined);
    await app.close();
    await rm(profile, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
