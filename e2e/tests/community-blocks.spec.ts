import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, confirmViaApi, newUser, signUpViaApi, type Lang, type TestUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf, type ApiSession } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

/**
 * Issue 11, "musicians around you" and blocks: the hall suggests the musicians close enough to rehearse with in real
 * time (with the estimated delay), never an under-13 one nor a far one; a block takes the blocker off the blocked
 * musician's open hall at once (bus `/blocked/{id}`), and unblocking from the preferences brings them back.
 *
 * Cities: Besançon and Genève (about 1 to 2 ms apart) rather than Paris and Lyon, so that musicians other journeys
 * put in Paris or Lyon never outrank them in a hall that shows six. The far musician lives far beyond the real-time
 * limit, and far from the other language's far one too (each must find nobody around).
 */
const FAR: Record<Lang, [string, string]> = { en: ['Tokyo', 'JP'], fr: ['Sydney', 'AU'] };
const AROUND_WORDS = {
  en: {
    around: 'Musicians around you',
    follow: (name: string) => `Follow ${name}`,
    blockedTab: 'Blocked musicians',
    unblock: (name: string) => `Unblock ${name}`,
    unblocked: (name: string) => `${name} is unblocked`,
    stayRemoved: 'Follows removed by the block stay removed.',
    empty: 'You have not blocked anyone.',
    nobody: /Nobody is close enough to rehearse with you/,
    search: 'Search musicians',
  },
  fr: {
    around: 'Musiciens autour de vous',
    follow: (name: string) => `Suivre ${name}`,
    blockedTab: 'Musiciens bloqués',
    unblock: (name: string) => `Débloquer ${name}`,
    unblocked: (name: string) => `${name} est débloqué`,
    stayRemoved: 'Les abonnements supprimés par le blocage le restent.',
    empty: 'Vous n’avez bloqué personne.',
    nobody: /Personne n’est encore assez proche pour répéter avec vous/,
    search: 'Rechercher des musiciens',
  },
} as const;

interface City {
  id: number;
  name: string;
  country: string;
}

