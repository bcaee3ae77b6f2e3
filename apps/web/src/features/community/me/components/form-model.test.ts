import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../../lib/i18n';
import '../translations';
import { me, sampleProfile } from '../test-fixtures';
import { bodiesOf, emptyInstrument, formErrorsOf, formValuesOf, validateRows } from './form-model';

describe('the profile form model', () => {
  const i18n = initI18n('en');
  const t = i18n.getFixedT('en', 'profile');
  const tc = i18n.getFixedT('en', 'common');

  it('gives back what it was given when nothing changed', () => {
    const values = formValuesOf(sampleProfile(), me({ newsOptIn: true }));
    expect(bodiesOf(values)).toEqual({
      profile: {
        country: 'FR',
        cityId: 2988507,
        biography: 'Blues and soul since 2010.',
        publicProfile: true,
        newsOptIn: true,
        socialLinks: [{ network: 'youtube', url: 'https://youtube.com/@ben' }],
        musicStyles: ['blues'],
        connectionType: 'fiber',
      },
      skills: { instruments: [{ instrument: 'guitar', skill: 'expert', brand: 'Gibson', model: 'ES-335' }] },
    });
  });

  it('lets a chosen city decide the country, and sends blanks as nulls', () => {
    const values = formValuesOf(sampleProfile({ city: null, country: null, biography: null }), me());
    values.country = 'DE';
    values.city = { id: 2996944, name: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' };
    values.biography = '   ';
    values.instruments[0]!.brand = ' ';
    const { profile, skills } = bodiesOf(values);
    expect(profile).toMatchObject({ country: 'FR', cityId: 2996944, biography: null });
    expect(skills.instruments[0]).toMatchObject({ brand: null, model: 'ES-335' });
  });

  it('refuses an instrument twice and a row left empty, on their own rows', () => {
    const values = formValuesOf(sampleProfile(), me());
    values.instruments.push({ ...emptyInstrument(), instrument: 'guitar' }, emptyInstrument());
    values.socialLinks.push({ key: 'x', network: null, url: '' });
    expect(validateRows(values, t)).toEqual({
      'instruments.1.instrument': 'This instrument is already in your list.',
      'instruments.2.instrument': 'Choose an instrument or remove this row.',
      'socialLinks.1.network': 'Choose a network and enter an address, or remove this row.',
      'socialLinks.1.url': 'Choose a network and enter an address, or remove this row.',
    });
  });

  it('puts the server’s field codes on the form’s fields', () => {
    expect(formErrorsOf({ 'socialLinks.2.url': 'invalid_url', cityId: 'unknown' }, tc)).toEqual({
      'socialLinks.2.url': 'Enter a web address starting with https://.',
      city: 'This choice is not in the list.',
    });
  });
});
