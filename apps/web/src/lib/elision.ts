/**
 * French elides "de" and "le" before a vowel sound: "un message d’alicecooper", "la photo de profil d’Hugo", but
 * "de bob". The texts hold both forms through i18next's own context rule (`key` and `key_vowel`); this chooses the
 * context from the name, so no text is ever joined by hand (issue 29). Languages without a `_vowel` form fall back
 * to the plain key. A name starting with h is taken as a mute h, the common case for first names and nicknames.
 */
const VOWEL_SOUND = /^[aeiouhàâäéèêëîïôöùûüœæ]/i;

export type ElisionContext = 'vowel' | undefined;

export const elisionOf = (name: string): ElisionContext => (VOWEL_SOUND.test(name.trim()) ? 'vowel' : undefined);

/** The interpolation options for a text that names someone or something after a word French elides. */
export const named = (name: string): { name: string; context: ElisionContext } => ({ name, context: elisionOf(name) });
