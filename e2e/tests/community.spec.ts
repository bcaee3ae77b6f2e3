import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmViaApi, createConfirmedUser, newUser, signUpViaApi, type Lang, type TestUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf, type ApiSession } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

/** What the community screens say, per language (the names the journey clicks on and reads). */
const W = {
  en: {
    community: 'Community',
    searchMusicians: 'Search musicians',
    query: 'Name, username or city',
    instrument: 'Instrument',
    drums: 'Drums',
    guitar: 'Electric guitar',
    count: (n: number) => (n === 1 ? '1 musician' : `${n} musicians`),
    noResult: 'No musician matches this search.',
    follow: (name: string) => `Follow ${name}`,
    unfollow: (name: string) => `Stop following ${name}`,
    followers: (n: number) => (n === 1 ? '1 follower' : `${n} followers`),
    followersOf: (name: string) => `${name}’s followers`,
    more: (name: string) => `More actions for ${name}`,
    block: (name: string) => `Block ${name}`,
    blockTitle: (name: string) => `Block ${name}?`,
    blockConfirm: 'Block',
    blocked: (name: string) => `You blocked ${name}: you no longer see each other.`,
    underAge: 'The community opens at 13',
    close: 'Close',
  },
  fr: {
    community: 'Communauté',
    searchMusicians: 'Chercher des musiciens',
    query: 'Nom, nom d’utilisateur ou ville',
    instrument: 'Instrument',
    drums: 'Batterie',
    guitar: 'Guitare électrique',
    count: (n: number) => (n <= 1 ? `${n} musicien` : `${n} musiciens`),
    noResult: 'Aucun musicien ne correspond à cette recherche.',
    follow: (name: string) => `Suivre ${name}`,
    unfollow: (name: string) => `Ne plus suivre ${name}`,
    // French counts 0 and 1 in the singular.
    followers: (n: number) => (n <= 1 ? `${n} abonné` : `${n} abonnés`),
    followersOf: (name: string) => `Abonnés de ${name}`,
    more: (name: string) => `Plus d’actions pour ${name}`,
    block: (name: string) => `Bloquer ${name}`,
    blockTitle: (name: string) => `Bloquer ${name} ?`,
    blockConfirm: 'Bloquer',
    blocked: (name: string) => `Vous avez bloqué ${name} : vous ne vous voyez plus.`,
    underAge: 'La communauté est ouverte à partir de 13 ans',
    close: 'Fermer',
  },
} as const;

/** A city of the e2e server's sample, by name (the first answer of the autocomplete). */
async function cityId(request: APIRequestContext, api: ApiSession, q: string): Promise<number> {
  const res = await request.get(`/api/v1/places/cities?q=${encodeURIComponent(q)}`, { headers: api.headers });
  expect(res.status(), await res.text()).toBe(200);
  const [first] = (await res.json()) as { id: number; name: string }[];
  expect(first, `a city named ${q}`).toBeTruthy();
  return first!.id;
}

