import { buildCalendar, sessionCalendarUid } from '@tutti/contract/calendar';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { asLocale } from '../accounts/accounts.policy.ts';
import { sessions, type AccountRow, type SessionRow } from '../../platform/schema.ts';
import type { SessionView } from './rehearsal.repository.ts';
import { sessionEmail, type SessionMailKind } from './sessions.mail.ts';

export const SESSION_REMINDER_JOB = 'sessions:reminders';
/** How long before its start a scheduled session's players are reminded of it. */
export const SESSION_REMINDER_LEAD_MS = 15 * 60_000;
const BATCH = 100;

export interface NoticesDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Where links lead (the web's origin) and whose host names the calendar UIDs. */
  publicUrl: string;
  /** The From address of every email: also the iCalendar ORGANIZER, which must be an address. */
  mailFrom: string;
  loadView: (id: string) => Promise<SessionView>;
}

/** `Tutti <no-reply@tutti.example>` → `no-reply@tutti.example`. */
const bareAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** Only confirmed addresses get session emails: an unconfirmed one may not be its owner's. */
const reachable = (accounts: (AccountRow | null)[]): AccountRow[] => {
  const seen = new Set<string>();
  return accounts.filter((a): a is AccountRow => {
    if (!a || a.validatedAt === null || seen.has(a.id)) return false;
    seen.add(a.id);
    return true;
  });
};

/**
 * Session emails: the invitation (with its calendar event when the session is scheduled), the new time, the
 * cancellation, and the reminder job. The calendar event keeps one UID per session and the session's SEQUENCE, so a
 * calendar updates the event it holds. A lost email is logged, never a failed request: the session already changed,
 * and invitees see it in the app.
 */
export function createSessionNotices(deps: NoticesDeps) {
  const { db, mailer, log, now, publicUrl, loadView } = deps;
  const linkTo = (row: SessionRow) => `${publicUrl}/studio/open-rehearsal/${row.id}`;

  const send = async (view: SessionView, kind: SessionMailKind, to: AccountRow[]): Promise<void> => {
    const { row } = view;
    const organizer = view.organizer?.username ?? 'Tutti';
    const method: 'CANCEL' | 'REQUEST' = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
    const withCalendar = kind !== 'invitationNow' && kind !== 'reminder';
    const results = await Promise.allSettled(
      to.map((account) => {
        const content = sessionEmail(asLocale(account.locale), kind, {
          to: account.username,
          session: row.name,
          organizer,
          startsAt: row.startsAt,
          timeZone: row.timeZone,
          link: linkTo(row),
        });
        const calendar = withCalendar
          ? {
              method,
              content: buildCalendar({
                method,
                uid: sessionCalendarUid(row.id, publicUrl),
                sequence: row.calendarSequence,
                start: row.startsAt,
                summary: row.name,
                description: `${row.description ? `${row.description}\n\n` : ''}${linkTo(row)}`,
                url: linkTo(row),
                stamp: now(),
                organizer: { name: organizer, email: bareAddress(deps.mailFrom) },
                attendee: { name: account.username, email: account.email },
              }),
            }
          : undefined;
        return mailer.send({ to: account.email, link: linkTo(row), ...content, ...(calendar && { calendar }) });
      }),
    );
    for (const r of results) {
      if (r.status === 'rejected') log.warn({ err: r.reason, session: row.id, kind }, 'session email not sent');
    }
  };

  const invitees = (view: SessionView) => reachable(view.invitations.map((i) => i.account));

  return {
    /** New invitees: the invitation, with its calendar event when the session is still to come. */
    async invited(sessionId: string, inviteeIds: string[]): Promise<void> {
      if (inviteeIds.length === 0) return;
      const view = await loadView(sessionId);
      const ids = new Set(inviteeIds);
      const kind = view.row.startsAt > now() ? 'invitation' : 'invitationNow';
      await send(
        view,
        kind,
        invitees(view).filter((a) => ids.has(a.id)),
      );
    },

    /**
     * The start moved (`startedNow`: to now, by "Start now"), or the session was cancelled: the calendar's SEQUENCE
     * goes up, a moved session is reminded again, and every invitee gets the update. Call it after the change.
     */
    async changed(sessionId: string, kind: 'rescheduled' | 'startedNow' | 'cancelled'): Promise<void> {
      await db
        .update(sessions)
        .set({ calendarSequence: sql`${sessions.calendarSequence} + 1`, remindedAt: null })
        .where(eq(sessions.id, sessionId));
      const view = await loadView(sessionId);
      await send(view, kind, invitees(view));
    },

    /** The reminder job's run: sessions starting within the lead time, each claimed once across instances. */
    async remindDue(): Promise<number> {
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              eq(sessions.kind, 'open'),
              isNull(sessions.endedAt),
              isNull(sessions.remindedAt),
              gt(sessions.startsAt, at),
              lte(sessions.startsAt, new Date(at.getTime() + SESSION_REMINDER_LEAD_MS)),
              // Created within the lead time: the invitation just went out, a reminder would repeat it.
              sql`${sessions.startsAt} - ${sessions.createdAt} > make_interval(secs => ${SESSION_REMINDER_LEAD_MS / 1000})`,
            ),
          )
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const { id } of due) await tx.update(sessions).set({ remindedAt: at }).where(eq(sessions.id, id));
        return due.map((d) => d.id);
      });
      for (const id of claimed) {
        const view = await loadView(id);
        await send(view, 'reminder', reachable([view.organizer, ...view.invitations.map((i) => i.account)]));
      }
      return claimed.length;
    },
  };
}

export type SessionNotices = ReturnType<typeof createSessionNotices>;

export function registerReminderJob(jobs: Jobs, notices: SessionNotices, intervalMs: number): void {
  jobs.register(SESSION_REMINDER_JOB, intervalMs, () => notices.remindDue());
}
