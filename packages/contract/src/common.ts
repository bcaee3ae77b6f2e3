import { z } from 'zod';
import type { FieldErrorCode } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 7;
export const MIN_SOCIAL_AGE = 13;
export const LOCALES = ['en', 'fr'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** Field rules carry a FieldErrorCode as message: the server returns it, the web translates it. */
const code = (c: FieldErrorCode) => ({ message: c });

export const EmailSchema = z.email(code('invalid_email')).max(254, code('too_long'));
export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, code('password_too_short'))
  .max(200, code('too_long'));
export const UsernameSchema = z
  .string()
  .min(2, code('username_length'))
  .max(30, code('username_length'))
  .regex(/^[A-Za-z0-9]+$/, code('username_alphanumeric'));
/** Calendar date, YYYY-MM-DD, not in the future and not before 1900. */
export const BirthdateSchema = z
  .string(code('birthdate_required'))
  .min(1, code('birthdate_required'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, code('birthdate_invalid'))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === s &&
      d.getUTCFullYear() >= 1900 &&
      d.getTime() <= Date.now()
    );
  }, code('birthdate_invalid'));
export const UuidSchema = z.uuid();
export const IdParamsSchema = z.object({ id: UuidSchema });

/** Age in whole years on a given day, from a YYYY-MM-DD birthdate. */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const LocalizedNameSchema = z.object({ en: z.string(), fr: z.string() });

/** Paged lists: `p` (1-based) and `size`, as the spec's other paged calls; every list a client cannot bound
 *  itself (sessions, posts) is paged, so no answer grows with what other accounts create. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
/** Deeper pages are refused (400): nobody reads that far, and an OFFSET that large is a scan. */
export const PAGE_MAX = 10_000;
export const PageQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The one shape of a page: its items, which page and size they are, and how many there are in all (a page past
 *  the end is empty, with the same total). */
export const PageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    total: z.number().int().min(0),
  });
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}
/** True when pages after `page` hold more items. */
export const hasMorePages = (page: Pick<Page<unknown>, 'page' | 'size' | 'total'>): boolean =>
  page.page * page.size < page.total;
