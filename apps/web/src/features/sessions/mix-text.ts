import type { TFunction } from 'i18next';

/** "25 % right", "25 % left", "Centre": where a slot sits, in the reader's words (also the slider's aria-valuetext). */
export function panText(t: TFunction<'sessions'>, pan: number): string {
  if (pan === 0) return t('manager.centre');
  return t(pan < 0 ? 'manager.panLeft' : 'manager.panRight', { percent: Math.abs(pan) });
}

/** "80 %": a fader's level. */
export const levelText = (t: TFunction<'sessions'>, volume: number): string => t('manager.level', { percent: volume });

/**
 * French elides "de" before a vowel or a mute h ("Volume d’Alice", "Volume de Bob"): the translations take the name
 * with its preposition as `ofName`. English ignores it.
 */
export function ofName(language: string, name: string): string {
  if (language !== 'fr') return name;
  return /^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`;
}
