import { Button, NativeSelect, Stack, Switch, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Title.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { Locale } from '@tutti/contract/common';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText, translatedFieldErrors } from '../../../lib/error-text';
import { changeLanguage } from '../../../lib/i18n';
import { isLocale } from '../../../lib/language';
import { useSetLocale } from '../api/set-locale';
import { useSetPreferences } from '../api/set-preferences';
import { ME_NS } from '../../../lib/translations/me';

export function PreferencesTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const setPreferences = useSetPreferences();
  const setLocale = useSetLocale();
  // The server returns the username when none is set: show the field empty in that case.
  const ownDisplayed = user.displayedUsername === user.username ? '' : user.displayedUsername;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      displayedUsername: ownDisplayed,
      newsOptIn: user.newsOptIn,
      messageEmails: user.messageEmails,
      publicProfile: user.publicProfile,
    },
  });

  const submit = form.onSubmit((values) => {
    setLocale.reset();
    setPreferences.mutate(
      { ...values, displayedUsername: values.displayedUsername.trim() },
      { onError: (error) => form.setErrors(translatedFieldErrors(tc, error, ['displayedUsername'])) },
    );
  });

  // The language applies at once, on its own call (PUT v1/me/locale), and goes back if the server refuses.
  const onLanguage = (value: string) => {
    if (!isLocale(value) || value === user.locale) return;
    const previous: Locale = user.locale;
    setPreferences.reset();
    void changeLanguage(value);
    setLocale.mutate({ locale: value }, { onError: () => void changeLanguage(previous) });
  };

  return (
    <Stack gap="lg" maw={520}>
      <Title order={2} size="h3">
        {t('prefsTab.heading')}
      </Title>
      <NativeSelect
        label={t('prefsTab.language')}
        description={t('prefsTab.languageHint')}
        value={setLocale.isPending ? setLocale.variables.locale : user.locale}
        onChange={(event) => onLanguage(event.currentTarget.value)}
        data={[
          { value: 'en', label: t('prefsTab.languages.en') },
          { value: 'fr', label: t('prefsTab.languages.fr') },
        ]}
        disabled={setLocale.isPending}
      />
      {setLocale.isSuccess && <FormAlert kind="success">{t('prefsTab.languageSaved')}</FormAlert>}
      {setLocale.isError && <FormAlert kind="error">{errorText(tc, setLocale.error)}</FormAlert>}
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t('prefsTab.displayedUsername')}
            description={t('prefsTab.displayedUsernameHint', { username: user.username })}
            placeholder={user.username}
            maxLength={40}
            {...form.getInputProps('displayedUsername')}
          />
          <Switch label={t('prefsTab.news')} {...form.getInputProps('newsOptIn', { type: 'checkbox' })} />
          {/* Private messages are for the social age only (SPEC section 6): so is their email. */}
          {user.eligibleToSocial && (
            <Switch
              label={t('prefsTab.messageEmails')}
              description={t('prefsTab.messageEmailsHint')}
              {...form.getInputProps('messageEmails', { type: 'checkbox' })}
            />
          )}
          <Switch
            label={tc('publicProfile.label')}
            description={tc('publicProfile.hint')}
            {...form.getInputProps('publicProfile', { type: 'checkbox' })}
          />
          {setPreferences.isSuccess && <FormAlert kind="success">{t('prefsTab.saved')}</FormAlert>}
          {setPreferences.isError && <FormAlert kind="error">{errorText(tc, setPreferences.error)}</FormAlert>}
          <div>
            <Button type="submit" loading={setPreferences.isPending}>
              {t('prefsTab.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
