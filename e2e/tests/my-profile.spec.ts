import { expect, test, type Page } from '@playwright/test';
import { confirmViaApi, createConfirmedUser, newUser, signInViaApi, signUpViaApi, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { photo, uploadPicture as uploadWith, type PictureWords } from '../support/pictures.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, pick } from '../support/ui.ts';

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shoot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name, lang);
}

/** The /me page's words (apps/web/src/locales/<lang>/profile.json) and the reference names it shows. */
const W = {
  en: {
    title: 'My profile',
    edit: 'Edit profile',
    editHeading: 'Edit my profile',
    choose: 'Choose a picture',
    profilePicture: 'Profile picture',
    cover: 'Cover picture',
    apply: 'Use this picture',
    zoom: 'Zoom',
    savedProfilePicture: 'Your profile picture has been changed.',
    savedCover: 'Your cover picture has been changed.',
    country: 'Country',
    germany: 'Germany',
    city: 'City',
    lyon: 'Lyon, Auvergne-Rhône-Alpes, France',
    fromCity: 'Set by the city: France.',
    biography: 'Biography',
    bio: 'Blues guitarist from Lyon, looking for a rhythm section.',
    publicProfile: 'Public profile',
    privateProfile: 'Private profile',
    news: 'Receive news by email',
    addInstrument: 'Add an instrument',
    instrument: 'Instrument',
    guitar: 'Electric guitar',
    skill: 'Skill level',
    expert: 'Expert',
    brand: 'Brand (optional)',
    model: 'Model (optional)',
    styles: 'Music styles',
    addLink: 'Add a link',
    network: 'Network',
    url: 'Web address',
    invalidUrl: 'Enter a web address starting with https://.',
    save: 'Save',
    saved: 'Your profile has been saved.',
    followers: '0 followers',
    underAge: 'Your musician profile opens at 13',
    userMenu: 'User menu',
  },
  fr: {
    title: 'Mon profil',
    edit: 'Modifier le profil',
    editHeading: 'Modifier mon profil',
    choose: 'Choisir une photo',
    profilePicture: 'Photo de profil',
    cover: 'Photo de couverture',
    apply: 'Utiliser cette photo',
    zoom: 'Zoom',
    savedProfilePicture: 'Votre photo de profil a été changée.',
    savedCover: 'Votre photo de couverture a été changée.',
    country: 'Pays',
    germany: 'Allemagne',
    city: 'Ville',
    lyon: 'Lyon, Auvergne-Rhône-Alpes, France',
    fromCity: 'Fixé par la ville : France.',
    biography: 'Biographie',
    bio: 'Guitariste de blues à Lyon, cherche une section rythmique.',
    publicProfile: 'Profil public',
    privateProfile: 'Profil privé',
    news: 'Recevoir les actualités par e-mail',
    addInstrument: 'Ajouter un instrument',
    instrument: 'Instrument',
    guitar: 'Guitare électrique',
    skill: 'Niveau',
    expert: 'Expert',
    brand: 'Marque (facultatif)',
    model: 'Modèle (facultatif)',
    styles: 'Styles musicaux',
    addLink: 'Ajouter un lien',
    network: 'Réseau',
    url: 'Adresse web',
    invalidUrl: 'Saisissez une adresse web commençant par https://.',
    save: 'Enregistrer',
    saved: 'Votre profil a été enregistré.',
    followers: '0 abonné',
    underAge: 'Votre profil de musicien ouvre à 13 ans',
    userMenu: 'Menu utilisateur',
  },
} as const;

const uploadPicture = (page: Page, lang: Lang, which: 'profile' | 'cover', file: Buffer): Promise<void> =>
  uploadWith(page, W[lang] satisfies PictureWords, which, file);

