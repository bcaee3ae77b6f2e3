import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText, translatedFieldErrors } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { useSignUp } from '../api/sign-up';
import { ConfirmationStep } from '../components/confirmation-step';
import { SIGN_UP_FIELDS, validateSignUp, type SignUpValues } from '../signup-validation';

const today = () => new Date().toISOString().slice(0, 10);

export function SignupPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useTitle(t('signup.title'));
  const signUp = useSignUp();
  const [created, setCreated] = useState<{ id: string; email: string } | null>(null);

  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', username: '', birthdate: '' },
    validate: (values) => {
      const codes = validateSignUp(values);
      return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldErrorText(tc, code)]));
    },
  });

  const submit = form.onSubmit((values) => {
    signUp.mutate(
      { ...values, email: values.email.trim(), locale: currentLanguage() },
      {
        onSuccess: (account) => setCreated(account),
        // The server's verdict on each field (taken email or username…) shows on that field.
        onError: (error) => form.setErrors(translatedFieldErrors(tc, error, SIGN_UP_FIELDS)),
      },
    );
  });

  if (created) return <ConfirmationStep accountId={created.id} email={created.email} />;

  const serverError = signUp.error;
  const fieldsShown = serverError instanceof ApiError && Object.keys(serverError.fields).length > 0;

  return (
    <GuestCard heading={t('signup.heading')} intro={t('signup.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && !fieldsShown && <FormAlert kind="error">{errorText(tc, serverError)}</FormAlert>}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('fields.username')}
            description={t('signup.usernameHint')}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('fields.birthdate')}
            description={t('signup.birthdateHint')}
            type="date"
            max={today()}
            min="1900-01-01"
            autoComplete="bday"
            required
            {...form.getInputProps('birthdate')}
          />
          <Button type="submit" size="md" loading={signUp.isPending} fullWidth>
            {t('signup.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to={PATHS.login} fw={600}>
              {t('signup.logIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </GuestCard>
  );
}
