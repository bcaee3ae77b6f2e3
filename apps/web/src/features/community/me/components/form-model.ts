import type { TFunction } from 'i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { ConnectionType, Profile, ProfileCity, SkillLevel } from '@tutti/contract/community';
import type { FieldErrorCode } from '@tutti/contract/errors';
import { fieldErrorText } from '../../../../lib/error-text';
import type { ProfileSave } from '../api/my-profile';
import { CONNECTION_TYPES } from '../limits';

export interface LinkRow {
  key: string;
  network: string | null;
  url: string;
}

export interface InstrumentRow {
  key: string;
  instrument: string | null;
  skill: SkillLevel;
  brand: string;
  model: string;
}

/** The edit form's values: rows carry a key so React keeps each row's inputs while others come and go. */
export interface ProfileFormValues {
  country: string | null;
  city: ProfileCity | null;
  /** Null: not told. */
  connectionType: ConnectionType | null;
  biography: string;
  publicProfile: boolean;
  newsOptIn: boolean;
  socialLinks: LinkRow[];
  musicStyles: string[];
  instruments: InstrumentRow[];
}

let nextKey = 0;
export const rowKey = (): string => `row-${++nextKey}`;

export const emptyLink = (): LinkRow => ({ key: rowKey(), network: null, url: '' });
export const emptyInstrument = (): InstrumentRow => ({
  key: rowKey(),
  instrument: null,
  skill: 'beginner',
  brand: '',
  model: '',
});

/** The connection select's value ('' is "not set") as the form keeps it. */
export const connectionTypeOf = (value: string): ConnectionType | null =>
  CONNECTION_TYPES.find((c) => c === value) ?? null;

export function formValuesOf(profile: Profile, user: CurrentUser): ProfileFormValues {
  return {
    country: profile.city?.country ?? profile.country,
    city: profile.city,
    connectionType: profile.connectionType,
    biography: profile.biography ?? '',
    publicProfile: profile.publicProfile,
    newsOptIn: user.newsOptIn,
    socialLinks: profile.socialLinks.map((l) => ({ key: rowKey(), network: l.network, url: l.url })),
    musicStyles: [...profile.musicStyles],
    instruments: profile.instruments.map((i) => ({
      key: rowKey(),
      instrument: i.instrument,
      skill: i.skill,
      brand: i.brand ?? '',
      model: i.model ?? '',
    })),
  };
}

/** The two bodies of one Save. A chosen city's country wins (the server's rule too). */
export function bodiesOf(values: ProfileFormValues): ProfileSave {
  const trimmed = values.biography.trim();
  return {
    profile: {
      country: values.city?.country ?? values.country,
      cityId: values.city?.id ?? null,
      biography: trimmed === '' ? null : trimmed,
      publicProfile: values.publicProfile,
      newsOptIn: values.newsOptIn,
      socialLinks: values.socialLinks.map((l) => ({ network: l.network ?? '', url: l.url.trim() })),
      musicStyles: values.musicStyles,
      connectionType: values.connectionType,
    },
    skills: {
      instruments: values.instruments.map((i) => ({
        instrument: i.instrument ?? '',
        skill: i.skill,
        brand: i.brand.trim() || null,
        model: i.model.trim() || null,
      })),
    },
  };
}

type Texts = TFunction<'profile'>;

/** What the form can tell before asking the server: a row without its instrument or network, an instrument twice. */
export function validateRows(values: ProfileFormValues, t: Texts): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  values.instruments.forEach((row, index) => {
    if (!row.instrument) errors[`instruments.${index}.instrument`] = t('form.instrumentRequired');
    else if (seen.has(row.instrument)) errors[`instruments.${index}.instrument`] = t('form.instrumentTaken');
    else seen.add(row.instrument);
  });
  values.socialLinks.forEach((row, index) => {
    if (!row.network) errors[`socialLinks.${index}.network`] = t('form.linkRequired');
    if (!row.url.trim()) errors[`socialLinks.${index}.url`] = t('form.linkRequired');
  });
  return errors;
}

/** The server's field codes as the form's paths: `socialLinks.1.url` is already one; cityId is the city field. */
export function formErrorsOf(fields: Record<string, string>, tc: TFunction<'common'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(fields)) {
    out[field === 'cityId' ? 'city' : field] = fieldErrorText(tc, code as FieldErrorCode);
  }
  return out;
}
