import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { BASE_URL, REPO_ROOT, VIEWPORTS } from '../support/env.ts';
import {
  ADMIN,
  TESTER_DOMAIN,
  adminSession,
  apiSessionOf,
  type ApiSession,
  createOpenRehearsalViaApi,
  createTestRehearsalViaApi,
} from '../support/sessions.ts';
import { logInViaUi } from '../support/ui.ts';

/**
 * The link crawler (issue 9; every later issue keeps it green): from every screen a guest, a musician, a tester and
 * an administrator reach, follow every in-app link once and fail on any that lands on the not-found page (or the
 * route-error page), or on a static page that answers an error. The routes come from the web's own route table, so
 * a new screen is crawled without touching this file (a new route parameter needs a real value below).
 */

const ROUTER = path.join(REPO_ROOT, 'apps/web/src/app/router.tsx');
/** The markers of apps/web/src/app/not-found-page.tsx and route-error.tsx. */
const BROKEN_PAGE = '[data-page="not-found"], [data-page="route-error"]';
/** Bounds: the hall lists other tests' sessions, so each route pattern is visited for a few ids only. */
const MAX_PAGES = 80;
const MAX_PER_PATTERN = 3;
/** The boot screen's words (apps/web/src/app/boot-screen.tsx), shown until the route's loaders are done. */
const BOOTING = 'Connecting to Tutti…';

type Guard = 'GUEST' | 'PUBLIC' | 'SIGNED_IN' | 'TESTER' | 'ADMIN';
interface RouteEntry {
  pattern: string;
  guard: Guard;
}

/**
 * Every `path: '…'` of the route table with the guard its loader uses (the first `guard(…)` before the next path;
 * all paths are children of '/'). A route without a guard is taken as public.
 */
