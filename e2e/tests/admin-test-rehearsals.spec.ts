import { frenchAdmin, lookAtAdminScreen } from '../support/admin.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { ADMIN, adminSession, SESSION_WORDS, TESTER_DOMAIN } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/** The administration's words for these screens (apps/web/src/locales/<lang>/admin.json). */
const W = {
  en: {
    nav: 'Test rehearsals',
    create: 'New test rehearsal',
    name: 'Name',
    password: /^Password/,
    created: (name: string) => `“${name}” is open. Give its password to the testers.`,
    list: 'Open test rehearsals',
    endOf: (name: string) => `End the test rehearsal ${name}`,
    endTitle: (name: string) => `End “${name}”?`,
    end: 'End',
    ended: (name: string) => `“${name}” is ended.`,
    audioNav: 'Audio client',
    releases: 'Releases',
    reference: 'Reference version',
    makeOf: (v: string) => `Make ${v} the reference version`,
    makeTitle: (v: string) => `Make ${v} the reference version?`,
    older: (v: string, current: string) => `${v} is older than the current reference (${current})`,
    cancel: 'Cancel',
  },
  fr: {
    nav: 'Répétitions de test',
    create: 'Nouvelle répétition de test',
    name: 'Nom',
    password: /^Mot de passe/,
    created: (name: string) => `« ${name} » est ouverte. Donnez son mot de passe aux testeurs.`,
    list: 'Répétitions de test ouvertes',
    endOf: (name: string) => `Terminer la répétition de test ${name}`,
    endTitle: (name: string) => `Terminer « ${name} » ?`,
    end: 'Terminer',
    ended: (name: string) => `« ${name} » est terminée.`,
    audioNav: 'Client audio',
    releases: 'Versions publiées',
    reference: 'Version de référence',
    makeOf: (v: string) => `Faire de la ${v} la version de référence`,
    makeTitle: (v: string) => `Faire de la ${v} la version de référence ?`,
    older: (v: string, current: string) => `La ${v} est plus ancienne que la référence actuelle (${current})`,
    cancel: 'Annuler',
  },
} as const;
/** The seeded releases (apps/server/drizzle/0005_nals-versions-seed.sql): 0.11.0 is the reference. */
const REFERENCE = '0.11.0';
const OLDER = '0.10.2';

for (const lang of ['en', 'fr'] as const) {
  test(`the administrator opens a test rehearsal a tester joins, ends it, and reviews the audio client versions (${lang})`, async ({
    browser,
    page,
    request,
    nals,
  }) => {
    test.setTimeout(240_000);
    const w = W[lang];
    const s = SESSION_WORDS[lang];
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const boss = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(boss.page, admin, { lang });
    await boss.page.goto('/admin/dashboard');
    await boss.page.getByRole('link', { name: w.nav }).click();
    await expect(boss.page).toHaveURL(/\/admin\/test-rehearsals$/);

    // Opened from its dialog, with the password the testers get.
    const name = `Drill ${lang} ${Date.now().toString(36)}`;
    const password = 'tight-groove-64';
    await boss.page.getByRole('button', { name: w.create }).click();
    const dialog = boss.page.getByRole('dialog', { name: w.create });
    await dialog.getByRole('textbox', { name: w.name }).fill(name);
    await dialog.getByLabel(w.password).fill(password);
    await dialog.getByRole('button', { name: w.create }).click();
    await expect(boss.page.getByRole('status').filter({ hasText: w.created(name) })).toBeVisible();
    const row = boss.page.getByRole('region', { name: w.list }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('0 / 8');
    await lookAtAdminScreen(boss.page, 'admin-test-rehearsals', lang, 'test rehearsals');

    // A tester (TUTTI_MU), given the link and the password, joins; the administrator's list shows them playing.
    const listed = await request.get('/api/v1/test-rehearsal', { headers: (await adminSession(request)).headers });
    const session = ((await listed.json()) as { id: string; name: string }[]).find((r) => r.name === name);
    expect(session, `${name} listed`).toBeDefined();
    // The tester reads the page in the journey's language too (the `page` fixture's browser speaks English).
    const testerPage = lang === 'en' ? page : (await openBrowser(browser, { locale: BROWSER_LOCALE[lang] })).page;
    const tester = await musicianWithClient(testerPage, request, nals, {}, lang, {
      prefix: 'tess',
      domain: TESTER_DOMAIN,
    });
    await testerPage.goto(`/studio/test-rehearsal/${session?.id ?? ''}`);
    await testerPage.getByRole('main').getByLabel(w.password).fill(password);
    await testerPage.getByRole('button', { name: s.testJoin }).click();
    await expect(testerPage.getByRole('heading', { name: s.manager })).toBeVisible();
    await expectClient(tester.client, 'room link', (st) => st.connection?.phase, 'connected');
    await boss.page.reload();
    await expect(row).toContainText('1 / 8');
    await expect(row).toContainText(tester.user.username);

    // Ended after a confirmation: it leaves the list.
    await boss.page.getByRole('button', { name: w.endOf(name) }).click();
    await boss.page
      .getByRole('dialog', { name: w.endTitle(name) })
      .getByRole('button', { name: w.end, exact: true })
      .click();
    await expect(boss.page.getByRole('status').filter({ hasText: w.ended(name) })).toBeVisible();
    await expect(row).toHaveCount(0);
    // Its room is closed: the tester's audio client is out of it.
    await expectClient(tester.client, 'room link after the end', (st) => st.connection, null);

    // The audio client's releases: the reference marked; going back to an older one is warned about (and cancelled
    // here, since the journeys running beside this one read the reference version).
    await boss.page.getByRole('link', { name: w.audioNav }).click();
    await expect(boss.page).toHaveURL(/\/admin\/audio-client$/);
    const releases = boss.page.getByRole('region', { name: w.releases });
    await expect(releases.getByRole('row', { name: new RegExp(REFERENCE.replaceAll('.', '\\.')) })).toContainText(
      w.reference,
    );
    await releases.getByRole('button', { name: w.makeOf(OLDER) }).click();
    const confirm = boss.page.getByRole('dialog', { name: w.makeTitle(OLDER) });
    await expect(confirm).toContainText(w.older(OLDER, REFERENCE));
    await lookAtAdminScreen(boss.page, 'admin-audio-client-confirm', lang, 'audio client version confirmation');
    await confirm.getByRole('button', { name: w.cancel }).click();
    await expect(confirm).toHaveCount(0);
    await lookAtAdminScreen(boss.page, 'admin-audio-client', lang, 'audio client versions');
    await boss.context.close();
    if (testerPage !== page) await testerPage.context().close();
  });
}