async function cityId(request: APIRequestContext, as: ApiSession, q: string, country: string): Promise<number> {
  const res = await request.get(`/api/v1/places/cities?q=${encodeURIComponent(q)}&country=${country}`, {
    headers: as.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as City[]).find((c) => c.country === country);
  if (!found) throw new Error(`no city ${q} (${country}) in the e2e sample`);
  return found.id;
}

/** Puts a musician in a city, with a public profile (suggestions only show public ones). */
async function liveIn(request: APIRequestContext, as: ApiSession, q: string, country: string): Promise<void> {
  const res = await request.put('/api/v2/me/profile', {
    headers: as.headers,
    data: {
      country: null,
      cityId: await cityId(request, as, q, country),
      biography: null,
      publicProfile: true,
      socialLinks: [],
      musicStyles: [],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function call(request: APIRequestContext, as: ApiSession, method: 'POST' | 'DELETE', path: string) {
  const res = await request.fetch(`/api/${path}`, { method, headers: as.headers });
  expect(res.status(), await res.text()).toBe(204);
}

/** An account confirmed through the API whose birthdate says they are 10. */
async function childAccount(request: APIRequestContext, lang: Lang): Promise<TestUser> {
  const user = newUser(`kid${lang}`);
  const born = new Date();
  born.setFullYear(born.getFullYear() - 10);
  user.birthdate = born.toISOString().slice(0, 10);
  await signUpViaApi(request, user, lang);
  await confirmViaApi(request, user);
  return user;
}

const aroundOf = (page: Page, lang: Lang) => page.getByRole('region', { name: AROUND_WORDS[lang].around });

for (const lang of ['en', 'fr'] as const) {
  test(`musicians around you, and the live effect of a block (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const w = AROUND_WORDS[lang];
    const [ana, ben, far, kid] = await Promise.all([
      createConfirmedUser(request, { prefix: `ana${lang}`, locale: lang }),
      createConfirmedUser(request, { prefix: `ben${lang}`, locale: lang }),
      createConfirmedUser(request, { prefix: `far${lang}`, locale: lang }),
      childAccount(request, lang),
    ]);
    const [anaApi, benApi, farApi, kidApi] = await Promise.all(
      [ana, ben, far, kid].map((u) => apiSessionOf(request, u)),
    );
    await Promise.all([
      liveIn(request, anaApi!, 'Besancon', 'FR'),
      liveIn(request, benApi!, 'Geneve', 'CH'),
      liveIn(request, farApi!, ...FAR[lang]),
    ]);
    // Ben plays the first instrument of the reference list: the hall names it in the reader's language.
    const instruments = (await (await request.get('/api/v1/instruments', { headers: benApi!.headers })).json()) as {
      id: string;
      name: Record<Lang, string>;
    }[];
    const instrument = instruments[0]!;
    const skills = await request.put('/api/v1/me/music-skills', {
      headers: benApi!.headers,
      data: { instruments: [{ instrument: instrument.id, skill: 'medium', brand: null, model: null }] },
    });
    expect(skills.status(), await skills.text()).toBe(200);
    // Under 13: no social call at all, a city included.
    const refused = await request.put('/api/v2/me/profile', {
      headers: kidApi!.headers,
      data: { country: null, cityId: null, biography: null, publicProfile: true, socialLinks: [], musicStyles: [] },
    });
    expect(refused.status()).toBe(403);

    const anaBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    const benBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    const kidBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      const page = anaBrowser.page;
      await test.step('Ana sees Ben around her with the delay to him, never the far one nor the child', async () => {
        await logInViaUi(page, ana, { lang });
        const around = aroundOf(page, lang);
        await expect(around.getByRole('heading', { name: w.around })).toBeVisible();
        const benCard = around.getByRole('listitem').filter({ has: page.getByRole('link', { name: ben.username }) });
        await expect(benCard).toBeVisible({ timeout: 20_000 });
        await expect(benCard.getByText(/^≈ \d+ ms$/)).toBeVisible();
        await expect(benCard.getByText(/Gen[eè]v/)).toBeVisible();
        await expect(benCard.getByText(instrument.name[lang], { exact: true })).toBeVisible();
        await expect(benCard.getByRole('button', { name: w.follow(ben.username) })).toBeVisible();
        await expect(around.getByRole('link', { name: far.username })).toHaveCount(0);
        await expect(around.getByRole('link', { name: kid.username })).toHaveCount(0);
        await expectAccessible(page, `hall with musicians around (${lang})`);
        await screenshotAtWidths(page, 'community-around', lang);
        // Following him takes him off the suggestions; the block below removes that follow, for good.
        await benCard.getByRole('button', { name: w.follow(ben.username) }).click();
        await expect(around.getByRole('link', { name: ben.username })).toHaveCount(0);
      });

      await test.step('the child has no section on their own hall, and the hall asks nothing social', async () => {
        const suggestionsAsked: string[] = [];
        kidBrowser.page.on('request', (r) => {
          if (r.url().includes('/api/v1/me/follows/suggestions')) suggestionsAsked.push(r.url());
        });
        await logInViaUi(kidBrowser.page, kid, { lang });
        await kidBrowser.page.waitForLoadState('networkidle');
        await expect(kidBrowser.page.getByRole('heading', { name: WORDS[lang].hello(kid.username) })).toBeVisible();
        await expect(aroundOf(kidBrowser.page, lang)).toHaveCount(0);
        expect(suggestionsAsked).toEqual([]);
      });

      await test.step('the far musician is told nobody is close enough, and offered the search', async () => {
        const farBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
        try {
          await logInViaUi(farBrowser.page, far, { lang });
          const around = aroundOf(farBrowser.page, lang);
          await expect(around.getByText(w.nobody)).toBeVisible({ timeout: 20_000 });
          await expect(around.getByRole('link', { name: w.search })).toHaveAttribute('href', '/search');
          await screenshotAtWidths(farBrowser.page, 'community-around-nobody', lang);
        } finally {
          await farBrowser.context.close();
        }
      });

      const benPage = benBrowser.page;
      await test.step('Ben’s open hall drops Ana as soon as she blocks him, without a reload', async () => {
        await logInViaUi(benPage, ben, { lang });
        const around = aroundOf(benPage, lang);
        await expect(around.getByRole('link', { name: ana.username })).toBeVisible({ timeout: 20_000 });
        // A mark on this very document: a reload would wipe it.
        await benPage.evaluate(() => Object.assign(window, { __sameDocument: true }));
        await call(request, anaApi!, 'POST', `v1/me/blocked/${ben.id}`);
        await expect(around.getByRole('link', { name: ana.username })).toHaveCount(0, { timeout: 15_000 });
        expect(await benPage.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
        // And Ana no longer sees Ben around her either (after her own page reloads its lists).
        await page.reload();
        await expect(aroundOf(page, lang).getByRole('heading', { name: w.around })).toBeVisible();
        await expect(aroundOf(page, lang).getByRole('link', { name: ben.username })).toHaveCount(0);
      });

      await test.step('Ana unblocks Ben from her preferences, and he is around her again', async () => {
        await page.goto('/me/preferences');
        await page.getByRole('tab', { name: w.blockedTab }).click();
        await expect(page).toHaveURL(/tab=blocked/);
        const row = page.getByRole('listitem').filter({ hasText: ben.username });
        await expect(row).toBeVisible();
        await expectAccessible(page, `blocked musicians tab (${lang})`);
        await screenshotAtWidths(page, 'community-blocked-tab', lang);
        await row.getByRole('button', { name: w.unblock(ben.username) }).click();
        await expect(page.getByText(w.unblocked(ben.username))).toBeVisible();
        await expect(page.getByText(w.stayRemoved)).toBeVisible();
        await expect(page.getByText(w.empty)).toBeVisible();
        await screenshotAtWidths(page, 'community-blocked-tab-empty', lang);

        await page.goto('/studio/hall');
        const benCard = aroundOf(page, lang)
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: ben.username }) });
        await expect(benCard).toBeVisible({ timeout: 20_000 });
        // The follow the block removed stays removed.
        await expect(benCard.getByRole('button', { name: w.follow(ben.username) })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
        // And Ana is back on Ben's hall, still without a reload.
        await expect(aroundOf(benPage, lang).getByRole('link', { name: ana.username })).toBeVisible({
          timeout: 15_000,
        });
      });
    } finally {
      await Promise.all([anaBrowser, benBrowser, kidBrowser].map((b) => b.context.close()));
    }
  });
}
