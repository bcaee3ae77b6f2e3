import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@tutti/contract/common';
import { DEFAULT_LOCALE, isLocale } from './language';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enMe from '../locales/en/me.json';
import enHall from '../locales/en/hall.json';
import frCommon from '../locales/fr/common.json';
import frAuth from '../locales/fr/auth.json';
import frMe from '../locales/fr/me.json';
import frHall from '../locales/fr/hall.json';
import type enNals from '../locales/en/nals.json';
import type enSessions from '../locales/en/sessions.json';
import type enCommunity from '../locales/en/community.json';
import type enProfile from '../locales/en/profile.json';
import type enSubscriptions from '../locales/en/subscriptions.json';
import type enSubscriptionsAdmin from '../locales/en/subscriptions-admin.json';
import type enAdmin from '../locales/en/admin.json';
import type enMessages from '../locales/en/messages.json';

export const NAMESPACES = ['common', 'auth', 'me', 'hall'] as const;

export const resources = {
  en: { common: enCommon, auth: enAuth, me: enMe, hall: enHall },
  fr: { common: frCommon, auth: frAuth, me: frMe, hall: frHall },
} as const;

/**
 * Namespaces that ship with their feature's code rather than with the first page (the login page's budget):
 * typed here from the English files, added at run time by `addTranslations`.
 */
export interface LazyResources {
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

const pendingBundles: [Locale, LazyNamespace, object][] = [];

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

/** Synchronous: the resources are bundled, so the first render already speaks the right language. */
export function initI18n(locale: Locale): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
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
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

export function currentLanguage(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export { i18n };
