import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { OrganizerTools } from '../components/organizer-tools';
import { RehearsalPage } from '../components/rehearsal-page';
import { SESSIONS_NS } from '../translations';

/** /studio/open-rehearsal/:sessionId: the session, live; joining; the rehearsal manager; the organizer's tools. */
export function OpenRehearsalPage() {
  const { t } = useTranslation(SESSIONS_NS);
  return (
    <RehearsalPage
      kind="open"
      title={(session) => session?.name ?? t('details.title')}
      joinControl={({ canJoin, joining, joinError, join }) => (
        <Stack gap="sm">
          {joinError && <FormAlert kind="error">{joinError}</FormAlert>}
          <div>
            <Button size="md" onClick={() => join()} disabled={!canJoin} loading={joining}>
              {t('details.join')}
            </Button>
          </div>
        </Stack>
      )}
    >
      {(session, me) =>
        !!me && session.organizer?.id === me.id && session.status !== 'ended' && <OrganizerTools session={session} />
      }
    </RehearsalPage>
  );
}
