import type { Locale } from '@tutti/contract/common';
import type { MailContent } from '../accounts/accounts.mail.ts';

export interface UnreadMail {
  username: string;
  /** The other member's displayed name; null when their account was deleted. */
  from: string | null;
  unread: number;
  /** The conversation's page, and the link that turns these emails off without signing in. */
  link: string;
  optOut: string;
}

/** The unread-message email, in the recipient's language (issue 13, point 5). The messages themselves are not in
 *  it: they are private, and an email travels further than the page. */
export function unreadEmail(locale: Locale, mail: UnreadMail): MailContent {
  if (locale === 'fr') {
    const who = mail.from ?? 'Un musicien';
    return {
      subject: `${who} vous a écrit sur Tutti`,
      text: [
        `Bonjour ${mail.username},`,
        '',
        mail.unread === 1
          ? `${who} vous a envoyé un message que vous n’avez pas encore lu.`
          : `${who} vous a envoyé ${mail.unread} messages que vous n’avez pas encore lus.`,
        'Pour les lire et répondre :',
        '',
        mail.link,
        '',
        'Vous recevez au plus un e-mail par jour et par conversation. Pour ne plus en recevoir :',
        mail.optOut,
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  const who = mail.from ?? 'A musician';
  return {
    subject: `${who} wrote to you on Tutti`,
    text: [
      `Hello ${mail.username},`,
      '',
      mail.unread === 1
        ? `${who} sent you a message you have not read yet.`
        : `${who} sent you ${mail.unread} messages you have not read yet.`,
      'To read and answer them:',
      '',
      mail.link,
      '',
      'You get at most one email a day for each conversation. To get none of these any more:',
      mail.optOut,
      '',
      'The Tutti team',
    ].join('\n'),
  };
}

/** The small page the opt-out link opens: a button (mail scanners follow links, they do not press buttons), then
 *  what was done. */
export function optOutPage(locale: Locale, state: 'confirm' | 'done' | 'invalid'): string {
  const fr = locale === 'fr';
  const title = fr ? 'E-mails de messages privés' : 'Private message emails';
  const body = {
    confirm: fr
      ? `<p>Ne plus recevoir d’e-mail quand des messages privés attendent d’être lus ?</p>
<form method="post"><button type="submit">Ne plus recevoir ces e-mails</button></form>`
      : `<p>Stop getting an email when private messages wait unread?</p>
<form method="post"><button type="submit">Stop these emails</button></form>`,
    done: fr
      ? '<p>C’est fait : vous ne recevrez plus ces e-mails. Vous pouvez les réactiver dans vos préférences.</p>'
      : '<p>Done: you will not get these emails any more. You can turn them back on in your preferences.</p>',
    invalid: fr
      ? '<p>Ce lien n’est pas valide. Vous pouvez choisir vos e-mails dans vos préférences.</p>'
      : '<p>This link is not valid. You can choose your emails in your preferences.</p>',
  }[state];
  return `<!doctype html>
<html lang="${fr ? 'fr' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Tutti</title></head>
<body><main><h1>${title}</h1>
${body}
<p><a href="/">Tutti</a></p></main></body></html>
`;
}
