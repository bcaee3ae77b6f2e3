import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorText } from '../../../lib/error-text';
import { RehearsalPage } from '../components/rehearsal-page';
import { SESSIONS_NS } from '../translations';

const isWrongPassword = (error: unknown) =>
  error instanceof ApiError && (error.code === 'WRONG_PASSWORD' || error.fields.password === 'wrong_password');

/** /studio/test-rehearsal/:sessionId (role TUTTI_MU): the password, then the same rehearsal manager. */
export function TestRehearsalPage() {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  return (
    <RehearsalPage
      kind="test"
      title={() => t('test.title')}
      joinControl={({ canJoin, joining, joinError, join, clearJoinError }) => {
        const onSubmit = (event: FormEvent) => {
          event.preventDefault();
          if (password === '') {
            clearJoinError();
            setPasswordError(fieldErrorText(tCommon, 'required'));
            return;
          }
          setPasswordError(null);
          join(password, (error) => {
            if (!isWrongPassword(error)) return false;
            setPasswordError(t('test.wrongPassword'));
            return true;
          });
        };
        return (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm" maw={420}>
              {joinError && <FormAlert kind="error">{joinError}</FormAlert>}
              <PasswordInput
                label={t('test.password')}
                required
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={passwordError}
                // PasswordInput links its error (aria-describedby) but does not mark the field invalid itself.
                aria-invalid={passwordError !== null}
                visibilityToggleButtonProps={{ 'aria-label': t('test.showPassword') }}
              />
              <Group>
                <Button type="submit" disabled={!canJoin} loading={joining}>
                  {t('test.join')}
                </Button>
              </Group>
            </Stack>
          </form>
        );
      }}
    />
  );
}
