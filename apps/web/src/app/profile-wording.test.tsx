import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@tutti/contract/common';
import { renderWithProviders } from '../../test/render';
import { MyProfilePage } from '../features/community/me/pages/my-profile-page';
import { me, stubServer } from '../features/community/me/test-fixtures';
import { renderSearchFilters } from '../features/community/search/test-render';
import { PreferencesTab } from '../features/me/components/preferences-tab';
import { json } from '../features/sessions/test-fixtures';
import { setCurrentUser } from '../lib/session';

/** GET v1/music-skills as the server's reference seed answers it (apps/server/drizzle/0001_reference-seed.sql). */
const SEEDED_SKILLS = [
  { id: 'all', rank: 0, name: { en: 'All levels', fr: 'Tous niveaux' } },
  { id: 'beginner', rank: 1, name: { en: 'Beginner', fr: 'Débutant' } },
  { id: 'medium', rank: 2, name: { en: 'Intermediate', fr: 'Intermédiaire' } },
  { id: 'expert', rank: 3, name: { en: 'Expert', fr: 'Expert' } },
];

const publicSwitchHint = (name: RegExp) =>
  screen
    .getByRole('switch', { name })
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

// One wording for a profile's visibility and one for skill levels, wherever they show (issue 29 point 4).
describe('profile wording', { timeout: 30_000 }, () => {
  beforeEach(() => setCurrentUser(me()));
  afterEach(() => {
    cleanup();
    setCurrentUser(null);
  });

  it.each<[Locale, RegExp, string]>([
    [
      'en',
      /^Public profile/,
      'When off, only musicians who follow you see your whole profile; the others see only your names, pictures and verified badge, and find you by name only.',
    ],
    [
      'fr',
      /^Profil public/,
      'Désactivé, seuls les musiciens qui vous suivent voient tout votre profil ; les autres ne voient que vos noms, vos photos et votre badge vérifié, et ne vous trouvent que par votre nom.',
    ],
  ])('explains a private profile the same way in the preferences and the editor (%s)', async (locale, name, hint) => {
    stubServer();
    renderWithProviders(<PreferencesTab user={me({ locale })} />, { locale });
    expect(publicSwitchHint(name)).toBe(hint);
    cleanup();

    renderWithProviders(<MyProfilePage />, { locale, route: '/me?edit=1' });
    await screen.findByRole('switch', { name });
    expect(publicSwitchHint(name)).toBe(hint);
  });

  it('names the skill levels in the editor as the search filter does', async () => {
    // The editor before the server's list arrives (here it never does): the texts say the server's words.
    stubServer();
    renderWithProviders(<MyProfilePage />, { route: '/me?edit=1' });
    const editorLevels = optionsOf(await screen.findByRole('combobox', { name: 'Skill level' }));
    expect(editorLevels).toEqual(['Beginner', 'Intermediate', 'Expert']);
    cleanup();

    stubServer({ 'GET v1/music-skills': () => json(200, SEEDED_SKILLS) });
    renderSearchFilters();
    const level = screen.getByRole('combobox', { name: 'Level' });
    await within(level).findByRole('option', { name: 'All levels' });
    expect(optionsOf(level)).toEqual(['All levels', ...editorLevels]);
  });

  it('names them in French the same way too', async () => {
    stubServer({ 'GET v1/music-skills': () => json(200, SEEDED_SKILLS) });
    renderWithProviders(<MyProfilePage />, { locale: 'fr', route: '/me?edit=1' });
    const select = await screen.findByRole('combobox', { name: 'Niveau' });
    expect(optionsOf(select)).toEqual(['Débutant', 'Intermédiaire', 'Expert']);
  });
});
