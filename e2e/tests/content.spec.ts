import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { frenchAdmin, lookAtAdminScreen } from '../support/admin.ts';
import { ADMIN, adminSession, gradientPng } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/** The content administration's and the hall's words (apps/web/src/locales/<lang>/admin.json, hall.json). */
const W = {
  en: {
    banners: 'Banners',
    addBanner: 'Add a banner',
    newBanner: 'New banner',
    rank: 'Rank',
    link: 'Link',
    altEn: 'Alternative text (English)',
    altFr: 'Alternative text (French)',
    bannerAdded: 'The banner was added.',
    news: 'News',
    writeNews: 'Write a news item',
    newNews: 'New news item',
    titleEn: 'Title (English)',
    titleFr: 'Title (French)',
    bodyEn: 'Text (English)',
    bodyFr: 'Text (French)',
    createDraft: 'Create the draft',
    publish: 'Publish',
    published: 'Published',
  },
  fr: {
    banners: 'Bannières',
    addBanner: 'Ajouter une bannière',
    newBanner: 'Nouvelle bannière',
    rank: 'Rang',
    link: 'Lien',
    altEn: 'Texte alternatif (anglais)',
    altFr: 'Texte alternatif (français)',
    bannerAdded: 'La bannière a été ajoutée.',
    news: 'Actualités',
    writeNews: 'Rédiger une actualité',
    newNews: 'Nouvelle actualité',
    titleEn: 'Titre (anglais)',
    titleFr: 'Titre (français)',
    bodyEn: 'Texte (anglais)',
    bodyFr: 'Texte (français)',
    createDraft: 'Créer le brouillon',
    publish: 'Publier',
    published: 'Publié',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`an administrator adds a banner and a news item in both languages; a musician sees them in the hall (${lang})`, async ({
    browser,
    request,
  }) => {
    // Three screens checked with axe and shot at two widths, two browsers, on a busy 2-core machine.
    test.setTimeout(300_000);
    const w = W[lang];
    const stamp = Date.now().toString(36);
    const title = { en: `Summer jam ${stamp}`, fr: `Jam d’été ${stamp}` };
    const link = `/studio/sessions?from=banner-${lang}-${stamp}`;
    const alt = { en: `Summer rehearsal week ${stamp}`, fr: `Semaine de répétition d’été ${stamp}` };
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const admins = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    const page = admins.page;
    await logInViaUi(page, admin, { lang });

    // A banner with both images, a rank, an in-app link and its picture's alternative text in both languages.
    await page.goto('/admin/banners');
    await expect(page.getByRole('heading', { level: 1, name: w.banners })).toBeVisible();
    await page.getByRole('button', { name: w.addBanner }).click();
    const bannerDialog = page.getByRole('dialog', { name: w.newBanner });
    const files = bannerDialog.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: gradientPng(400, 200) });
    await files.nth(1).setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: gradientPng(800, 200) });
    await bannerDialog.getByRole('textbox', { name: w.rank }).fill('1');
    await bannerDialog.getByRole('textbox', { name: w.link }).fill(link);
    await bannerDialog.getByRole('textbox', { name: w.altEn }).fill(alt.en);
    await bannerDialog.getByRole('textbox', { name: w.altFr }).fill(alt.fr);
    await lookAtAdminScreen(page, 'admin-banner-form', lang, 'banner form');
    await bannerDialog.getByRole('button', { name: w.addBanner }).click();
    await expect(page.getByText(w.bannerAdded)).toBeVisible();
    await expect(page.getByRole('link', { name: link })).toBeVisible();
    await lookAtAdminScreen(page, 'admin-banners', lang, 'banners administration');

    // A news item in English and French, then published.
    await page.goto('/admin/news');
    await expect(page.getByRole('heading', { level: 1, name: w.news })).toBeVisible();
    await page.getByRole('button', { name: w.writeNews }).click();
    const newsDialog = page.getByRole('dialog', { name: w.newNews });
    await newsDialog.getByRole('textbox', { name: w.titleEn }).fill(title.en);
    await newsDialog.getByRole('textbox', { name: w.titleFr }).fill(title.fr);
    await newsDialog
      .getByRole('textbox', { name: w.bodyEn })
      .fill('Bring your **instrument**. [Sessions](/studio/sessions) <script>alert(1)</script>');
    await newsDialog.getByRole('textbox', { name: w.bodyFr }).fill('Apportez votre **instrument**.');
    await newsDialog.getByRole('button', { name: w.createDraft }).click();
    const row = page.getByRole('row').filter({ hasText: title[lang] });
    await row.getByRole('button', { name: w.publish, exact: true }).click();
    await expect(row.getByText(w.published, { exact: true })).toBeVisible();
    await lookAtAdminScreen(page, 'admin-news', lang, 'news administration');
    await admins.context.close();

    // A musician reading in this language sees both in the hall.
    const musician = await createConfirmedUser(request, { prefix: `content${lang}`, locale: lang });
    const { context, page: hall } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(hall, musician, { lang });
    const news = hall.getByRole('heading', { name: title[lang] });
    await news.scrollIntoViewIfNeeded();
    await expect(news).toBeVisible();
    await expect(hall.getByRole('heading', { name: title[lang === 'en' ? 'fr' : 'en'] })).toHaveCount(0);
    const article = hall.locator('article').filter({ has: news });
    await expect(article.locator('strong')).toHaveText('instrument');
    // Raw HTML is text, never an element.
    await expect(article.locator('script')).toHaveCount(0);
    // The banner's link is named by its picture's alternative text in the reader's language, not by its path.
    const banner = hall.getByRole('link', { name: alt[lang], exact: true });
    await banner.scrollIntoViewIfNeeded();
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('href', link);
    // The large image on a wide screen, the small one on a phone.
    const shown = () => banner.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.currentSrc);
    await expect.poll(shown).toMatch(/\/uploads\/banners\//);
    const wide = await shown();
    await hall.setViewportSize({ width: 390, height: 844 });
    await expect.poll(shown).not.toBe(wide);
    await hall.setViewportSize({ width: 1280, height: 900 });
    await lookAtAdminScreen(hall, 'hall-content', lang, 'hall with content');
    await banner.click();
    await expect(hall).toHaveURL(new RegExp(`/studio/sessions\\?from=banner-${lang}-${stamp}$`));
    await context.close();
  });
}