/** Gives a musician a city, a style and one instrument, through the API (the /me editor is another screen's). */
async function fillProfile(
  request: APIRequestContext,
  user: TestUser,
  city: string,
  instrument: string,
): Promise<ApiSession> {
  const api = await apiSessionOf(request, user);
  const profile = await request.put('/api/v2/me/profile', {
    headers: api.headers,
    data: {
      country: null,
      cityId: await cityId(request, api, city),
      biography: `Plays in ${city}.`,
      publicProfile: true,
      socialLinks: [],
      musicStyles: ['jazz'],
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const skills = await request.put('/api/v1/me/music-skills', {
    headers: api.headers,
    data: { instruments: [{ instrument, skill: 'expert', brand: null, model: null }] },
  });
  expect(skills.status(), await skills.text()).toBe(200);
  return api;
}

/** A confirmed musician of 11: rehearsals yes, community no. */
async function createChild(request: APIRequestContext, lang: Lang): Promise<TestUser> {
  const user = newUser(`kid${lang}`);
  const year = new Date().getUTCFullYear() - 11;
  user.birthdate = `${year}-03-01`;
  await signUpViaApi(request, user, lang);
  await confirmViaApi(request, user);
  return user;
}

async function search(page: Page, lang: Lang, q: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: W[lang].query });
  await box.fill(q);
  // The URL follows the box once typing pauses: the results on screen are this query's.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}`));
}

const results = (page: Page) => page.getByRole('region', { name: /^(Results|Résultats)$/ });

for (const lang of ['en', 'fr'] as const) {
  test(`community in ${lang}: search, profile, follow, block, and nothing for under-13s`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    const [ana, ben, kid] = await Promise.all([
      createConfirmedUser(request, { prefix: `ana${lang}`, locale: lang }),
      createConfirmedUser(request, { prefix: `ben${lang}`, locale: lang }),
      createChild(request, lang),
    ]);
    await Promise.all([
      fillProfile(request, ana, 'Paris', 'electric-guitar'),
      fillProfile(request, ben, 'Lyon', 'drums'),
    ]);
    // The child's social calls are refused, whatever the page does.
    const kidApi = await apiSessionOf(request, kid);
    const refused = await request.post('/api/v2/search', { headers: kidApi.headers, data: { p: 1, filters: {} } });
    expect(refused.status()).toBe(403);

    // ---- Ana: the Community menu, then search by name
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(page, ana, { lang });
    await page.getByRole('button', { name: w.community, exact: true }).click();
    await page.getByRole('menuitem', { name: w.searchMusicians }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page).toHaveTitle(`${w.searchMusicians} | Tutti`);

    await search(page, lang, ben.username);
    await expect(results(page).getByText(w.count(1))).toBeVisible();
    await expect(results(page).getByRole('link', { name: ben.username })).toBeVisible();
    await expectAccessible(page, `search with results (${lang})`);
    await screenshotAtWidths(page, 'community-search', lang);

    // ... by city (accents and case ignored), then narrowed by instrument
    await search(page, lang, 'LYON');
    await expect(results(page).getByRole('link', { name: ben.username })).toBeVisible();
    await page.getByRole('combobox', { name: w.instrument }).selectOption({ label: w.guitar });
    await expect(page).toHaveURL(/instrument=electric-guitar/);
    await expect(results(page).getByText(w.noResult)).toBeVisible();
    await expectAccessible(page, `search without result (${lang})`);
    await screenshotAtWidths(page, 'community-search-none', lang);
    await page.getByRole('combobox', { name: w.instrument }).selectOption({ label: w.drums });
    await expect(results(page).getByRole('link', { name: ben.username })).toBeVisible();
    // Reload keeps query and filter.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: w.query })).toHaveValue('LYON');
    await expect(results(page).getByRole('link', { name: ben.username })).toBeVisible();

    // The child is never found.
    await search(page, lang, kid.username);
    await expect(results(page).getByText(w.noResult)).toBeVisible();

    // ---- Ben's profile: delay from Ana, follow, followers
    await search(page, lang, ben.username);
    await results(page).getByRole('link', { name: ben.username }).click();
    await expect(page).toHaveURL(new RegExp(`/users/profiles/${ben.username}$`));
    await expect(page.getByRole('heading', { level: 1, name: ben.username })).toBeVisible();
    await expect(page.getByText(/^≈ \d+ ms$/)).toBeVisible();
    await expect(page.getByRole('button', { name: w.followers(0) })).toBeVisible();
    await page.getByRole('button', { name: w.follow(ben.username) }).click();
    await expect(page.getByRole('button', { name: w.unfollow(ben.username) })).toBeVisible();
    await expect(page.getByRole('button', { name: w.followers(1) })).toBeVisible();
    // The pointer leaves the button: axe reads the page at rest, not its hover colours.
    await page.mouse.move(0, 0);
    await expectAccessible(page, `profile (${lang})`);
    await screenshotAtWidths(page, 'community-profile', lang);

    await page.getByRole('button', { name: w.followers(1) }).click();
    const followers = page.getByRole('dialog', { name: w.followersOf(ben.username) });
    await expect(followers.getByRole('link', { name: ana.username })).toBeVisible();
    await expectAccessible(page, `followers (${lang})`);
    await followers.getByRole('button', { name: w.close }).click();
    await expect(followers).toBeHidden();

    // ---- Ana blocks Ben from the profile's menu
    await page.getByRole('button', { name: w.more(ben.username) }).click();
    await page.getByRole('menuitem', { name: w.block(ben.username) }).click();
    const confirm = page.getByRole('dialog', { name: w.blockTitle(ben.username) });
    await expect(confirm).toBeVisible();
    await screenshotAtWidths(page, 'community-block-confirm', lang);
    await confirm.getByRole('button', { name: w.blockConfirm, exact: true }).click();
    await expect(page.getByRole('heading', { name: w.blocked(ben.username) })).toBeVisible();
    // Ana no longer sees Ben either.
    await page.goto(`/users/profiles/${ben.username}`);
    await expect(page.getByRole('heading', { name: WORDS[lang].pageNotFound })).toBeVisible();

    // ---- Ben: Ana is gone from his search, her profile is not found
    const benBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(benBrowser.page, ben, { lang });
    await benBrowser.page.goto('/search');
    await search(benBrowser.page, lang, ana.username);
    await expect(results(benBrowser.page).getByText(w.noResult)).toBeVisible();
    await benBrowser.page.goto(`/users/profiles/${ana.username}`);
    await expect(benBrowser.page.getByRole('heading', { name: WORDS[lang].pageNotFound })).toBeVisible();
    await expect(benBrowser.page.getByText(ana.username)).toHaveCount(0);

    // ---- The child: no Community menu, and a clear page on /search
    const kidBrowser = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(kidBrowser.page, kid, { lang });
    await expect(kidBrowser.page.getByRole('button', { name: w.community, exact: true })).toHaveCount(0);
    await kidBrowser.page.goto('/search');
    await expect(kidBrowser.page.getByRole('heading', { name: w.underAge })).toBeVisible();
    await expect(kidBrowser.page).toHaveURL(/\/search$/);

    // Phones: the Community entries sit in the toggled menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search');
    await page.getByRole('button', { name: lang === 'en' ? 'Open the menu' : 'Ouvrir le menu' }).click();
    await expect(page.getByRole('link', { name: w.searchMusicians })).toBeVisible();

    await Promise.all([context.close(), benBrowser.context.close(), kidBrowser.context.close()]);
  });
}
