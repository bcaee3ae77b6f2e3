import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Lang, TestUser } from './api.ts';
import { BASE_URL, VIEWPORTS, type Width } from './env.ts';

/** The fixed wording the web promises (SPEC + brief), per language, for the names the journeys click on. */
export const WORDS = {
  en: {
    logIn: 'Log in',
    email: 'Email',
    password: 'Password',
    userMenu: 'User menu',
    preferences: 'Preferences',
    signOut: 'Sign out',
    hello: (name: string) => `Hello, ${name}`,
    pageNotFound: 'Page not found',
    backToHall: 'Back to the hall',
  },
  fr: {
    logIn: 'Se connecter',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    userMenu: 'Menu utilisateur',
    preferences: 'Préférences',
    signOut: 'Se déconnecter',
    hello: (name: string) => `Bonjour, ${name}`,
    pageNotFound: 'Page introuvable',
    backToHall: 'Retour à l’accueil',
  },
} as const;

export const BROWSER_LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser profile (own storage, own device serial), as a second browser or a second person would have. */
export async function openBrowser(
  browser: Browser,
  opts: { locale?: string; width?: Width; timezoneId?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: opts.locale ?? 'en-US',
    viewport: VIEWPORTS[opts.width ?? 1280],
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the login form already on screen and waits for the page the app sends the user to. */
export async function submitLogin(page: Page, user: Pick<TestUser, 'email' | 'password'>, lang: Lang = 'en') {
  const w = WORDS[lang];
  await page.getByLabel(w.email, { exact: true }).fill(user.email);
  await page.getByLabel(w.password, { exact: true }).fill(user.password);
  await page.getByRole('main').getByRole('button', { name: w.logIn, exact: true }).click();
}

/** Signs in through the login page and waits for the hall's greeting. */
export async function logInViaUi(page: Page, user: TestUser, opts: { lang?: Lang; name?: string } = {}) {
  const lang = opts.lang ?? 'en';
  await page.goto('/users/login');
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth') && r.request().method() === 'POST');
  await submitLogin(page, user, lang);
  // The answer first, so a refusal reads as one (its code) rather than as a page that did not move; on a loaded
  // machine the argon2 check and the hall's first paint can take longer than the default 10 s.
  const answer = await signedIn;
  if (answer.status() !== 200) throw new Error(`sign-in of ${user.email}: ${answer.status()} ${await answer.text()}`);
  await expect(page).toHaveURL(/\/studio\/hall$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: WORDS[lang].hello(opts.name ?? user.username) })).toBeVisible();
}

export async function openUserMenuItem(page: Page, item: string, lang: Lang = 'en'): Promise<void> {
  await page.getByRole('button', { name: WORDS[lang].userMenu }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function signOutViaUi(page: Page, lang: Lang = 'en'): Promise<void> {
  await openUserMenuItem(page, WORDS[lang].signOut, lang);
  await expect(page).toHaveURL(/\/users\/login$/);
}

/** Picks an option of a labelled select, whether the web renders a native <select> or a combobox with a listbox. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  const tag = await field.evaluate((el) => el.tagName);
  if (tag === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What the web keeps in localStorage: keys from the spec (refresh_token, device_serial), values raw or JSON. */
export async function readStoredKey(page: Page, key: string): Promise<string> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  if (raw === null) throw new Error(`localStorage has no ${key}`);
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}

/** Picks an option of a Mantine combobox by typing part of its name. */
export async function pick(
  page: Page,
  field: ReturnType<Page['getByRole']>,
  typed: string,
  option: string,
): Promise<void> {
  await field.click();
  await field.pressSequentially(typed, { delay: 40 });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  await choice.click();
}
