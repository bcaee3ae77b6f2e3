import { useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Title.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { Profile } from '@tutti/contract/community';
import { FormAlert } from '../../../../components/ui/form-alert';
import { errorText } from '../../../../lib/error-text';
import { currentLanguage } from '../../../../lib/i18n';
import { useLeaveGuard } from '../../../../lib/leave-guard';
import { nameOf, optionsByName, useCountries, useMusicStyles } from '../../api/reference';
import { ProfileSaveError, useSaveProfile } from '../api/my-profile';
import { BIOGRAPHY_MAX, CONNECTION_TYPES, MUSIC_STYLES_MAX } from '../limits';
import { PROFILE_NS } from '../translations';
import { CityField } from './city-field';
import {
  bodiesOf,
  connectionTypeOf,
  formErrorsOf,
  formValuesOf,
  validateRows,
  type ProfileFormValues,
} from './form-model';
import { InstrumentsEditor } from './instruments-editor';
import { PictureField } from './picture-field';
import { SocialLinksEditor } from './social-links-editor';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

const UNSAVED_CHANGES = { texts: 'unsavedChanges', holdsSearch: true, asksOnUnload: true } as const;

interface ProfileEditFormProps {
  profile: Profile;
  user: CurrentUser;
  onSaved: () => void;
  onCancel: () => void;
}

/** /me?edit=1: every field of my profile, one Save (two calls); on an error, what was typed stays. */
export function ProfileEditForm({ profile, user, onSaved, onCancel }: ProfileEditFormProps) {
  const { t } = useTranslation(PROFILE_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const countries = useCountries();
  const styles = useMusicStyles();
  const save = useSaveProfile(profile.username);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(profile, user),
    validate: (values) => validateRows(values, t),
  });
  const values = form.getValues();
  const [invalid, setInvalid] = useState(false);
  // Changed and not saved: leaving asks first, in the app and when closing the tab (issue 29). The pictures save at
  // once, outside the form's values, so an upload alone changes nothing here.
  const release = useLeaveGuard(form.isDirty(), UNSAVED_CHANGES);

  const countryData = optionsByName(countries.data, locale);
  const styleData = optionsByName(styles.data, locale);

  const submit = form.onSubmit(
    (v) => {
      setInvalid(false);
      save.mutate(bodiesOf(v), {
        onSuccess: () => {
          // Saved: the move back to my profile that follows loses nothing.
          release();
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ProfileSaveError) form.setErrors(formErrorsOf(error.fields, tc));
        },
      });
    },
    () => {
      save.reset();
      setInvalid(true);
    },
  );

  const failure = save.error instanceof ProfileSaveError ? save.error.errors[0] : save.error;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('editTitle')}
        </Title>
        <Part title={t('pictures.heading')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <PictureField
              kind="profile"
              username={profile.username}
              current={profile.profilePicture}
              displayedUsername={profile.displayedUsername}
            />
            <PictureField
              kind="cover"
              username={profile.username}
              current={profile.coverPicture}
              displayedUsername={profile.displayedUsername}
            />
          </SimpleGrid>
        </Part>
        <Part title={t('form.place')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              data={countryData}
              searchable
              clearable
              readOnly={values.city !== null}
              description={
                values.city
                  ? t('form.countryFromCity', { country: nameOf(countries.data, values.city.country, locale) })
                  : undefined
              }
              {...form.getInputProps('country')}
              value={values.city?.country ?? values.country}
            />
            <CityField
              value={values.city}
              error={form.errors['city'] as string | undefined}
              onChange={(city) => {
                form.setFieldValue('city', city);
                if (city) form.setFieldValue('country', city.country);
                form.clearFieldError('city');
              }}
            />
            <NativeSelect
              label={t('form.connection')}
              description={t('form.connectionHint')}
              data={[
                { value: '', label: t('form.connectionNone') },
                ...CONNECTION_TYPES.map((c) => ({ value: c, label: t(`connectionTypes.${c}`) })),
              ]}
              value={values.connectionType ?? ''}
              error={form.errors['connectionType']}
              onChange={(event) => {
                form.setFieldValue('connectionType', connectionTypeOf(event.currentTarget.value));
                form.clearFieldError('connectionType');
              }}
            />
          </SimpleGrid>
        </Part>
        <Part title={t('form.about')}>
          <Textarea
            label={t('form.biography')}
            description={t('form.biographyCount', { count: values.biography.length, max: BIOGRAPHY_MAX })}
            rows={6}
            maxLength={BIOGRAPHY_MAX}
            {...form.getInputProps('biography')}
          />
          <Switch
            label={tc('publicProfile.label')}
            description={tc('publicProfile.hint')}
            {...form.getInputProps('publicProfile', { type: 'checkbox' })}
          />
          <Switch label={t('form.newsOptIn')} {...form.getInputProps('newsOptIn', { type: 'checkbox' })} />
        </Part>
        <Part title={t('form.instruments')}>
          <InstrumentsEditor form={form} />
        </Part>
        <Part title={t('form.styles')}>
          <MultiSelect
            label={t('form.styles')}
            description={t('form.stylesHint', { max: MUSIC_STYLES_MAX })}
            placeholder={values.musicStyles.length === 0 ? t('form.stylesPlaceholder') : undefined}
            data={styleData}
            searchable
            maxValues={MUSIC_STYLES_MAX}
            hidePickedOptions
            {...form.getInputProps('musicStyles')}
          />
        </Part>
        <Part title={t('form.links')}>
          <SocialLinksEditor form={form} />
        </Part>
        {invalid && <FormAlert kind="error">{t('form.fixErrors')}</FormAlert>}
        {save.isError && <FormAlert kind="error">{t('form.saveError', { reason: errorText(tc, failure) })}</FormAlert>}
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              // Cancel says what it does: the changes go, without a second question.
              release();
              onCancel();
            }}
            disabled={save.isPending}
          >
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
