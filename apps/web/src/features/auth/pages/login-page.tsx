import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { takeRedirectTarget } from '../../../lib/redirect-target';
import { useTitle } from '../../../lib/use-title';
import { requiredCode } from '../../../lib/required-field';
import { useSignIn } from '../api/sign-in';
import { ConfirmationStep } from '../components/confirmation-step';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useTitle(t('login.title'));
  const navigate = useNavigate();
  const signIn = useSignIn();
  // After "delete my account": until when signing in keeps it. Intl itself, not lib/format: the login page's
  // JavaScript has a budget, and that module comes whole.
  const erases = Date.parse(useSearchParams()[0].get('erases') ?? '');
  const erasesOn = Number.isNaN(erases)
    ? null
    : new Intl.DateTimeFormat(currentLanguage() === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long' }).format(erases);
  const [unconfirmed, setUnconfirmed] = useState<{ accountId: string | null; email: string } | null>(null);

  // Two fields, checked for emptiness only (the server judges the credentials): plain state keeps this page light.
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    const emailCode = requiredCode(email);
    const passwordCode = requiredCode(values.password);
    if (emailCode || passwordCode) {
      setErrors({
        email: emailCode ? fieldErrorText(tc, emailCode) : undefined,
        password: passwordCode ? fieldErrorText(tc, passwordCode) : undefined,
      });
      return;
    }
    signIn.mutate(
      { email, password: values.password },
      {
        // After sign-in: back to the page the guest wanted, else the hall.
        onSuccess: () => void navigate(takeRedirectTarget() ?? PATHS.hall, { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_CONFIRMED') {
            const id = error.details.accountId;
            setUnconfirmed({ accountId: typeof id === 'string' ? id : null, email });
          }
        },
      },
    );
  };

  if (unconfirmed) {
    const back = () => {
      setUnconfirmed(null);
      signIn.reset();
    };
    return <ConfirmationStep accountId={unconfirmed.accountId} email={unconfirmed.email} fromLogin onBack={back} />;
  }

  const failure =
    signIn.error instanceof ApiError && signIn.error.code === 'ACCOUNT_NOT_CONFIRMED' ? null : signIn.error;

  return (
    <GuestCard heading={t('login.heading')} intro={t('login.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <FormAlert kind="error">{errorText(tc, failure)}</FormAlert>}
          {erasesOn && !signIn.isSuccess && (
            <FormAlert kind="info">{t('login.deletionPending', { date: erasesOn })}</FormAlert>
          )}
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...field('email')} />
          <TextInput
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Anchor component={Link} to={PATHS.forgotPassword} size="sm" ta="right">
            {t('login.forgot')}
          </Anchor>
          <Button type="submit" size="md" loading={signIn.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={PATHS.signup} fw={600}>
              {t('login.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </GuestCard>
  );
}
