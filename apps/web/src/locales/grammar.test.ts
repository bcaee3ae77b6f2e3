import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, i18n } from '../lib/i18n';
import { named } from '../lib/elision';
// The namespaces whose texts count or name, registered as their features register them.
import '../features/admin/translations';
import '../features/community/translations';
import '../features/messages/translations';
import '../features/nals/translations';
import '../features/sessions/translations';

/** A text as i18next renders it from the shipped resources, in a language. */
const say = (lng: 'en' | 'fr', key: string, options: Record<string, unknown>): string =>
  // The keys are listed as plain strings here: the test walks several namespaces' texts by name.
  i18n.t(key as 'loading', { lng, ...options } as { lng: 'en' });

// Plurals and elision go through i18next's own rules (plural suffixes, `_vowel` context), never joined by hand (issue 29).
describe('French grammar through the real resources', () => {
  beforeAll(() => void initI18n('fr'));

  it.each<[string, Record<string, unknown>, string, string]>([
    ['sessions:common.playersOf', { count: 1, max: 4 }, '1 musicien sur 4', '1 of 4 players'],
    ['sessions:common.playersOf', { count: 3, max: 4 }, '3 musiciens sur 4', '3 of 4 players'],
    [
      'admin:dashboard.chartSummary',
      { count: 1, max: 1 },
      '1 inscription en 90 jours, au plus 1 en un jour.',
      '1 sign-up in 90 days, at most 1 in a day.',
    ],
    [
      'admin:account.syncDone',
      { customer: 'cus_1', count: 1 },
      'Synchronisé : client cus_1, 1 carte.',
      'Synced: customer cus_1, 1 card.',
    ],
    [
      'admin:account.syncDone',
      { customer: 'cus_1', count: 2 },
      'Synchronisé : client cus_1, 2 cartes.',
      'Synced: customer cus_1, 2 cards.',
    ],
    ['admin:rooms.loadOf', { load: 0, count: 1 }, '0 / 1 musicien', '0 / 1 player'],
    ['nals:config.frames', { count: 1 }, '1 trame', '1 frame'],
    [
      'sessions:manager.qualityChart',
      { count: 1 },
      'Aller-retour du dernier ping, en millisecondes',
      'Round trip of the last ping, in milliseconds',
    ],
  ])('%s %o', (key, options, fr, en) => {
    expect(say('fr', key, options)).toBe(fr);
    expect(say('en', key, options)).toBe(en);
  });

  it.each<[string, string, string, string]>([
    [
      'messages:toast.from',
      'alicecooper',
      'Nouveau message d’alicecooper : Salut',
      'New message from alicecooper: Salut',
    ],
    ['messages:toast.from', 'bob', 'Nouveau message de bob : Salut', 'New message from bob: Salut'],
    ['messages:toast.from', 'Élodie', 'Nouveau message d’Élodie : Salut', 'New message from Élodie: Salut'],
    ['common:avatarAlt', 'Hugo', 'Photo de profil d’Hugo', 'Profile picture of Hugo'],
    ['community:followers.title', 'ana', 'Abonnés d’ana', 'ana’s followers'],
    ['messages:thread.toProfile', 'Ines', 'Voir le profil d’Ines', 'See Ines’s profile'],
  ])('%s elides before %s', (key, name, fr, en) => {
    expect(say('fr', key, { ...named(name), text: 'Salut' })).toBe(fr);
    expect(say('en', key, { ...named(name), text: 'Salut' })).toBe(en);
  });
});
