import { Button, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText, translatedFieldErrors } from '../../../lib/error-text';
import { birthdateCode } from '../../../lib/validation';
import { useSetBirthdate } from '../api/set-birthdate';
import { ME_NS } from '../../../lib/translations/me';

/** The birthdate-required prompt's form, for accounts created without one (PUT v1/me/birthdate). */
export function BirthdatePrompt({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const setBirthdate = useSetBirthdate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { birthdate: '' },
    validate: {
      birthdate: (v) => {
        const code = birthdateCode(v);
        return code ? fieldErrorText(tc, code) : null;
      },
    },
  });

  const submit = form.onSubmit((values) =>
    setBirthdate.mutate(values, {
      onSuccess: onDone,
      onError: (error) => form.setErrors(translatedFieldErrors(tc, error, ['birthdate'])),
    }),
  );
  const error = setBirthdate.error;
  const showError = error && !(error instanceof ApiError && error.fields.birthdate);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('birthdate.intro')}</Text>
        {showError && <FormAlert kind="error">{errorText(tc, error)}</FormAlert>}
        <TextInput
          label={t('birthdate.field')}
          type="date"
          min="1900-01-01"
          max={new Date().toISOString().slice(0, 10)}
          required
          data-autofocus
          {...form.getInputProps('birthdate')}
        />
        <Button type="submit" loading={setBirthdate.isPending}>
          {t('birthdate.save')}
        </Button>
      </Stack>
    </form>
  );
}
