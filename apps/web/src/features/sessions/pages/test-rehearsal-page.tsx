import { useState, type FormEvent } from 'react';
import { Button, Group, Loader, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorText } from '../../../lib/error-text';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useSessionDetails } from '../api/session-details';
import { RehearsalStage } from '../components/rehearsal-stage';
import { SessionOverview } from '../components/session-overview';
import { SESSIONS_NS } from '../translations';
import { useRehearsal } from '../use-rehearsal';
import { useSessionEvents } from '../use-session-events';
import { joinErrorText, SessionNotFound } from './open-rehearsal-page';

const isWrongPassword = (error: unknown) =>
  error instanceof ApiError && (error.code === 'WRONG_PASSWORD' || error.fields.password === 'wrong_password');

/** /studio/test-rehearsal/:sessionId (role TUTTI_MU): the password, then the same rehearsal manager. */
export function TestRehearsalPage() {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const { sessionId = '' } = useParams();
  const me = useCurrentUser();
  const details = useSessionDetails(sessionId);
  const rehearsal = useRehearsal('test', sessionId);
  useSessionEvents(sessionId, rehearsal.end);
  useTitle(t('test.title'));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);

  if (details.isError) return <SessionNotFound />;
  const session = details.data;
  if (!session) return <Loader aria-label={tCommon('loading')} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setJoinError(null);
    if (password === '') {
      setPasswordError(fieldErrorText(tCommon, 'required'));
      return;
    }
    setPasswordError(null);
    rehearsal.join(password).catch((error: unknown) => {
      if (isWrongPassword(error)) setPasswordError(t('test.wrongPassword'));
      else setJoinError(joinErrorText(t, tCommon, error, session.startsAt));
    });
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <SessionOverview session={session} myId={me?.id ?? null} />
      <RehearsalStage
        session={session}
        snapshot={rehearsal.snapshot}
        onLeave={() => void rehearsal.leave()}
        joinControl={(canJoin) => (
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
              />
              <Group>
                <Button type="submit" disabled={!canJoin} loading={rehearsal.snapshot.phase === 'joining'}>
                  {t('test.join')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      />
    </Stack>
  );
}
