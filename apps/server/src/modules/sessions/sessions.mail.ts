import type { Locale } from '@tutti/contract/common';
import type { MailContent } from '../accounts/accounts.mail.ts';

/** What every session email names: the session, who sent it, when it starts, where to open it. */
export interface SessionMailFacts {
  /** The recipient's username. */
  to: string;
  session: string;
  organizer: string;
  startsAt: Date;
  /** The organizer's zone when the session has one: the time reads as they planned it, with the zone named. */
  timeZone: string | null;
  link: string;
}

export type SessionMailKind = 'invitation' | 'invitationNow' | 'rescheduled' | 'startedNow' | 'cancelled' | 'reminder';

/** "Thursday 3 December 2026, 19:30 CET" / "jeudi 3 décembre 2026, 19:30 UTC+1": in the zone it was planned in. */
export function formatSessionTime(locale: Locale, at: Date, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }).format(at);
  } catch {
    // A zone this runtime does not know (the column holds what a browser said): UTC, named as such.
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  }
}

type Lines = { subject: string; lead: string; action: string };

const EN: Record<SessionMailKind, (f: SessionMailFacts, when: string) => Lines> = {
  invitation: (f, when) => ({
    subject: `${f.organizer} invites you to rehearse: ${f.session}`,
    lead: `${f.organizer} invites you to the rehearsal “${f.session}”, on ${when}. The invitation is attached: open it to add the rehearsal to your calendar.`,
    action: 'The session opens at its start time, from this link:',
  }),
  invitationNow: (f) => ({
    subject: `${f.organizer} invites you to rehearse now: ${f.session}`,
    lead: `${f.organizer} invites you to the rehearsal “${f.session}”, which is open now.`,
    action: 'Join it from this link (start your audio client first):',
  }),
  rescheduled: (f, when) => ({
    subject: `New time for ${f.session}`,
    lead: `${f.organizer} moved the rehearsal “${f.session}”: it now starts on ${when}. The updated invitation is attached.`,
    action: 'The session opens at its new start time, from this link:',
  }),
  startedNow: (f) => ({
    subject: `${f.session} has started early`,
    lead: `${f.organizer} opened the rehearsal “${f.session}” now, before its planned time. The updated invitation is attached.`,
    action: 'Join it from this link (start your audio client first):',
  }),
  cancelled: (f, when) => ({
    subject: `Cancelled: ${f.session}`,
    lead: `${f.organizer} cancelled the rehearsal “${f.session}” planned on ${when}. The attached cancellation removes it from your calendar.`,
    action: 'The session page says so too:',
  }),
  reminder: (f, when) => ({
    subject: `Starting in 15 minutes: ${f.session}`,
    lead: `The rehearsal “${f.session}” starts on ${when}. Start your audio client now so you are ready to play.`,
    action: 'Join it from this link when it opens:',
  }),
};

const FR: Record<SessionMailKind, (f: SessionMailFacts, when: string) => Lines> = {
  invitation: (f, when) => ({
    subject: `${f.organizer} vous invite à répéter : ${f.session}`,
    lead: `${f.organizer} vous invite à la répétition « ${f.session} », le ${when}. L’invitation est jointe : ouvrez-la pour ajouter la répétition à votre agenda.`,
    action: 'La session ouvre à l’heure prévue, depuis ce lien :',
  }),
  invitationNow: (f) => ({
    subject: `${f.organizer} vous invite à répéter maintenant : ${f.session}`,
    lead: `${f.organizer} vous invite à la répétition « ${f.session} », ouverte en ce moment.`,
    action: 'Rejoignez-la depuis ce lien (lancez d’abord votre client audio) :',
  }),
  rescheduled: (f, when) => ({
    subject: `Nouvel horaire pour ${f.session}`,
    lead: `${f.organizer} a déplacé la répétition « ${f.session} » : elle commence désormais le ${when}. L’invitation mise à jour est jointe.`,
    action: 'La session ouvre à sa nouvelle heure, depuis ce lien :',
  }),
  startedNow: (f) => ({
    subject: `${f.session} a commencé plus tôt`,
    lead: `${f.organizer} a ouvert la répétition « ${f.session} » maintenant, avant l’heure prévue. L’invitation mise à jour est jointe.`,
    action: 'Rejoignez-la depuis ce lien (lancez d’abord votre client audio) :',
  }),
  cancelled: (f, when) => ({
    subject: `Annulée : ${f.session}`,
    lead: `${f.organizer} a annulé la répétition « ${f.session} » prévue le ${when}. L’annulation jointe la retire de votre agenda.`,
    action: 'La page de la session l’indique aussi :',
  }),
  reminder: (f, when) => ({
    subject: `Dans 15 minutes : ${f.session}`,
    lead: `La répétition « ${f.session} » commence le ${when}. Lancez votre client audio maintenant pour être prêt à jouer.`,
    action: 'Rejoignez-la depuis ce lien dès son ouverture :',
  }),
};

/** A session email in the recipient's language; the link on a line of its own so every client makes it clickable. */
export function sessionEmail(locale: Locale, kind: SessionMailKind, facts: SessionMailFacts): MailContent {
  const when = formatSessionTime(locale, facts.startsAt, facts.timeZone);
  const lines = (locale === 'fr' ? FR : EN)[kind](facts, when);
  const [hello, team] =
    locale === 'fr' ? [`Bonjour ${facts.to},`, 'L’équipe Tutti'] : [`Hello ${facts.to},`, 'The Tutti team'];
  return {
    subject: lines.subject,
    text: [hello, '', lines.lead, '', lines.action, '', facts.link, '', team].join('\n'),
  };
}