for (const lang of ['en', 'fr'] as const) {
  test(`a musician fills in their profile, pictures included, and keeps it (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    const user = await createConfirmedUser(request, { prefix: `mp${lang}`, locale: lang });
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(page, user, { lang });

    await page.goto('/me');
    await expect(page).toHaveTitle(`${w.title} | Tutti`);
    await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(page.getByText(w.followers)).toBeVisible();
    const headerAvatar = page.getByRole('button', { name: w.userMenu }).locator('img');
    const defaultAvatar = await headerAvatar.getAttribute('src');
    expect(defaultAvatar).toMatch(/^data:/);

    // Edit mode lives in the URL: a reload keeps it.
    await page.getByRole('link', { name: w.edit }).click();
    await expect(page).toHaveURL(/\/me\?edit=1$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: w.editHeading })).toBeVisible();

    // Pictures: each cropped to its ratio and sent at once; the header's avatar follows without a reload.
    await uploadPicture(page, lang, 'profile', await photo(900, 700, '#7048e8', '#12b886'));
    await expect(headerAvatar).not.toHaveAttribute('src', defaultAvatar!);
    await uploadPicture(page, lang, 'cover', await photo(1600, 900, '#f59f00', '#e64980'));

    // A country, then a city picked as it is typed: the city's country wins.
    await pick(
      page,
      page.getByRole('textbox', { name: w.country }).or(page.getByRole('combobox', { name: w.country })),
      w.germany.slice(0, 4),
      w.germany,
    );
    const city = page.getByRole('textbox', { name: w.city }).or(page.getByRole('combobox', { name: w.city }));
    await city.fill('lyo');
    await page.getByRole('option', { name: w.lyon }).click();
    await expect(city).toHaveValue(w.lyon);
    await expect(page.getByText(w.fromCity)).toBeVisible();

    await page.getByRole('textbox', { name: w.biography }).fill(w.bio);
    await page.getByRole('switch', { name: w.news }).check({ force: true });

    await page.getByRole('button', { name: w.addInstrument }).click();
    await pick(page, page.getByRole('combobox', { name: w.instrument }).first(), w.guitar.slice(0, 6), w.guitar);
    await page.getByRole('combobox', { name: w.skill }).first().selectOption({ label: w.expert });
    await page.getByRole('textbox', { name: w.brand }).first().fill('Gibson');
    await page.getByRole('textbox', { name: w.model }).first().fill('ES-335');

    const styles = page.getByRole('textbox', { name: w.styles }).or(page.getByRole('combobox', { name: w.styles }));
    await pick(page, styles, 'Blu', 'Blues');
    await pick(page, styles, 'Jaz', 'Jazz');
    await page.keyboard.press('Escape');

    // A link the server refuses: its error shows on its row, and what was typed stays.
    await page.getByRole('button', { name: w.addLink }).click();
    await pick(page, page.getByRole('combobox', { name: w.network }).first(), 'You', 'YouTube');
    const url = page.getByRole('textbox', { name: w.url }).first();
    await url.fill('https://nowhere');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByText(w.invalidUrl)).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: w.biography })).toHaveValue(w.bio);
    await url.fill(`https://www.youtube.com/@${user.username}`);

    await expectAccessible(page, `my profile, edit mode (${lang})`);
    await shoot(page, 'my-profile-edit', lang);

    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/me$/);

    // Everything is kept across a reload.
    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByText(w.lyon)).toBeVisible();
    await expect(main.getByText(w.bio)).toBeVisible();
    await expect(main.getByText(w.guitar)).toBeVisible();
    await expect(main.getByText('Gibson ES-335')).toBeVisible();
    await expect(main.getByText('Blues', { exact: true })).toBeVisible();
    await expect(main.getByText('Jazz', { exact: true })).toBeVisible();
    const link = main.getByRole('link', { name: new RegExp(`youtube\\.com/@${user.username}`) });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(main.getByText(w.publicProfile)).toBeVisible();
    await expect(main.getByRole('img', { name: new RegExp(w.cover) })).toBeVisible();
    await expect(headerAvatar).not.toHaveAttribute('src', defaultAvatar!);
    await expectAccessible(page, `my profile (${lang})`);
    await shoot(page, 'my-profile-view', lang);

    // Private: another musician sees only the names, picture and verified flag.
    const other = await createConfirmedUser(request, { prefix: `mq${lang}` });
    const tokens = await signInViaApi(request, other, `serial-${other.username}`);
    const seen = async () =>
      (await (
        await request.get(`/api/v1/profiles/username/${user.username}`, {
          headers: { Authorization: `Bearer ${tokens.accessToken}` },
        })
      ).json()) as { restricted: boolean; city: unknown; biography: string | null };
    expect(await seen()).toMatchObject({ restricted: false, biography: w.bio });

    await page.getByRole('link', { name: w.edit }).click();
    await page.getByRole('switch', { name: new RegExp(w.publicProfile) }).uncheck({ force: true });
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    await expect(page.getByRole('main').getByText(w.privateProfile)).toBeVisible();
    expect(await seen()).toMatchObject({ restricted: true, city: null, biography: null });

    await context.close();
  });

  test(`a musician under 13 sees their account and when the profile opens, with no social call (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const w = W[lang];
    const child = newUser(`mc${lang}`);
    const year = new Date().getUTCFullYear() - 10;
    child.birthdate = `${year}-06-15`;
    await signUpViaApi(request, child, lang);
    await confirmViaApi(request, child);
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(page, child, { lang });

    const social: string[] = [];
    page.on('request', (r) => {
      if (
        /\/api\/(v1\/profiles|v2\/profiles|v2\/me\/profile|v1\/me\/music-skills|v1\/me\/follows|v2\/search)/.test(
          r.url(),
        )
      )
        social.push(r.url());
    });
    await page.goto('/me?edit=1');
    await expect(page.getByRole('heading', { level: 1, name: child.username })).toBeVisible();
    await expect(page.getByText(w.underAge)).toBeVisible();
    await expect(page.getByRole('link', { name: w.edit })).toHaveCount(0);
    await expect(page.getByRole('button', { name: w.edit })).toHaveCount(0);
    await expectAccessible(page, `my profile under 13 (${lang})`);
    await shoot(page, 'my-profile-under-13', lang);
    expect(social).toEqual([]);
    await context.close();
  });
}
