import { Button, CopyButton, Group } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import { useTranslation } from 'react-i18next';
import { buildCalendar, sessionCalendarUid } from '@tutti/contract/calendar';
import type { Session } from '@tutti/contract/sessions';
import { openRehearsalPath } from '../../../lib/paths';
import { SESSIONS_NS } from '../translations';

/** The session page's address: what an invitee opens (signing in first if needed). */
export const sessionLink = (session: Pick<Session, 'id'>, origin = window.location.origin): string =>
  `${origin}${openRehearsalPath(session.id)}`;

/**
 * The session as a calendar file: the same UID and SEQUENCE as the invitation email's event, so a calendar that
 * holds one updates it instead of showing the rehearsal twice. PUBLISH: it is the reader's own copy, not a request.
 */
export function sessionCalendar(session: Session, origin = window.location.origin, stamp = new Date()): string {
  const link = sessionLink(session, origin);
  return buildCalendar({
    method: 'PUBLISH',
    uid: sessionCalendarUid(session.id, origin),
    sequence: session.calendarSequence,
    start: new Date(session.startsAt),
    summary: session.name,
    description: `${session.description ? `${session.description}\n\n` : ''}${link}`,
    url: link,
    stamp,
  });
}

/** A file name every system accepts, from the session's name. */
export const calendarFileName = (name: string): string =>
  `${
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'rehearsal'
  }.ics`;

function download(session: Session): void {
  const blob = new Blob([sessionCalendar(session)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = calendarFileName(session.name);
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Copy invite link" and "Add to calendar", for a session still to come or live. */
export function ShareActions({ session }: { session: Session }) {
  const { t } = useTranslation(SESSIONS_NS);
  if (session.status !== 'scheduled' && session.status !== 'live') return null;
  return (
    <Group gap="xs">
      <CopyButton value={sessionLink(session)} timeout={3000}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-live="polite">
            {copied ? t('share.copied') : t('share.copyLink')}
          </Button>
        )}
      </CopyButton>
      <Button variant="default" onClick={() => download(session)}>
        {t('share.addToCalendar')}
      </Button>
    </Group>
  );
}
