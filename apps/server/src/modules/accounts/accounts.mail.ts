import type { Locale } from '@tutti/contract/common';

export interface MailContent {
  subject: string;
  text: string;
}

/** Emails are written in the account's language; links are on a line of their own so every client makes them
 *  clickable. */
export function confirmationEmail(locale: Locale, username: string, link: string): MailContent {
  if (locale === 'fr') {
    return {
      subject: 'Confirmez votre adresse e-mail pour Tutti',
      text: [
        `Bonjour ${username},`,
        '',
        'Bienvenue sur Tutti ! Pour activer votre compte, confirmez votre adresse e-mail en ouvrant ce lien :',
        '',
        link,
        '',
        'Ce lien est valable 7 jours. Si vous n’avez pas créé de compte, ignorez ce message.',
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  return {
    subject: 'Confirm your email address for Tutti',
    text: [
      `Hello ${username},`,
      '',
      'Welcome to Tutti! To activate your account, confirm your email address by opening this link:',
      '',
      link,
      '',
      'This link is valid for 7 days. If you did not create an account, ignore this message.',
      '',
      'The Tutti team',
    ].join('\n'),
  };
}

export function recoveryEmail(locale: Locale, username: string, link: string): MailContent {
  if (locale === 'fr') {
    return {
      subject: 'Réinitialisez votre mot de passe Tutti',
      text: [
        `Bonjour ${username},`,
        '',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
        '',
        link,
        '',
        'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  return {
    subject: 'Reset your Tutti password',
    text: [
      `Hello ${username},`,
      '',
      'To choose a new password, open this link:',
      '',
      link,
      '',
      'This link is valid for one hour and works once. If you did not ask for it, ignore this message: your password stays the same.',
      '',
      'The Tutti team',
    ].join('\n'),
  };
}
