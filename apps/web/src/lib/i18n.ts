import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@tutti/contract/common';
import { DEFAULT_LOCALE, isLocale } from './language';
import type enFirstPage from '../locales/en/first-page';
import type enMe from '../locales/en/me.json';
import type enHall from '../locales/en/hall.json';
import type enTutorial from '../locales/en/tutorial.json';
import type enNals from '../locales/en/nals.json';
import type enSessions from '../locales/en/sessions.json';
import type enCommunity from '../locales/en/community.json';
import type enProfile from '../locales/en/profile.json';
import type enSubscriptions from '../locales/en/subscriptions.json';
import type enSubscriptionsAdmin from '../locales/en/subscriptions-admin.json';
import type enAdmin from '../locales/en/admin.json';
import type enMessages from '../locales/en/messages.json';

export const NAMESPACES = ['common', 'auth'] as const;

/** The first page's namespaces, as each language's chunk holds them (locales/<lang>/first-page.ts). */
export type FirstPageResources = typeof enFirstPage;

/**
 * One chunk per language: a page downloads its reader's language only (the login page's budget of 180 KB of
 * JavaScript, issue 14). Loaded before the first render (main.tsx) and before a change of language.
 */
const FIRST_PAGE_BUNDLES: Record<Locale, () => Promise<{ default: FirstPageResources }>> = {
  en: () => import('../locales/en/first-page'),
  fr: () => import('../locales/fr/first-page'),
};
const loadedLanguages = new Set<Locale>();

/** Adds a language's first-page namespaces, already at hand (the tests register both languages this way). */
export function registerLanguage(locale: Locale, bundle: FirstPageResources): void {
  loadedLanguages.add(locale);
  for (const [ns, resources] of Object.entries(bundle)) {
    if (i18n.isInitialized) i18n.addResourceBundle(locale, ns, resources, true, true);
    else pendingBundles.push([locale, ns, resources]);
  }
}

/** Fetches a language's first-page namespaces once. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (loadedLanguages.has(locale)) return;
  registerLanguage(locale, (await FIRST_PAGE_BUNDLES[locale]()).default);
}

/**
 * Namespaces that ship with their feature's code rather than with the first page (the login page's budget):
 * typed here from the English files, added at run time by `addTranslations`.
 */
export interface LazyResources {
  me: typeof enMe;
  tutorial: typeof enTutorial;
  hall: typeof enHall;
  nals: typeof enNals;
  sessions: typeof enSessions;
  community: typeof enCommunity;
  profile: typeof enProfile;
  subscriptions: typeof enSubscriptions;
  subscriptionsAdmin: typeof enSubscriptionsAdmin;
  admin: typeof enAdmin;
  messages: typeof enMessages;
}
type LazyNamespace = keyof LazyResources;

const pendingBundles: [Locale, string, object][] = [];

/** Adds a feature's translations, in every language; before i18next starts, they wait for it. */
export function addTranslations<N extends LazyNamespace>(ns: N, bundles: Record<Locale, LazyResources[N]>): void {
  for (const [locale, bundle] of Object.entries(bundles) as [Locale, object][]) {
    if (i18n.isInitialized) i18n.addResourceBundle(locale, ns, bundle, true, true);
    else pendingBundles.push([locale, ns, bundle]);
  }
}

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Synchronous, with the languages loaded so far (`loadLanguage` first, so the first render speaks the right one). */
export function initI18n(locale: Locale): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: ['en', 'fr'],
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    for (const [locale, ns, bundle] of pendingBundles.splice(0)) i18n.addResourceBundle(locale, ns, bundle, true, true);
  } else {
    void i18n.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
  return i18n;
}

export async function changeLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

export function currentLanguage(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export { i18n };
