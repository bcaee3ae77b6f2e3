import type { Locale } from '@tutti/contract/common';
import type { MailContent } from '../accounts/accounts.mail.ts';

/** What a subscription email names. */
export interface SubscriptionMailFacts {
  /** The recipient's username. */
  to: string;
  /** The product's name in the recipient's language. */
  product: string;
  /** The end of the paid (or trial) period. */
  until: Date;
  /** The subscription page. */
  link: string;
}

/** "31 January 2027" / "31 janvier 2027". */
export const formatBillingDate = (locale: Locale, at: Date): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);

/** The confirmation French consumer law asks for: the cancellation is recorded, and until when it still runs. */
export function cancellationEmail(locale: Locale, f: SubscriptionMailFacts): MailContent {
  const until = formatBillingDate(locale, f.until);
  if (locale === 'fr') {
    return {
      subject: `Votre abonnement ${f.product} est résilié`,
      text: [
        `Bonjour ${f.to},`,
        '',
        `Nous confirmons la résiliation de votre abonnement ${f.product}. Il reste actif jusqu’au ${until} : vous répétez sans limite de temps jusque-là, et rien ne vous sera plus prélevé.`,
        '',
        'Vous avez changé d’avis ? Rétablissez-le avant cette date depuis cette page :',
        '',
        f.link,
        '',
        'L’équipe Tutti',
      ].join('\n'),
    };
  }
  return {
    subject: `Your ${f.product} subscription is cancelled`,
    text: [
      `Hello ${f.to},`,
      '',
      `We confirm that your ${f.product} subscription is cancelled. It stays active until ${until}: you rehearse without a time limit until then, and nothing more will be charged.`,
      '',
      'Changed your mind? Restore it before that date from this page:',
      '',
      f.link,
      '',
      'The Tutti team',
    ].join('\n'),
  };
}
