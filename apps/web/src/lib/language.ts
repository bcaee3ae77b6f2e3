import type { Locale } from '@tutti/contract/common';
import { LOCALES } from 'virtual:tutti-contract';

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The browser's preferred languages, in order: each one matched exactly, then by its base language
 * (fr-CA -> fr); nothing matching means English (spec section 1).
 */
export function matchLanguage(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (isLocale(lower)) return lower;
    const base = lower.split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
