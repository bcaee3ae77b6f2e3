import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render';
import { setCurrentUser } from '../../../../lib/session';
import { json } from '../../../sessions/test-fixtures';
import { me, sampleProfile, stubServer } from '../test-fixtures';
import { MyProfilePage } from './my-profile-page';

const bodyOf = (calls: ReturnType<typeof stubServer>['calls'], method: string, path: string) =>
  calls.find((c) => c.method === method && c.path === path)?.body;

// Typing into Mantine's inputs is slow in happy-dom on a busy machine: the editing stories get more time.
describe('MyProfilePage', { timeout: 30_000 }, () => {
  beforeEach(() => setCurrentUser(me()));
  afterEach(() => {
    cleanup();
    setCurrentUser(null);
  });

  it('shows my profile: names, place, badges, counts, instruments, styles and links', async () => {
    stubServer();
    renderWithProviders(<MyProfilePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
    expect(screen.getByText('@ben')).toBeInTheDocument();
    expect(screen.getByText('Verified musician')).toBeInTheDocument();
    expect(await screen.findByText('Paris, Île-de-France, France')).toBeInTheDocument();
    expect(screen.getByText('Public profile')).toBeInTheDocument();
    expect(screen.getByText('3 followers')).toBeInTheDocument();
    expect(screen.getByText(/Follows 1 musician/)).toBeInTheDocument();
    expect(screen.getByText('Blues and soul since 2010.')).toBeInTheDocument();
    const instruments = screen.getByRole('region', { name: 'Instruments' });
    expect(await within(instruments).findByText('Guitar')).toBeInTheDocument();
    expect(within(instruments).getByText('Expert')).toBeInTheDocument();
    expect(within(instruments).getByText('Gibson ES-335')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Music styles' })).findByText('Blues')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Internet connection' })).getByText('Fiber')).toBeInTheDocument();
    const link = within(screen.getByRole('region', { name: 'Links' })).getByRole('link', {
      name: /youtube\.com\/@ben/,
    });
    expect(link).toHaveAttribute('href', 'https://youtube.com/@ben');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/?edit=1');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let fail = true;
    stubServer({
      'GET v1/profiles/username/ben': () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, sampleProfile()),
    });
    renderWithProviders(<MyProfilePage />);
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
  });

  it('saves the whole form with one Save: the profile and the instruments, then shows the profile', async () => {
    const { calls } = stubServer();
    renderWithProviders(<MyProfilePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit my profile' })).toBeInTheDocument();

    const bio = screen.getByRole('textbox', { name: 'Biography' });
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Jazz now');
    expect(screen.getByText('8 / 1000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Public profile/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Add an instrument' }));
    await userEvent.type(screen.getAllByRole('combobox', { name: 'Instrument' })[1]!, 'Dru{ArrowDown}{Enter}');
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Skill level' })[1]!, 'Intermediate');

    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    await userEvent.type(screen.getAllByRole('combobox', { name: 'Network' })[1]!, 'Insta{ArrowDown}{Enter}');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Web address' })[1]!, 'https://instagram.com/ben');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();

    expect(bodyOf(calls, 'PUT', 'v2/me/profile')).toEqual({
      country: 'FR',
      cityId: 2988507,
      biography: 'Jazz now',
      publicProfile: false,
      newsOptIn: false,
      socialLinks: [
        { network: 'youtube', url: 'https://youtube.com/@ben' },
        { network: 'instagram', url: 'https://instagram.com/ben' },
      ],
      musicStyles: ['blues'],
      connectionType: 'fiber',
    });
    expect(bodyOf(calls, 'PUT', 'v1/me/music-skills')).toEqual({
      instruments: [
        { instrument: 'guitar', skill: 'expert', brand: 'Gibson', model: 'ES-335' },
        { instrument: 'drums', skill: 'medium', brand: null, model: null },
      ],
    });
    // The switch is part of the signed-in user: it is reloaded for the header and the preferences.
    expect(calls.some((c) => c.method === 'GET' && c.path === 'v1/me')).toBe(true);
  });

  it('shows a refused address on its own row and keeps what was typed', async () => {
    stubServer({
      'PUT v2/me/profile': () =>
        json(400, {
          error: { code: 'VALIDATION_ERROR', message: 'no', fields: { 'socialLinks.1.url': 'invalid_url' } },
        }),
    });
    renderWithProviders(<MyProfilePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit profile' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add a link' }));
    await userEvent.type(screen.getAllByRole('combobox', { name: 'Network' })[1]!, 'Insta{ArrowDown}{Enter}');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Web address' })[1]!, 'https://nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Your profile was not saved/)).toBeInTheDocument();
    const urls = screen.getAllByRole('textbox', { name: 'Web address' });
    expect(urls[1]).toHaveAccessibleDescription(expect.stringContaining('Enter a web address starting with https://.'));
    expect(urls[1]).toHaveValue('https://nowhere');
    expect(urls[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit my profile' })).toBeInTheDocument();
  });

  it('asks for the instrument of a new row before asking the server', async () => {
    const { calls } = stubServer();
    renderWithProviders(<MyProfilePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit profile' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add an instrument' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose an instrument or remove this row.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps only a city picked from the list, by its id, and its country wins', async () => {
    const { calls } = stubServer();
    renderWithProviders(<MyProfilePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit profile' }));
    const city = await screen.findByRole('textbox', { name: 'City' });
    expect(city).toHaveValue('Paris, Île-de-France, France');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the city' }));
    expect(city).toHaveValue('');
    await userEvent.type(city, 'Ly');
    // The search runs once typing pauses; its answer is offered as "City, Region, Country".
    expect(
      await screen.findByRole('option', { name: 'Lyon, Auvergne-Rhône-Alpes, France', hidden: true }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(city).toHaveValue('Lyon, Auvergne-Rhône-Alpes, France');
    expect(screen.getByText('Set by the city: France.')).toBeInTheDocument();
    const search = calls.find((c) => c.path === 'v1/places/cities');
    expect(search).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been saved.');
    expect(bodyOf(calls, 'PUT', 'v2/me/profile')).toMatchObject({ cityId: 2996944, country: 'FR' });
  });

  it('sets the connection type from a select with a hint, and sends it with the profile', async () => {
    const { calls } = stubServer();
    renderWithProviders(<MyProfilePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit profile' }));
    const select = await screen.findByRole('combobox', { name: 'Connection' });
    expect(select).toHaveValue('fiber');
    expect(select).toHaveAccessibleDescription(expect.stringContaining('the self-check tailors its advice to it'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not set', 'Fiber', 'Broadband (DSL/cable)', 'Satellite', 'Other']);
    await userEvent.selectOptions(select, 'Satellite');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been saved.');
    expect(bodyOf(calls, 'PUT', 'v2/me/profile')).toMatchObject({ connectionType: 'satellite' });
  });

  it('in French: an unset connection says so, is cleared with “Non renseignée”, and a refusal shows on the select', async () => {
    stubServer({ 'GET v1/profiles/username/ben': () => json(200, sampleProfile({ connectionType: null })) });
    renderWithProviders(<MyProfilePage />, { locale: 'fr' });
    const section = await screen.findByRole('region', { name: 'Connexion Internet' });
    expect(within(section).getByText('Pas encore renseignée.')).toBeInTheDocument();
    cleanup();

    let refuse = true;
    const { calls } = stubServer({
      // Saving reloads the signed-in user, whose language wins.
      'GET v1/me': () => json(200, me({ locale: 'fr' })),
      'PUT v2/me/profile': () =>
        refuse
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'no', fields: { connectionType: 'invalid' } } })
          : json(200, sampleProfile({ connectionType: null })),
    });
    renderWithProviders(<MyProfilePage />, { locale: 'fr' });
    await userEvent.click(await screen.findByRole('link', { name: 'Modifier le profil' }));
    const select = await screen.findByRole('combobox', { name: 'Connexion' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Non renseignée', 'Fibre', 'Haut débit (ADSL/câble)', 'Satellite', 'Autre']);
    expect(select).toHaveAccessibleDescription(expect.stringContaining('l’autodiagnostic adapte ses conseils'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette valeur n’est pas valide.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await userEvent.selectOptions(select, 'Non renseignée');
    expect(select).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre profil a été enregistré.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT' && c.path === 'v2/me/profile').map((c) => c.body);
    expect(puts).toMatchObject([{ connectionType: 'fiber' }, { connectionType: null }]);
  });

  it('under 13: the account and a note, no edit button, and no social call', async () => {
    setCurrentUser(me({ eligibleToSocial: false, birthdate: '2020-01-01' }));
    const { calls } = stubServer();
    renderWithProviders(<MyProfilePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
    expect(screen.getByText('Your musician profile opens at 13')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit my preferences' })).toHaveAttribute('href', '/me/preferences');
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