function routeTable(): RouteEntry[] {
  const source = readFileSync(ROUTER, 'utf8');
  const entries: RouteEntry[] = [];
  const chunks = source.split(/path: '/).slice(1);
  for (const chunk of chunks) {
    const route = chunk.slice(0, chunk.indexOf("'"));
    const guard = (/guard\((\w+)\)/.exec(chunk)?.[1] ?? 'PUBLIC') as Guard;
    if (route === '*') continue;
    entries.push({ pattern: route === '/' ? '/' : `/${route}`, guard });
  }
  expect(entries.length, 'routes read from router.tsx').toBeGreaterThan(10);
  return entries;
}

interface Persona {
  name: string;
  guards: Guard[];
  /** Signs the page in (or not) and gives real values for the route parameters. */
  prepare(page: Page, request: APIRequestContext): Promise<Record<string, string>>;
}

const name = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 6)}`;

/** A conversation of `api`'s musician with a fresh one, holding a message (the thread the crawler opens). */
async function conversationOf(request: APIRequestContext, api: ApiSession): Promise<string> {
  const pen = await apiSessionOf(request, await createConfirmedUser(request, { prefix: 'crawlpen' }));
  const opened = await request.post('/api/v1/me/private-messages/conversations', {
    headers: api.headers,
    data: { accountId: pen.accountId },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { id } = (await opened.json()) as { id: string };
  const sent = await request.post(`/api/v1/me/private-messages/conversations/${id}`, {
    headers: pen.headers,
    data: { contents: 'Hello, see https://example.com', clientMessageId: randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return id;
}

/** A musician who organizes a (private, so no other test's hall shows it) session; a tester also a test rehearsal. */
async function musician(page: Page, request: APIRequestContext, domain?: string): Promise<Record<string, string>> {
  const user = await createConfirmedUser(request, { prefix: 'crawl', domain });
  const api = await apiSessionOf(request, user);
  const own = await createOpenRehearsalViaApi(request, api, { name: name('Crawl'), public: false });
  const params: Record<string, string> = {
    '/studio/open-rehearsal/:sessionId': own.id,
    '/users/profiles/:username': user.username,
    '/messages/:conversationId': await conversationOf(request, api),
  };
  if (domain === TESTER_DOMAIN) {
    const admin = await adminSession(request);
    const rehearsal = await createTestRehearsalViaApi(request, admin, { name: name('Crawl test'), password: 'pw-42' });
    params['/studio/test-rehearsal/:sessionId'] = rehearsal.id;
  }
  await logInViaUi(page, user);
  return params;
}

const PERSONAS: Persona[] = [
  { name: 'a guest', guards: ['GUEST', 'PUBLIC'], prepare: () => Promise.resolve({}) },
  { name: 'a musician', guards: ['SIGNED_IN', 'PUBLIC'], prepare: (page, request) => musician(page, request) },
  {
    name: 'a tester',
    guards: ['SIGNED_IN', 'TESTER', 'PUBLIC'],
    prepare: (page, request) => musician(page, request, TESTER_DOMAIN),
  },
  {
    name: 'an administrator',
    // The administration pages (CORE_ADMIN) too: reached from the route table and the user menu's entry.
    guards: ['SIGNED_IN', 'ADMIN', 'PUBLIC'],
    prepare: async (page, request) => {
      const admin = await adminSession(request);
      const own = await createOpenRehearsalViaApi(request, admin, { name: name('Crawl admin'), public: false });
      await logInViaUi(page, ADMIN);
      return {
        '/studio/open-rehearsal/:sessionId': own.id,
        '/users/profiles/:username': ADMIN.username,
        '/messages/:conversationId': await conversationOf(request, admin),
        '/admin/accounts/:id': admin.accountId,
      };
    },
  },
];

function fillParams(pattern: string, params: Record<string, string>): string {
  if (!pattern.includes(':')) return pattern;
  const value = params[pattern];
  if (!value) throw new Error(`links.spec: give the crawler a real value for the route ${pattern}`);
  return pattern.replace(/:\w+/, value);
}

/** The route a path belongs to, ids folded, to bound how many of one kind are visited. */
const patternOf = (pathname: string) =>
  pathname.replace(/\/(?:\d+|[0-9a-f]{8}-[0-9a-f-]{28}|[A-Za-z0-9_-]{20,})(?=\/|$)/g, '/:id');

/** What a link is for the crawler: a page to visit, a download to fetch, or something it leaves alone. */
function classify(href: string, from: string): { kind: 'page' | 'download'; target: string } | null {
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return null;
  }
  // mailto:, tel:, nals:// (the audio client's launch links), other hosts: not the app's pages.
  if (url.origin !== new URL(BASE_URL).origin) return null;
  if (url.pathname.startsWith('/api/')) return null;
  if (url.pathname.startsWith('/downloads/')) return { kind: 'download', target: url.pathname + url.search };
  return { kind: 'page', target: url.pathname + url.search };
}

async function hrefsOf(page: Page): Promise<string[]> {
  return page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/**
 * Links only shown in the header's menus: every dropdown of the header (the audio menu, the user menu: found by
 * their aria-haspopup, whatever their names become), then the burger menu of a phone.
 */
async function menuHrefs(page: Page): Promise<string[]> {
  const found: string[] = [];
  const header = page.getByRole('banner');
  // The visible ones: the phone menu holds a second Help dropdown, hidden until the burger opens it (its entries are
  // the same two, neither an in-app link).
  const triggers = header.locator('[aria-haspopup="menu"]').filter({ visible: true });
  for (let i = 0; i < (await triggers.count()); i++) {
    await triggers.nth(i).click();
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await hrefsOf(page)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  }
  const size = page.viewportSize();
  await page.setViewportSize(VIEWPORTS[390]);
  const burger = header.getByRole('button', { name: 'Open the menu' });
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  found.push(...(await hrefsOf(page)));
  await burger.click();
  if (size) await page.setViewportSize(size);
  return found;
}

/** A page that shows a record (a profile, a session): its links come from data other journeys may change meanwhile. */
function showsRecord(target: string): boolean {
  const pathname = new URL(target, BASE_URL).pathname;
  return routeTable().some(
    (r) => r.pattern.includes(':') && new RegExp(`^${r.pattern.replace(/:\w+/g, '[^/]+')}$`).test(pathname),
  );
}

/**
 * Whether one of the pages that linked to `target` still does, opened again now. Other journeys run beside the
 * crawl: a musician renamed after a search page was read leaves a link that went stale, which is not a link the app
 * gets wrong.
 */
async function stillLinked(
  page: Page,
  quiet: () => Promise<void>,
  sources: string[],
  target: string,
): Promise<boolean> {
  for (const source of sources) {
    await page.goto(source);
    await settle(page, quiet);
    if ((await hrefsOf(page)).some((href) => classify(href, page.url())?.target === target)) return true;
  }
  return false;
}

/**
 * A wait for the page's requests to be over: none in flight for QUIET_MS (the broker's WebSocket is not a request), at
 * most SETTLE_MAX_MS (pages that poll may never be quiet for long; the checks after it do the rest).
 */
const QUIET_MS = 300;
const SETTLE_MAX_MS = 5_000;
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight += 1;
    last = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    // A navigation's first requests are reported a moment after it starts: the quiet is counted from now at least.
    last = Math.max(last, Date.now());
    const end = Date.now() + SETTLE_MAX_MS;
    while (Date.now() < end && (inFlight > 0 || Date.now() - last < QUIET_MS)) await page.waitForTimeout(50);
  };
}

/** Waits for the app to have shown the page the address leads to (its lazy chunk loaded, the loaders run). */
async function settle(page: Page, quiet: () => Promise<void>): Promise<void> {
  await quiet();
  await expect(page.getByText(BOOTING)).toHaveCount(0);
  // The bar app-layout.tsx shows while the router loads the next page's code and data.
  await expect(page.locator('.nav-progress')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toBeEmpty();
}

/**
 * Opens `target` in the app already on screen as a click on one of its links does: a history entry in React Router's
 * own shape, then the popstate its router listens to (the server's answer for the address is checked apart). A full
 * load of every page would boot the app some fifty times per persona.
 */
async function followInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    const previous = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: previous + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, target);
}

for (const persona of PERSONAS) {
  test(`every in-app link ${persona.name} can follow leads to a page that exists`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const params = await persona.prepare(page, request);
    const signedIn = persona.guards.includes('SIGNED_IN');

    const sources = new Map<string, Set<string>>();
    const queue: string[] = [];
    const perPattern = new Map<string, number>();
    const note = (target: string, from: string) => {
      const seen = sources.get(target);
      if (seen) {
        seen.add(from);
        return;
      }
      const pattern = patternOf(target.split('?')[0] ?? target);
      const count = perPattern.get(pattern) ?? 0;
      if (count >= MAX_PER_PATTERN) return;
      perPattern.set(pattern, count + 1);
      sources.set(target, new Set([from]));
      queue.push(target);
    };
    for (const route of routeTable().filter((r) => persona.guards.includes(r.guard))) {
      note(fillParams(route.pattern, params), '(route table)');
    }

    const downloads = new Map<string, Set<string>>();
    const broken: string[] = [];
    const stale: string[] = [];
    const visited: string[] = [];
    let menusDone = false;
    const quiet = quietNetwork(page);
    // Whether the page on screen is the app (the next page is then followed in it, not loaded).
    let inApp = false;

    while (queue.length > 0) {
      const target = queue.shift() as string;
      expect(visited.length, `more than ${MAX_PAGES} pages: raise the bound or fold more ids`).toBeLessThan(MAX_PAGES);
      visited.push(target);
      const from = [...(sources.get(target) ?? [])].join(', ');
      // What the server answers for the address, as a full load or a reload would get it.
      const answer = await request.get(target);
      const html = (answer.headers()['content-type'] ?? '').includes('text/html');
      if (answer.status() >= 400) {
        broken.push(`${from} -> ${target} (HTTP ${answer.status()})`);
        continue;
      }
      if (!html) continue;
      // The web app (its index.html) or a static page (help, legal, terms): only the app has a not-found page. The
      // app already on screen follows its link itself; a static page is a page of its own.
      const app = (await answer.text()).includes('id="root"');
      if (app && inApp) {
        await followInApp(page, target);
      } else {
        await page.goto(target);
      }
      inApp = app;
      if (app) {
        await settle(page, quiet);
        if ((await page.locator(BROKEN_PAGE).count()) > 0) {
          const what = await page.locator(BROKEN_PAGE).first().getAttribute('data-page');
          const linking = [...(sources.get(target) ?? [])].filter((s) => s !== '(route table)');
          if (showsRecord(target) && linking.length > 0 && !(await stillLinked(page, quiet, linking, target))) {
            stale.push(`${from} -> ${target} (${what}, no longer linked)`);
          } else {
            broken.push(`${from} -> ${target} (${what})`);
          }
          continue;
        }
        // A member page that sends to the login page would make the rest of the crawl a guest's.
        if (signedIn) expect(new URL(page.url()).pathname, `signed in on ${target}`).not.toBe('/users/login');
      }
      const hrefs = await hrefsOf(page);
      if (app && !menusDone) {
        menusDone = true;
        hrefs.push(...(await menuHrefs(page)));
      }
      for (const href of hrefs) {
        const link = classify(href, page.url());
        if (!link) continue;
        if (link.kind === 'download') {
          const seen = downloads.get(link.target) ?? new Set<string>();
          downloads.set(link.target, seen.add(target));
        } else {
          note(link.target, target);
        }
      }
    }

    for (const [download, from] of downloads) {
      const res = await request.get(download);
      if (res.status() !== 200) broken.push(`${[...from].join(', ')} -> ${download} (HTTP ${res.status()})`);
    }

    test.info().annotations.push({ type: 'crawled', description: visited.join(' ') });
    test.info().annotations.push({
      type: 'stale links (data changed by another journey)',
      description: stale.join(' ') || 'none',
    });
    test.info().annotations.push({ type: 'downloads', description: [...downloads.keys()].join(' ') || 'none' });
    // The hall, the menus and the footer were really read: a crawl that saw nothing would pass for the wrong reason.
    expect(visited.length, 'pages visited').toBeGreaterThan(signedIn ? 8 : 4);
    expect(visited).toContain('/help.html');
    expect(broken, `links that lead nowhere (source page -> href):\n${broken.join('\n')}`).toEqual([]);
  });
}
