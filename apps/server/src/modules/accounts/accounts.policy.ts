import { LOCALES, type Locale } from '@tutti/contract/common';
import type { PrivilegeName } from '@tutti/contract/accounts';

const listed = (email: string, list: readonly string[]): boolean => {
  const normalized = email.trim().toLowerCase();
  const domain = normalized.slice(normalized.lastIndexOf('@'));
  return list.includes(normalized) || list.includes(domain);
};

/** The privileges ADMIN_EMAILS and TESTER_EMAILS grant, and the only source of them: an account holds one exactly
 *  while its address is listed, re-applied at each sign-in and at start
 *  (docs/decisions/0013-auth-limits-per-address-and-account.md). */
export const LISTED_PRIVILEGES: readonly PrivilegeName[] = ['CORE_ADMIN', 'TUTTI_MU'];

/** Which of LISTED_PRIVILEGES the lists give this address: CORE_ADMIN for the operators of ADMIN_EMAILS, TUTTI_MU
 *  (the test-rehearsal role) for the emails or @domains of TESTER_EMAILS. */
export function listedPrivileges(
  email: string,
  adminEmails: readonly string[],
  testerEmails: readonly string[] = [],
): PrivilegeName[] {
  const privileges: PrivilegeName[] = [];
  if (adminEmails.includes(email.trim().toLowerCase())) privileges.push('CORE_ADMIN');
  if (listed(email, testerEmails)) privileges.push('TUTTI_MU');
  return privileges;
}

/** Every account is a CORE_GUEST, plus what the lists give its address. */
export function privilegesForNewAccount(
  email: string,
  adminEmails: readonly string[],
  testerEmails: readonly string[] = [],
): PrivilegeName[] {
  return ['CORE_GUEST', ...listedPrivileges(email, adminEmails, testerEmails)];
}

/** A stored locale the contract does not know (hand-edited row) reads as English rather than failing. */
export const asLocale = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';

/** The browser's preferred supported language (Accept-Language, by quality), else English. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((l) => (LOCALES as readonly string[]).includes(l.base));
  return match ? (match.base as Locale) : 'en';
}
