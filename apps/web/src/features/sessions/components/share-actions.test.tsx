import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCalendarEvent } from '@tutti/contract/calendar';
import { renderWithProviders } from '../../../../test/render';
import { sampleSession } from '../test-fixtures';
import { calendarFileName, sessionCalendar, sessionLink, ShareActions } from './share-actions';

describe('sharing a session', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds the calendar file with the invitation email’s UID and the session’s SEQUENCE', () => {
    const session = sampleSession({
      status: 'scheduled',
      name: 'Blues, in E',
      startsAt: '2030-01-02T18:30:00.000Z',
      calendarSequence: 3,
    });
    const event = readCalendarEvent(
      sessionCalendar(session, 'https://tutti.example', new Date('2030-01-01T00:00:00Z')),
    );
    expect(event).toMatchObject({
      METHOD: 'PUBLISH',
      UID: `session-${session.id}@tutti.example`,
      SEQUENCE: '3',
      DTSTART: '20300102T183000Z',
      SUMMARY: 'Blues, in E',
      URL: `https://tutti.example/studio/open-rehearsal/${session.id}`,
    });
    expect(calendarFileName('Blues, in É!')).toBe('blues-in-e.ics');
    expect(calendarFileName('★★')).toBe('rehearsal.ics');
  });

  it('copies the invite link and downloads the calendar file', async () => {
    const session = sampleSession({ status: 'scheduled' });
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:calendar';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<ShareActions session={session} />);

    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(sessionLink(session));

    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(created[0]?.type).toBe('text/calendar;charset=utf-8');
    expect(readCalendarEvent(await (created[0] as Blob).text()).UID).toContain(session.id);
  });

  it('is not offered for a session that is over', () => {
    renderWithProviders(<ShareActions session={sampleSession({ status: 'ended' })} />);
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
