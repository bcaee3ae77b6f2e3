import { Button, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { currentLanguage } from '../../../lib/i18n';
import { OrganizerTools } from '../components/organizer-tools';
import { RehearsalPage } from '../components/rehearsal-page';
import { SessionStateControls } from '../components/session-state-controls';
import { formatOpens } from '../schedule';
import { SESSIONS_NS } from '../translations';

/** /studio/open-rehearsal/:sessionId: the session, live; joining; the rehearsal manager; the organizer's tools. */
export function OpenRehearsalPage() {
  const { t } = useTranslation(SESSIONS_NS);
  return (
    <RehearsalPage
      kind="open"
      title={(session) => session?.name ?? t('details.title')}
      joinControl={({ session, canJoin, joining, joinError, join }) => (
        <Stack gap="sm">
          {joinError && <FormAlert kind="error">{joinError}</FormAlert>}
          <div>
            {session.status === 'scheduled' ? (
              // Not a 409 after the click: the way in says when it opens, in the reader's language and zone.
              <Button size="md" disabled>
                {formatOpens(t, session.startsAt, currentLanguage())}
              </Button>
            ) : (
              <Button size="md" onClick={() => join()} disabled={!canJoin} loading={joining}>
                {t('details.join')}
              </Button>
            )}
          </div>
        </Stack>
      )}
    >
      {(session, me) =>
        !!me &&
        session.organizer?.id === me.id && (
          <>
            <SessionStateControls session={session} />
            {(session.status === 'live' || session.status === 'scheduled') && <OrganizerTools session={session} />}
          </>
        )
      }
    </RehearsalPage>
  );
}
