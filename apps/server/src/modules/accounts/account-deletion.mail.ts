import type { Locale } from '@tutti/contract/common';
import type { MailContent } from './accounts.mail.ts';

const day = (locale: Locale, at: Date) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/** Sent when the deletion is asked: what happens, when, and how to keep the account. */
export function deletionEmail(locale: Locale, username: string, erasesAt: Date, link: string): MailContent {
  if (locale === 'fr') {
    return {
      subject: 'Votre compte Tutti va être supprimé',
      text: [
        `Bonjour ${username},`,
        '',
        `La suppression de votre compte Tutti a été demandée. Il n’est plus visible et vos appareils sont déconnectés. Le ${day(locale, erasesAt)}, vos données personnelles et vos photos seront effacées, et votre abonnement arrêté.`,
        '',
        'Pour garder votre compte, connectez-vous avant cette date :',
        '',
        link,
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your Tutti account is going to be deleted',
    text: [
      `Hello ${username},`,
      '',
      `The deletion of your Tutti account was asked. It is no longer visible and your devices are signed out. On ${day(locale, erasesAt)}, your personal data and pictures will be erased, and your subscription stopped.`,
      '',
      'To keep your account, sign in before then:',
      '',
      link,
      '',
      'The Tutti team',
    ].join('\n'),
  };
}

/** Sent when signing in within the grace period kept the account. */
export function keptEmail(locale: Locale, username: string): MailContent {
  if (locale === 'fr') {
    return {
      subject: 'Votre compte Tutti est conservé',
      text: [
        `Bonjour ${username},`,
        '',
        'Vous vous êtes connecté : la suppression de votre compte est annulée. Votre profil est de nouveau visible et votre abonnement, s’il avait été arrêté par la suppression, continue.',
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your Tutti account is kept',
    text: [
      `Hello ${username},`,
      '',
      'You signed in: the deletion of your account is canceled. Your profile is visible again and your subscription, if the deletion had stopped it, goes on.',
      '',
      'The Tutti team',
    ].join('\n'),
  };
}
