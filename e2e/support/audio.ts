import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer, signInViaApi, type Lang, type TestUser } from './api.ts';

/** The audio client's fixed wording (issue 3 brief), per language, for the names the journeys click on. */
export const AUDIO_WORDS = {
  en: {
    menu: 'Audio configuration',
    status: {
      connected: 'Audio client: connected',
      disconnected: 'Audio client: disconnected',
      error: 'Audio client: error',
    },
    start: 'Start',
    configure: 'Configure',
    logs: 'Logs',
    download: 'Download',
    configTitle: 'Audio configuration',
    effects: 'Effects',
    logsTitle: 'Audio client logs',
    noError: 'No NALS error',
    upgradeAvailable: 'A new version of the audio client is available',
    upgrade: 'Upgrade',
    restore: 'Restore the previous version',
    notInstalled: 'Audio client not installed',
    downloadClient: 'Download the audio client',
    selfcheckStart: 'Start the self-check',
    roundTrip: /Round trip: [\d.,]+\s?ms/,
    selfcheckAgain: 'Run it again',
    // The emulator's echo room is on this machine: a round trip of a few milliseconds.
    verdictExcellent: 'Excellent',
    verdictTooHigh: 'Too high for tight playing',
  },
  fr: {
    menu: 'Configuration audio',
    status: {
      connected: 'Client audio : connecté',
      disconnected: 'Client audio : déconnecté',
      error: 'Client audio : erreur',
    },
    start: 'Démarrer',
    configure: 'Configurer',
    logs: 'Journal',
    download: 'Télécharger',
    configTitle: 'Configuration audio',
    effects: 'Effets',
    logsTitle: 'Journal du client audio',
    noError: 'Aucune erreur NALS',
    upgradeAvailable: 'Une nouvelle version du client audio est disponible',
    upgrade: 'Mettre à jour',
    restore: 'Restaurer la version précédente',
    notInstalled: 'Client audio non installé',
    downloadClient: 'Télécharger le client audio',
    selfcheckStart: 'Lancer l’autodiagnostic',
    // French puts a (narrow) no-break space before the colon; the figure uses a decimal comma.
    roundTrip: /Aller-retour\s?: [\d.,]+\s?ms/,
    selfcheckAgain: 'Le relancer',
    verdictExcellent: 'Excellent',
    verdictTooHigh: 'Trop élevé pour jouer en place',
  },
} as const;

export type AudioStatus = keyof (typeof AUDIO_WORDS)['en']['status'];

/** The account's audio client token, read as the web reads it (GET v1/me), through a session of its own. */
export async function nalsTokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const serial = `e2e-nals-${user.username}`;
  const tokens = await signInViaApi(request, user, serial);
  const res = await request.get('/api/v1/me', { headers: bearer(tokens.accessToken, serial) });
  expect(res.status(), await res.text()).toBe(200);
  const { nalsToken } = (await res.json()) as { nalsToken: string };
  expect(nalsToken).toMatch(/^[A-Za-z0-9_-]+$/);
  return nalsToken;
}

/**
 * Stands in for the operating system's handler of `nals://` links: the page's launch link is recorded (read it with
 * `launchLinks`) and goes nowhere, as when no audio client is installed. Headless Chromium would otherwise hand it
 * to an external-protocol prompt nobody can see, which swallows every later click and key press of the test.
 */
export async function interceptLaunchLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const links: string[] = [];
    Object.assign(window, { __nalsLaunchLinks: links });
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.protocol === 'nals:') links.push(this.href);
      else click.call(this);
    };
  });
}

export async function launchLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __nalsLaunchLinks?: string[] }).__nalsLaunchLinks ?? []);
}

/** The header's status icon, found by the name it has in this status. */
export function statusIcon(page: Page, status: AudioStatus, lang: Lang = 'en'): Locator {
  return page.getByRole('banner').getByRole('img', { name: AUDIO_WORDS[lang].status[status], exact: true });
}

/** The client's hello reached the page: the header says connected (the broker link can take a few seconds on CI). */
export async function expectStatus(page: Page, status: AudioStatus, lang: Lang = 'en'): Promise<void> {
  await expect(statusIcon(page, status, lang)).toBeVisible({ timeout: 20_000 });
}

export async function openAudioMenu(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.getByRole('button', { name: AUDIO_WORDS[lang].menu, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function chooseAudioMenuItem(page: Page, item: string | RegExp, lang: Lang = 'en'): Promise<void> {
  await openAudioMenu(page, lang);
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens Audio configuration > Configure and returns the dialog, once the client's settings are in it. */
export async function openConfiguration(page: Page, lang: Lang = 'en'): Promise<Locator> {
  const w = AUDIO_WORDS[lang];
  await chooseAudioMenuItem(page, w.configure, lang);
  const dialog = page.getByRole('dialog', { name: w.configTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox').first()).toBeVisible({ timeout: 15_000 });
  return dialog;
}

export async function openLogs(page: Page, lang: Lang = 'en'): Promise<Locator> {
  const w = AUDIO_WORDS[lang];
  await chooseAudioMenuItem(page, new RegExp(`^${w.logs}`), lang);
  const dialog = page.getByRole('dialog', { name: w.logsTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types a value in one of the dialog's number fields and sends it at once (Enter), as a person finishing would. */
export async function typeNumber(scope: Locator, label: string, value: number | string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(String(value));
  await field.press('Enter');
}
